#!/usr/bin/env python3
"""Generates the JPEG and hybrid-image fixtures (deterministic, no randomness).

Run from anywhere:  python3 Fixtures/images/make_jpeg_images.py
Needs Pillow (with libjpeg-turbo, as in the PyPI wheels) and numpy.

Writes next to this script:
  photo.jpg              96x64 photo-like colour image, baseline, 4:2:0, quality 90
  photo-progressive.jpg  the same pixels, progressive
  photo-gray.jpg         its luminance, grayscale (1 component) baseline JPEG
  photo-cmyk.jpg         the same as CMYK (Adobe), which the compositor reports as unsupported
  photo-restart.jpg      baseline with restart markers every 2 MCU rows (when Pillow supports it)
  photo-mask.png         96x64 8-bit gray mask: a soft diamond, value = mask_value(x, y) below
  checker-28x11.png      28x11 two-grey checker, one pixel per square: the hybrid scene's
                         background, drawn 224x88 points with nearest filtering (8-point squares)
  *.pillow.png           Pillow's decode of each JPEG, saved losslessly, so JPEGTests
                         can measure the compositor's decode against Pillow's
and under Fixtures/invalid/images/:
  truncated.jpg          photo.jpg cut at half its length
  photo-mask-48x32.png   a mask of the wrong size for photo.jpg
"""
import os

import numpy as np
from PIL import Image, features

HERE = os.path.dirname(os.path.abspath(__file__))
INVALID = os.path.join(HERE, "..", "invalid", "images")
W, H = 96, 64


def mask_value(x, y):
    """The mask PNG's gray value; JPEGTests/HybridImageTests repeat this formula."""
    return max(0, min(255, 400 - 6 * abs(x - 48) - 8 * abs(y - 32)))


def photo():
    """A smooth sky-to-ground gradient with a sun, hills and a little texture:
    photo-like enough for JPEG to matter, integer maths so it never changes."""
    y, x = np.mgrid[0:H, 0:W].astype(np.int64)
    r = 60 + (x * 80) // W + (y * 60) // H
    g = 110 + (y * 90) // H - (x * 30) // W
    b = 230 - (y * 150) // H
    sun = (x - 70) ** 2 + (y - 16) ** 2 < 110
    r = np.where(sun, 255, r); g = np.where(sun, 220, g); b = np.where(sun, 90, b)
    hill = y > 44 + ((x - 30) ** 2) // 120
    texture = ((x * 7 + y * 13) % 11) * 3
    r = np.where(hill, 50 + texture, r); g = np.where(hill, 120 + texture, g); b = np.where(hill, 40, b)
    rgb = np.stack([r, g, b], axis=-1).clip(0, 255).astype(np.uint8)
    return Image.fromarray(rgb, "RGB")


def save_with_reference(img, name, **options):
    path = os.path.join(HERE, name)
    img.save(path, "JPEG", **options)
    with Image.open(path) as decoded:
        decoded.convert("RGB").save(os.path.join(HERE, name[:-4] + ".pillow.png"), optimize=True)
    return path


def main():
    print("Pillow libjpeg-turbo:", features.version("libjpeg_turbo"))
    img = photo()
    common = dict(quality=90, subsampling=2)  # 2 = 4:2:0
    photo_path = save_with_reference(img, "photo.jpg", **common)
    save_with_reference(img, "photo-progressive.jpg", progressive=True, **common)
    save_with_reference(img.convert("L"), "photo-gray.jpg", quality=90)
    img.convert("CMYK").save(os.path.join(HERE, "photo-cmyk.jpg"), "JPEG", quality=90)
    try:
        save_with_reference(img, "photo-restart.jpg", restart_marker_rows=2, **common)
    except TypeError:
        print("this Pillow cannot write restart markers; photo-restart.jpg not written")

    mask = np.array([[mask_value(x, y) for x in range(W)] for y in range(H)], dtype=np.uint8)
    Image.fromarray(mask, "L").save(os.path.join(HERE, "photo-mask.png"), optimize=True)

    checker = np.array([[204 if (x + y) % 2 else 153 for x in range(28)] for y in range(11)], dtype=np.uint8)
    Image.fromarray(checker, "L").save(os.path.join(HERE, "checker-28x11.png"))

    os.makedirs(INVALID, exist_ok=True)
    data = open(photo_path, "rb").read()
    open(os.path.join(INVALID, "truncated.jpg"), "wb").write(data[: len(data) // 2])
    Image.fromarray(mask[::2, ::2].copy(), "L").save(os.path.join(INVALID, "photo-mask-48x32.png"))


if __name__ == "__main__":
    main()
