#!/usr/bin/env bash
# Regenerates the JPEG 2000 fixtures from the project's own PNGs with
# OpenJPEG's command-line tools (Debian: libopenjp2-tools), plus the outside
# decodes the tests compare against (opj_decompress to PNG). Deterministic.
#
#   Fixtures/images/make_jpeg2000_images.sh
#
# Writes next to this script:
#   photo.jp2              photo.png (128×96 RGB), lossless (5/3), 4 resolution levels
#   photo-lossy.jp2        the same, lossy (9/7, ratio 20)
#   photo-lossy.opj.png    opj_decompress's decode of photo-lossy.jp2
#   photo-r1.opj.png       opj_decompress -r 1 of photo.jp2 (half resolution, 64×48)
#   photo-tiled.j2k        raw codestream, 32×32 tiles, lossless, 3 levels (region decodes)
#   photo-subsampled.j2k   every component sub-sampled 2×2 (reported as unsupported)
#   soft-circle.jp2        soft-circle.png (64×64 RGBA), lossless, alpha in a cdef box
#   gray-alpha.jp2         gray-alpha.png (32×32 grey + alpha), lossless
#   gray16.j2k             gray16.png (32×32, 16-bit grey), lossless raw codestream
# and under Fixtures/invalid/images/:
#   truncated.jp2          photo.jp2 cut at half its length
#   corrupt.j2k            photo-tiled.j2k with 64 bytes of tile 5's coded data overwritten
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
invalid="$here/../invalid/images"
cd "$here"
q() { "$@" >/dev/null; }
q opj_compress -i photo.png -o photo.jp2 -n 4
q opj_compress -i photo.png -o photo-lossy.jp2 -I -r 20 -n 4
q opj_decompress -i photo-lossy.jp2 -o photo-lossy.opj.png
q opj_decompress -i photo.jp2 -o photo-r1.opj.png -r 1
q opj_compress -i photo.png -o photo-tiled.j2k -t 32,32 -n 3
q opj_compress -i photo.png -o photo-subsampled.j2k -s 2,2
q opj_compress -i soft-circle.png -o soft-circle.jp2
q opj_compress -i gray-alpha.png -o gray-alpha.jp2
q opj_compress -i gray16.png -o gray16.j2k
python3 - "$invalid" <<'PY'
import sys
invalid = sys.argv[1]
data = open("photo.jp2", "rb").read()
open(f"{invalid}/truncated.jp2", "wb").write(data[: len(data) // 2])
tiled = bytearray(open("photo-tiled.j2k", "rb").read())
# Find tile 5's SOT (FF 90, Lsot 00 0A, Isot 00 05) and overwrite 64 bytes of its data.
at = tiled.find(bytes([0xFF, 0x90, 0x00, 0x0A, 0x00, 0x05]))
assert at > 0
start = at + 14 + 2  # SOT segment, then SOD (FF 93)
for i in range(64):
    tiled[start + i] = (tiled[start + i] * 37 + 101 + i) & 0xFF
open(f"{invalid}/corrupt.j2k", "wb").write(bytes(tiled))
PY
echo "wrote the JPEG 2000 fixtures in $here and $invalid"
