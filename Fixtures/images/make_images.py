#!/usr/bin/env python3
"""Generates the test images the fixture scenes use (deterministic, no randomness).

Run from anywhere:  python3 Fixtures/images/make_images.py
Needs Pillow and numpy. Writes PNGs next to this script, the broken PNGs under
Fixtures/invalid/images/, and the over-deep nesting scene Fixtures/invalid/nesting-too-deep.json.

Images are drawn with numpy (not Pillow's drawing code) so the pixels do not
depend on the Pillow version; a few formats Pillow cannot write (16-bit RGBA,
Adam7-interlaced) go through the tiny PNG writer below.
"""
import json
import os
import struct
import zlib

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
INVALID = os.path.join(HERE, "..", "invalid")

# 3x5 digit font, rows top to bottom, '#' = ink.
DIGITS = {
    "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
    "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", "###", "..#", "###"],
    "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
    "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", ".#.", ".#.", ".#."],
    "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
}


def rgba(h, w, color=(0, 0, 0, 0)):
    a = np.zeros((h, w, 4), np.uint8)
    a[:] = color
    return a


def draw_text(img, text, x, y, scale, color):
    for i, ch in enumerate(text):
        for r, row in enumerate(DIGITS[ch]):
            for c, px in enumerate(row):
                if px == "#":
                    x0, y0 = x + (i * 4 + c) * scale, y + r * scale
                    img[y0:y0 + scale, x0:x0 + scale] = color


def coverage_disc(h, w, cx, cy, r, ss=4):
    """Antialiased disc coverage (0..1) by 4x4 supersampling at pixel centres."""
    o = (np.arange(ss) + 0.5) / ss
    ys = (np.arange(h)[:, None] + o[None, :]).reshape(-1)
    xs = (np.arange(w)[:, None] + o[None, :]).reshape(-1)
    inside = ((xs[None, :] - cx) ** 2 + (ys[:, None] - cy) ** 2) <= r * r
    return inside.reshape(h, ss, w, ss).mean(axis=(1, 3))


def rounded_rect_coverage(h, w, x0, y0, x1, y1, r, ss=4):
    o = (np.arange(ss) + 0.5) / ss
    ys = (np.arange(h)[:, None] + o[None, :]).reshape(-1)[:, None]
    xs = (np.arange(w)[:, None] + o[None, :]).reshape(-1)[None, :]
    cx = np.clip(xs, x0 + r, x1 - r)
    cy = np.clip(ys, y0 + r, y1 - r)
    inside = (xs >= x0) & (xs <= x1) & (ys >= y0) & (ys <= y1) & ((xs - cx) ** 2 + (ys - cy) ** 2 <= r * r)
    return inside.reshape(h, ss, w, ss).mean(axis=(1, 3))


def over(dst, color, cov):
    """Straight-alpha source-over of a flat colour with coverage onto an RGBA uint8 array."""
    c = np.array(color, np.float64)
    sa = (c[3] / 255.0) * cov[..., None]
    d = dst.astype(np.float64)
    da = d[..., 3:4] / 255.0
    oa = sa + da * (1 - sa)
    rgb = (c[:3] * sa + d[..., :3] * da * (1 - sa)) / np.maximum(oa, 1e-9)
    out = np.concatenate([rgb, oa * 255.0], axis=-1)
    dst[:] = np.clip(np.rint(out), 0, 255).astype(np.uint8)


def save(arr, name, mode="RGBA"):
    Image.fromarray(arr, mode).save(os.path.join(HERE, name), optimize=False)


# ---------- tiny PNG writer for what Pillow does not write ----------
def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(raw_rows, w, h, depth, ctype, interlace=0):
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
            + png_chunk(b"IDAT", zlib.compress(raw_rows, 9)) + png_chunk(b"IEND", b""))


def rows_filter0(arr_bytes_rows):
    return b"".join(b"\x00" + r for r in arr_bytes_rows)


