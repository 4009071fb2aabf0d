#!/usr/bin/env python3
"""Writes the small PNGs the reftest scenes use (deterministic, standard library only).

Run:  python3 Fixtures/reftests/images/make_images.py
Each image is made of blocks of flat colour, so a reference scene can draw
the same picture with plain background colours (see ../README.md).
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

RED, GREEN, BLUE, YELLOW = (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 0, 255)
# The nine blocks of nine-12x12.png, row by row (the contentsCenter tests name them).
NINE = [(230, 57, 70, 255), (244, 162, 97, 255), (233, 196, 106, 255),
        (42, 157, 143, 255), (38, 70, 83, 255), (131, 56, 236, 255),
        (58, 134, 255, 255), (255, 0, 110, 255), (29, 53, 87, 255)]


def write_png(name, w, h, pixel, extra_chunks=()):
    """8-bit RGBA PNG, no filtering; pixel(x, y) -> (r, g, b, a); extra_chunks: (tag, data) after IHDR."""
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            row += bytes(pixel(x, y))
        rows.append(bytes(row))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
           + b"".join(chunk(t, d) for t, d in extra_chunks)
           + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


def main():
    # Four 4x4 quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right.
    write_png("quadrants-8x8.png", 8, 8,
              lambda x, y: [[RED, GREEN], [BLUE, YELLOW]][y // 4][x // 4])
    # Nine 4x4 blocks (a nine-slice source with contentsCenter [1/3, 1/3, 1/3, 1/3]).
    write_png("nine-12x12.png", 12, 12, lambda x, y: NINE[(y // 4) * 3 + x // 4])
    # A 1-px black frame around opaque white: what a rasterized 1-pt border looks like at scale 1.
    write_png("border-20x20.png", 20, 20,
              lambda x, y: (0, 0, 0, 255) if x in (0, 19) or y in (0, 19) else (255, 255, 255, 255))
    # Flat red, to compare contents with a background colour.
    write_png("red-4x4.png", 4, 4, lambda x, y: RED)
    # Mid grey tagged with gAMA 1.0 (linear): a colour-managed decoder would lighten it.
    write_png("grey-gamma-1.png", 4, 4, lambda x, y: (128, 128, 128, 255),
              extra_chunks=[(b"gAMA", struct.pack(">I", 100000))])
    # Red at straight alpha 128: contents and masks with partial alpha.
    write_png("red-alpha-128-4x4.png", 4, 4, lambda x, y: (255, 0, 0, 128))
    # White where x % 3 == 1 and y % 3 == 1, black elsewhere: shrunk 3x without mipmaps, every
    # pixel centre lands on a white texel's centre; any mipmap or box filter would average in black.
    write_png("comb-12x12.png", 12, 12,
              lambda x, y: (255, 255, 255, 255) if x % 3 == 1 and y % 3 == 1 else (0, 0, 0, 255))
    # A smooth ramp, for filtering tests where neighbouring texels differ.
    write_png("ramp-8x8.png", 8, 8, lambda x, y: (x * 32, y * 32, 160, 255))


if __name__ == "__main__":
    main()
