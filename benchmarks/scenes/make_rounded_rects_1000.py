#!/usr/bin/env python3
"""Writes benchmarks/scenes/rounded-rects-1000.json: 1000 antialiased rounded rects with alpha.

A 1280x720 canvas at scale 1, white, with 1000 leaf layers directly under the
root, deterministic (random.Random(1001)): each a backgroundColor with alpha
0.3-0.9 (straight), cornerRadius 4-24 (clamped to half the shorter side here),
sizes 24-160 points per side, frame origins on integer or half-integer points.
No images, borders or layer opacity: the scene measures antialiased rounded-rect
coverage and blending. Issue 14's peer benchmark (benchmarks/peers/) draws it
through the compositor, Skia (GPU and CPU) and cairo.

  python3 benchmarks/scenes/make_rounded_rects_1000.py
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, N = 1280, 720, 1000


def main():
    rnd = random.Random(1001)
    layers = []
    for i in range(N):
        w, h = rnd.randint(24, 160), rnd.randint(24, 160)
        x = rnd.randint(0, 2 * (W - w)) / 2
        y = rnd.randint(0, 2 * (H - h)) / 2
        r = min(rnd.randint(4, 24), w / 2, h / 2)
        rgb = [round(rnd.random(), 3) for _ in range(3)]
        a = round(rnd.uniform(0.3, 0.9), 3)
        layers.append({"name": f"rr{i}", "frame": [x, y, w, h], "cornerRadius": r,
                       "backgroundColor": rgb + [a]})
    scene = {"canvas": {"width": W, "height": H, "scale": 1, "backgroundColor": "#FFFFFF"},
             "sublayers": layers}
    with open(os.path.join(HERE, "rounded-rects-1000.json"), "w") as f:
        json.dump(scene, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
