#!/usr/bin/env python3
"""Writes the PVRTC benchmark images into benchmarks/pvrtc/images/ (gitignored).

scikit-image's sample photos `astronaut` and `coffee`, centre-cropped to a
square and resized with Lanczos (Pillow) to each size, saved twice:
  NAME_SIZE.png   for the CLI and for people,
  NAME_SIZE.rgba  raw: width u32 LE, height u32 LE, then RGBA8 rows (alpha 255),
                  which the Swift benchmark reads without a PNG decoder.
Needs: pip install scikit-image pillow
Usage: python3 benchmarks/pvrtc/make_images.py [SIZE ...]   (default 256 512 1024 2048)
"""
import os
import struct
import sys

from PIL import Image
from skimage import data

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "images")


def centre_square(img):
    w, h = img.size
    side = min(w, h)
    left, top = (w - side) // 2, (h - side) // 2
    return img.crop((left, top, left + side, top + side))


def main():
    sizes = [int(s) for s in sys.argv[1:]] or [256, 512, 1024, 2048]
    os.makedirs(OUT, exist_ok=True)
    for name in ("astronaut", "coffee"):
        photo = centre_square(Image.fromarray(getattr(data, name)()).convert("RGB"))
        for size in sizes:
            img = photo.resize((size, size), Image.LANCZOS).convert("RGBA")
            base = os.path.join(OUT, f"{name}_{size}")
            img.save(base + ".png")
            with open(base + ".rgba", "wb") as f:
                f.write(struct.pack("<II", size, size))
                f.write(img.tobytes())
            print(base + ".{png,rgba}")


if __name__ == "__main__":
    main()
