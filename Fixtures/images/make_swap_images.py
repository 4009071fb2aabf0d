#!/usr/bin/env python3
"""Generates the resolution-swapping test images (deterministic).

Run from anywhere:  python3 Fixtures/images/make_swap_images.py
Needs Pillow and numpy. Writes next to this script:
- swap-detail-64x48.png: an opaque 64x48 image full of fine detail (a
  one-pixel checker over colour ramps and stripes), so a reduced copy looks
  clearly different from the full image.
- swap-detail-64x48.pil-quarter.png: the same image reduced to 16x12 by
  Pillow's Image.reduce(4) (the mean of each 4x4 block), the independent
  expectation of ResolutionSwap scale 0.25 (compositor's box filter).
"""
import os

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))

w, h = 64, 48
y, x = np.mgrid[0:h, 0:w]
img = np.zeros((h, w, 4), np.uint8)
checker = ((x + y) % 2) * 90
img[..., 0] = np.clip(40 + x * 3 + checker, 0, 255)
img[..., 1] = np.clip(30 + y * 4 + ((x // 3) % 2) * 100, 0, 255)
img[..., 2] = np.clip(200 - x * 2 - y + ((y // 2) % 2) * 50, 0, 255)
img[..., 3] = 255
full = Image.fromarray(img, "RGBA")
full.save(os.path.join(HERE, "swap-detail-64x48.png"))
full.reduce(4).save(os.path.join(HERE, "swap-detail-64x48.pil-quarter.png"))
