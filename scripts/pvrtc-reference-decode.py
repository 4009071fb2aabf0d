#!/usr/bin/env python3
"""Decodes raw PVRTC1 data with texture2ddecoder, the independent decoder the
PVRTC tests compare ours with (Tests/PVRTCTests/IndependentDecoderTests.swift).

For every NAME_W_H_BPP.pvrtc file in FOLDER (raw 64-bit words in Morton order,
BPP 4 or 2) it writes NAME_W_H_BPP.reference.rgba: W*H*4 bytes, rows top to
bottom, channels R, G, B, A. texture2ddecoder (a wrapper of Perfare's
Texture2DDecoder, whose PVRTC code follows the PowerVR reference decompressor)
returns rows top to bottom in B, G, R, A order; this script swaps B and R and
changes nothing else.

Exit status: 0 done, 3 texture2ddecoder is not installed (message on stderr),
1 anything else.
Usage: python3 scripts/pvrtc-reference-decode.py FOLDER
"""
import os
import sys

try:
    import texture2ddecoder
except ImportError as e:
    print(f"texture2ddecoder is not importable ({e}); install it with: python3 -m pip install texture2ddecoder",
          file=sys.stderr)
    sys.exit(3)


def main():
    folder = sys.argv[1]
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".pvrtc"):
            continue
        stem = name[:-len(".pvrtc")]
        w, h, bpp = (int(p) for p in stem.split("_")[-3:])
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        bgra = texture2ddecoder.decode_pvrtc(data, w, h, bpp == 2)
        if len(bgra) != w * h * 4:
            raise SystemExit(f"{name}: texture2ddecoder returned {len(bgra)} bytes, expected {w * h * 4}")
        rgba = bytearray(bgra)
        rgba[0::4] = bgra[2::4]
        rgba[2::4] = bgra[0::4]
        with open(os.path.join(folder, stem + ".reference.rgba"), "wb") as f:
            f.write(rgba)


if __name__ == "__main__":
    main()
