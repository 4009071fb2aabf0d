#!/usr/bin/env python3
"""Writes benchmarks/scenes/layers-1000.json and the PNGs it uses (benchmarks/scenes/images/).

The scene: a 1280x720 canvas at scale 1, white, with 1000 leaf layers directly
under the root (no nesting, so no group-opacity offscreen passes), deterministic
(random.Random(1000)). The mix, shuffled:
  40% solid rects      backgroundColor only
  25% rounded rects    backgroundColor, cornerRadius 4-16 (clamped to half the shorter side here)
  20% bordered         backgroundColor + borderWidth 1-4 + borderColor, one in three also rounded
  15% image layers     contents = one of 3 PNGs, contentsGravity resize
Sizes 20-120 points per side; frame origins on integer or half-integer points;
one layer in three has an opacity in 0.30-0.95 (leaf layers, so it multiplies
into background, contents and border separately).

With --moving every layer also drifts sideways (a position.x animation of
10-40 points over 2-4 s, autoreversing, repeating; its own random stream, so
the layers are those of layers-1000.json): at any two times a frame apart
every layer stands elsewhere, the case where nothing of one frame's work can
be kept for the next (`bench scene --time-step`). Written to
layers-1000-moving.json.

benchmarks/cairo_reference.py reads the same JSON, so both renderers draw the same content.
Needs Pillow and numpy.  Run:  python3 benchmarks/scenes/make_1000_layers.py
"""
import json
import os
import random

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, N = 1280, 720, 1000
MIX = [("solid", 400), ("rounded", 250), ("bordered", 200), ("image", 150)]
IMAGES = ["images/gradient.png", "images/rings.png", "images/tiles.png"]


def make_images():
    os.makedirs(os.path.join(HERE, "images"), exist_ok=True)
    y, x = np.mgrid[0:64, 0:64].astype(np.float64) + 0.5
    grad = np.stack([255 * x / 64, 80 + 100 * y / 64, 255 - 200 * x / 64, np.full_like(x, 255)], -1)
    r = np.hypot(x - 32, y - 32)
    rings = np.stack([128 + 127 * np.sin(r / 2.5), 60 + 0 * r, 128 - 127 * np.sin(r / 2.5),
                      255 * np.clip(31 - r, 0, 1)], -1)  # transparent outside the disc
    tiles = np.where((((x // 16) + (y // 16)) % 2)[..., None] == 1,
                     [30, 120, 200, 255], [250, 200, 40, 255]).astype(np.float64)
    for name, a in zip(IMAGES, [grad, rings, tiles]):
        Image.fromarray(np.clip(np.rint(a), 0, 255).astype(np.uint8), "RGBA").save(os.path.join(HERE, name))


def color(rng):
    return "#%02X%02X%02X" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))


def add_drift(layers, seed=1001):
    rng = random.Random(seed)
    for L in layers:
        x, _, w, _ = L["frame"]
        cx = x + w / 2
        L["animations"] = [{"keyPath": "position.x", "from": cx, "to": cx + rng.choice([-1, 1]) * rng.randint(10, 40),
                            "duration": rng.choice([2, 3, 4]), "autoreverses": True, "repeatCount": "infinity",
                            "timingFunction": "linear"}]


def make_scene(count=N):
    rng = random.Random(1000)
    kinds = [k for k, n in MIX for _ in range(n * count // N)]
    rng.shuffle(kinds)
    layers = []
    for i, kind in enumerate(kinds):
        w, h = rng.randint(20, 120), rng.randint(20, 120)
        x = rng.randrange(0, 2 * (W - w)) / 2  # integer or half-integer
        y = rng.randrange(0, 2 * (H - h)) / 2
        L = {"name": f"{kind} {i}", "frame": [x, y, w, h]}
        if kind == "image":
            L["contents"] = rng.choice(IMAGES)
            L["contentsGravity"] = "resize"
        else:
            L["backgroundColor"] = color(rng)
        if kind == "rounded" or (kind == "bordered" and rng.random() < 1 / 3):
            L["cornerRadius"] = min(rng.randint(4, 16), min(w, h) / 2)
        if kind == "bordered":
            L["borderWidth"] = rng.randint(1, 4)
            L["borderColor"] = color(rng)
        if rng.random() < 1 / 3:
            L["opacity"] = round(rng.uniform(0.30, 0.95), 2)
        layers.append(L)
    return {"canvas": {"width": W, "height": H, "scale": 1, "backgroundColor": "#FFFFFF"}, "sublayers": layers}


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=N, help="layers (the mix scaled; default 1000)")
    ap.add_argument("--out", help="scene path (default: layers-1000.json here); images stay in images/ here")
    ap.add_argument("--moving", action="store_true", help="every layer drifts sideways (default out: layers-1000-moving.json)")
    args = ap.parse_args()
    make_images()
    scene = make_scene(args.count)
    if args.moving:
        add_drift(scene["sublayers"])
    default = "layers-1000-moving.json" if args.moving else "layers-1000.json"
    if args.out:
        rel = os.path.relpath(HERE, os.path.dirname(os.path.abspath(args.out)))
        for L in scene["sublayers"]:
            if "contents" in L:
                L["contents"] = os.path.join(rel, L["contents"])
    with open(args.out or os.path.join(HERE, default), "w") as f:
        f.write('{"canvas": %s,\n "sublayers": [\n' % json.dumps(scene["canvas"]))
        f.write(",\n".join("  " + json.dumps(L) for L in scene["sublayers"]))
        f.write("\n]}\n")
    counts = {k: sum(1 for L in scene["sublayers"] if L["name"].startswith(k)) for k, _ in MIX}
    print("wrote", args.out or default, counts,
          "with opacity:", sum(1 for L in scene["sublayers"] if "opacity" in L))
