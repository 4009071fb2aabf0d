#!/usr/bin/env python3
"""Writes a huge generated test picture as a PNG, one row at a time (so a
32768 x 32768 image needs a few MB of memory, not 3 GB), for measuring
`compositor tiles make` and tiled layers (docs/benchmarks.md). Deterministic:
gradients across the image, a 256-pixel checker (one Deep Zoom tile each at
254 + 1), and a grid line every 1024 pixels.

    scripts/make-huge-image.py OUT.png [WIDTH [HEIGHT]]      (default 32768 x 32768)

Needs numpy. zlib level 1: fast, the file is a few hundred MB at 32768^2.
"""
import struct
import sys
import zlib

import numpy as np


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def main():
    out = sys.argv[1]
    w = int(sys.argv[2]) if len(sys.argv) > 2 else 32768
    h = int(sys.argv[3]) if len(sys.argv) > 3 else w
    x = np.arange(w)
    red = (x * 255 // max(1, w - 1)).astype(np.uint8)
    line_x = (x % 1024) < 8
    with open(out + ".part", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)))
        z = zlib.compressobj(1)
        pending = b""
        for y in range(h):
            row = np.empty((w, 3), dtype=np.uint8)
            row[:, 0] = red
            row[:, 1] = y * 255 // max(1, h - 1)
            checker = ((x // 256 + y // 256) % 2) * 120 + 40
            row[:, 2] = np.where(line_x | (y % 1024 < 8), 255, checker)
            pending += z.compress(b"\x00" + row.tobytes())
            if len(pending) > 1 << 20:
                f.write(chunk(b"IDAT", pending))
                pending = b""
            if y % 4096 == 0:
                print(f"row {y} / {h}", file=sys.stderr)
        pending += z.flush()
        f.write(chunk(b"IDAT", pending))
        f.write(chunk(b"IEND", b""))
    import os
    os.replace(out + ".part", out)


if __name__ == "__main__":
    main()