def adam7(arr):
    """Adam7 pass data (filter 0) for an RGBA8 array."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    out = b""
    for x0, y0, dx, dy in passes:
        sub = arr[y0::dy, x0::dx]
        if sub.size:
            out += rows_filter0([row.tobytes() for row in sub])
    return out


# ---------- the images ----------
def checker_arrow():
    """64x48: grey checkerboard (8 px), sides red(top)/green(right)/blue(bottom)/yellow(left), black up-arrow."""
    h, w = 48, 64
    y, x = np.mgrid[0:h, 0:w]
    img = rgba(h, w, (255, 255, 255, 255))
    img[((x // 8 + y // 8) % 2) == 1] = (200, 200, 200, 255)
    b = 4
    img[:, :b] = (240, 200, 0, 255)
    img[:, w - b:] = (0, 170, 60, 255)
    img[h - b:, :] = (30, 80, 230, 255)
    img[:b, :] = (230, 30, 30, 255)
    # arrow: triangle head + shaft, pointing up
    head = (y >= 10) & (y < 24) & (np.abs(x + 0.5 - 32) <= (y - 10) + 1)
    shaft = (y >= 24) & (y < 40) & (x >= 29) & (x < 35)
    img[head | shaft] = (20, 20, 20, 255)
    save(img, "checker-arrow.png")


def sprites():
    """128x64 sheet, 4x2 cells of 32x32, numbered 1..8 in reading order, each a distinct colour."""
    cols = [(231, 76, 60), (230, 126, 34), (241, 196, 15), (46, 204, 113),
            (26, 188, 156), (52, 152, 219), (155, 89, 182), (52, 73, 94)]
    img = rgba(64, 128)
    for i, c in enumerate(cols):
        cx, cy = (i % 4) * 32, (i // 4) * 32
        img[cy:cy + 32, cx:cx + 32] = c + (255,)
        img[cy + 1:cy + 31, cx + 1:cx + 31] = tuple(int(v * 0.8) for v in c) + (255,)
        img[cy + 3:cy + 29, cx + 3:cx + 29] = c + (255,)
        draw_text(img, str(i + 1), cx + 10, cy + 6, 4, (255, 255, 255, 255))
    save(img, "sprites-4x2.png")


def nine_slice():
    """48x48 button: radius-12 rounded rect, 3 px dark-blue border, light-blue middle; centre 12..36 stretches."""
    img = rgba(48, 48)
    over(img, (20, 40, 120, 255), rounded_rect_coverage(48, 48, 0, 0, 48, 48, 12))
    over(img, (120, 180, 255, 255), rounded_rect_coverage(48, 48, 3, 3, 45, 45, 9))
    # a highlight stripe on the upper half of the middle shows vertical stretching
    img[12:18, 12:36] = (170, 210, 255, 255)
    save(img, "nine-slice-button.png")


def photo():
    """128x96 photo-like scene: sky gradient, sun, two hills, a lake; opaque RGB."""
    h, w = 96, 128
    y, x = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    t = y / h
    img = np.zeros((h, w, 3))
    img[:] = np.stack([40 + 180 * t, 90 + 120 * t, 200 + 40 * t], -1)
    sun = np.clip(12.5 - np.hypot(x - 96, y - 24), 0, 1)[..., None]
    img = img * (1 - sun) + np.array([255, 220, 90]) * sun
    hill1 = np.clip(y - (60 - 18 * np.exp(-((x - 36) / 26) ** 2)), 0, 1)[..., None]
    img = img * (1 - hill1) + np.stack([30 + 0 * x, 110 + 50 * (1 - t), 40 + 0 * x], -1) * hill1
    hill2 = np.clip(y - (68 - 14 * np.exp(-((x - 100) / 30) ** 2)), 0, 1)[..., None]
    img = img * (1 - hill2) + np.stack([60 + 0 * x, 140 + 40 * (1 - t), 50 + 0 * x], -1) * hill2
    lake = np.clip(y - 82, 0, 1)[..., None]
    img = img * (1 - lake) + np.stack([30 + 20 * np.sin(x / 3) ** 2, 90 + 0 * x, 170 + 0 * x], -1) * lake
    save(np.clip(np.rint(img), 0, 255).astype(np.uint8), "photo.png", "RGB")


def soft_circle():
    """64x64 RGBA: orange disc whose alpha falls off smoothly to 0 at radius 30."""
    y, x = np.mgrid[0:64, 0:64].astype(np.float64) + 0.5
    d = np.hypot(x - 32, y - 32) / 30
    a = np.clip(1 - d, 0, 1) ** 0.7
    img = rgba(64, 64, (255, 140, 0, 0))
    img[..., 3] = np.rint(a * 255).astype(np.uint8)
    save(img, "soft-circle.png")


def pixel4():
    """4x4 pixel art: distinct colours, one transparent texel, for nearest vs linear."""
    p = [[(255, 0, 0, 255), (255, 255, 255, 255), (255, 255, 255, 255), (0, 0, 255, 255)],
         [(255, 255, 255, 255), (0, 0, 0, 255), (0, 0, 0, 255), (255, 255, 255, 255)],
         [(255, 255, 255, 255), (0, 0, 0, 255), (255, 220, 0, 255), (255, 255, 255, 255)],
         [(0, 160, 0, 255), (255, 255, 255, 255), (255, 255, 255, 255), (0, 0, 0, 0)]]
    save(np.array(p, np.uint8), "pixel-4x4.png")


def palette():
    """32x32 palette PNG (colour type 3) with tRNS: 8 colours in diagonal stripes, index 0 transparent."""
    y, x = np.mgrid[0:32, 0:32]
    idx = ((x + y) // 4) % 8
    im = Image.fromarray(idx.astype(np.uint8), "P")
    pal = [0, 0, 0, 255, 0, 0, 255, 160, 0, 255, 255, 0, 0, 200, 0, 0, 160, 255, 80, 0, 200, 255, 0, 200]
    im.putpalette(pal)
    im.info["transparency"] = bytes([0] + [255] * 7)
    im.save(os.path.join(HERE, "palette.png"), transparency=bytes([0] + [255] * 7))


def sixteen_bit():
    """32x32 16-bit RGBA (colour type 6, depth 16): red ramp across, green ramp down, alpha 65535;
    and a 32x32 16-bit greyscale ramp (colour type 0)."""
    y, x = np.mgrid[0:32, 0:32]
    r = (x * 65535 // 31).astype(">u2")
    g = (y * 65535 // 31).astype(">u2")
    b = np.full((32, 32), 0x8000, ">u2")
    a = np.full((32, 32), 0xFFFF, ">u2")
    arr = np.stack([r, g, b, a], -1).astype(">u2")
    with open(os.path.join(HERE, "rgba16.png"), "wb") as f:
        f.write(png_bytes(rows_filter0([row.tobytes() for row in arr]), 32, 32, 16, 6))
    gray = ((x + y) * 65535 // 62).astype(">u2")  # big-endian, as PNG stores it
    with open(os.path.join(HERE, "gray16.png"), "wb") as f:
        f.write(png_bytes(rows_filter0([row.tobytes() for row in gray]), 32, 32, 16, 0))


def interlaced():
    """33x27 Adam7-interlaced RGBA8 (odd size so every pass is partial): quadrants of 4 colours."""
    h, w = 27, 33
    y, x = np.mgrid[0:h, 0:w]
    img = rgba(h, w, (255, 255, 255, 255))
    img[(x < 16) & (y < 13)] = (220, 40, 40, 255)
    img[(x >= 16) & (y < 13)] = (40, 160, 40, 255)
    img[(x < 16) & (y >= 13)] = (40, 60, 220, 255)
    img[(x >= 16) & (y >= 13)] = (240, 200, 20, 128)
    with open(os.path.join(HERE, "interlaced.png"), "wb") as f:
        f.write(png_bytes(adam7(img), w, h, 8, 6, interlace=1))


def gray_alpha():
    """32x32 grey+alpha (colour type 4): dark ring with transparent centre."""
    y, x = np.mgrid[0:32, 0:32].astype(np.float64) + 0.5
    d = np.hypot(x - 16, y - 16)
    a = np.clip(1 - np.abs(d - 11) / 4, 0, 1)
    g = np.full((32, 32), 60, np.uint8)
    save(np.stack([g, np.rint(a * 255).astype(np.uint8)], -1), "gray-alpha.png", "LA")


# ---------- invalid material ----------
def invalid():
    d = os.path.join(INVALID, "images")
    os.makedirs(d, exist_ok=True)
    good = open(os.path.join(HERE, "pixel-4x4.png"), "rb").read()
    # truncated: stops in the middle of IDAT
    open(os.path.join(d, "truncated.png"), "wb").write(good[: len(good) - 20])
    # corrupt: right signature and chunk layout, IDAT payload scrambled (CRC kept consistent)
    idat = zlib.compress(b"\x07" * 10)  # filter type 7 does not exist, and too few bytes
    ihdr = struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0)
    open(os.path.join(d, "corrupt.png"), "wb").write(
        b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat[:4] + b"\xde\xad\xbe\xef" + idat[8:])
        + png_chunk(b"IEND", b""))
    # not a PNG at all
    open(os.path.join(d, "not-a-png.png"), "wb").write(b"GIF89a this is not a PNG file\n")
    # declares 100000 x 100000 pixels: must be rejected by the size limit before decoding
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    open(os.path.join(d, "huge-dimensions.png"), "wb").write(
        b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + png_chunk(b"IEND", b""))
    # nesting: 70 levels of sublayers (limit is 64)
    leaf = {"frame": [1, 1, 2, 2], "backgroundColor": "#FF0000"}
    for _ in range(69):
        leaf = {"frame": [0, 0, 100, 100], "sublayers": [leaf]}
    scene = {"canvas": {"width": 100, "height": 100}, "sublayers": [leaf]}
    with open(os.path.join(INVALID, "nesting-too-deep.json"), "w") as f:
        json.dump(scene, f, separators=(",", ":"))
        f.write("\n")
    # 60 levels of key path: a fragment of whatever layer (61st..70th) the loader names
    path = "sublayers[0]" + ".sublayers[0]" * 59
    with open(os.path.join(INVALID, "nesting-too-deep.expected"), "w") as f:
        f.write(path + "\n")


if __name__ == "__main__":
    checker_arrow(); sprites(); nine_slice(); photo(); soft_circle(); pixel4()
    palette(); sixteen_bit(); interlaced(); gray_alpha(); invalid()
    for n in sorted(os.listdir(HERE)):
        if n.endswith(".png"):
            print(n, Image.open(os.path.join(HERE, n)).mode, Image.open(os.path.join(HERE, n)).size)
