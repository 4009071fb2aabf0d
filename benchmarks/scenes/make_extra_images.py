#!/usr/bin/env python3
"""Writes the images scripts/outside_extras.py uses besides make_1000_layers.py's into
benchmarks/scenes/images/, 64 × 64 pixels like those:

  texels.png       every texel its own colour, far from its neighbours' (a hash of its position),
                   so nearest and linear sampling differ wherever a texel covers more than a pixel
  rings-256.png    256 × 256 concentric rings 6 pixels apart in two colours: the pyramid levels of
                   a tiled layer differ from each other (each 2 × 2 mean weakens the rings)

and the alpha masks for hybrid images (contentsAlphaMask), one per way the format reads a mask
(docs/scene-format.md, "Hybrid images"):

  mask-alpha.png   RGBA with translucent pixels: the mask is its alpha channel (its colours are
                   noise the reading must ignore); a soft disc with a hole and a hard-edged bar
  mask-grey.png    8-bit grey, no alpha: the mask is the grey value (a ramp with hard stripes)
  mask-rgb.png     RGB, no alpha: the mask is round(0.299 R + 0.587 G + 0.114 B) (coloured bands)
  mask-opaque.png  RGBA, every pixel opaque: luminance again, not the (all-255) alpha

Deterministic; needs Pillow and numpy.  Run:  python3 benchmarks/scenes/make_extra_images.py
"""
import os

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    y, x = np.mgrid[0:64, 0:64].astype(np.float64) + 0.5
    r = np.hypot(x - 30, y - 34)
    alpha = np.clip(255 * (28 - r) / 12, 0, 255) * (r > 7)
    alpha = np.where((x > 44) & (x < 52) & (y > 4), 200, alpha)
    noise = (np.stack([x * 3, y * 4, x + y], -1) % 256)
    i, j = (x - 0.5).astype(np.int64), (y - 0.5).astype(np.int64)
    h = (i * 73856093) ^ (j * 19349663)
    texels = np.stack([(h >> 3) % 2 * 200 + 30, (h >> 5) % 2 * 180 + 40, (h >> 7) % 2 * 220 + 20,
                       np.full_like(x, 255)], -1)
    images = {
        "texels.png": texels,
        "mask-alpha.png": np.concatenate([noise, alpha[..., None]], -1),
        "mask-grey.png": np.where((x // 8) % 3 == 1, 255 - 4 * y, 4 * y),
        "mask-rgb.png": np.stack([np.where(y < 24, 255, 40), np.where((x // 16) % 2 == 1, 230, 20),
                                  np.clip(4 * x, 0, 255)], -1),
        "mask-opaque.png": np.stack([np.clip(4 * y, 0, 255), 255 - np.clip(4 * x, 0, 255),
                                     np.where(r < 20, 255, 0), np.full_like(x, 255)], -1),
    }
    y2, x2 = np.mgrid[0:256, 0:256].astype(np.float64) + 0.5
    d = np.hypot(x2 - 120, y2 - 136)
    wave = 0.5 + 0.5 * np.sin(2 * np.pi * d / 6)
    images["rings-256.png"] = np.stack([40 + 200 * wave, 60 + 120 * (1 - wave), 200 - 150 * wave,
                                        np.full_like(d, 255)], -1)
    for name, a in images.items():
        a = np.clip(np.round(a), 0, 255).astype(np.uint8)
        mode = {2: "L", 3: "RGB", 4: "RGBA"}[a.ndim if a.ndim == 2 else a.shape[-1]]
        Image.fromarray(a, mode).save(os.path.join(HERE, "images", name))


if __name__ == "__main__":
    main()
