#!/usr/bin/env python3
"""Writes benchmarks/scenes/images-300.json: only image layers, to price the
GLES atlas (Sources/GLES/TextureAtlas.swift) per textured fragment.

A 1280x720 white canvas with 300 leaf image layers drawing the three 64x64
PNGs of layers-1000 (benchmarks/scenes/images/, made by make_1000_layers.py),
contentsGravity resize, 40-160 points a side, origins on integer or
half-integer points, one in two with an opacity in 0.30-0.95; deterministic
(random.Random(300)).  Run:  python3 benchmarks/scenes/make_images_300.py
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
IMAGES = ["images/gradient.png", "images/rings.png", "images/tiles.png"]


def main():
    rnd = random.Random(300)
    layers = []
    for i in range(300):
        w, h = rnd.randint(40, 160), rnd.randint(40, 160)
        x = rnd.randint(0, 2 * (1280 - w)) / 2
        y = rnd.randint(0, 2 * (720 - h)) / 2
        layer = {"name": f"image {i}", "frame": [x, y, w, h], "contents": rnd.choice(IMAGES),
                 "contentsGravity": "resize"}
        if rnd.random() < 0.5:
            layer["opacity"] = round(rnd.uniform(0.30, 0.95), 2)
        layers.append(layer)
    scene = {"canvas": {"width": 1280, "height": 720, "scale": 1, "backgroundColor": "#FFFFFF"},
             "sublayers": layers}
    with open(os.path.join(HERE, "images-300.json"), "w") as f:
        f.write('{"canvas": ' + json.dumps(scene["canvas"]) + ',\n "sublayers": [\n')
        f.write(",\n".join("  " + json.dumps(l) for l in layers))
        f.write("\n ]}\n")


if __name__ == "__main__":
    main()
