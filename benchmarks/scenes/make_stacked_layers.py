#!/usr/bin/env python3
"""Writes benchmarks/scenes/stacked-21.json: 21 opaque 1200x680 layers, each offset by (2, 1) points from the one below.

The scene of issue 14's occlusion measurement (docs/benchmarks.md, "Hidden
fragments cut before the rasterizer"): nearly every fragment of the lower
layers is hidden by the layers above, but no layer is hidden whole, so the
plan culls none of them. A 1280x720 canvas at scale 1, white; colours from
random.Random(21). Run:  python3 benchmarks/scenes/make_stacked_layers.py [--count N]
"""
import argparse
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--count", type=int, default=21, help="layers (default 21)")
ap.add_argument("--out", default=os.path.join(HERE, "stacked-21.json"))
args = ap.parse_args()
rng = random.Random(21)
layers = [{"name": f"layer {i}", "frame": [2 * i, i, 1200, 680],
           "backgroundColor": "#%02X%02X%02X" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))}
          for i in range(args.count)]
with open(args.out, "w") as f:
    json.dump({"canvas": {"width": 1280, "height": 720, "scale": 1, "backgroundColor": "#FFFFFF"},
               "sublayers": layers}, f, indent=1)
    f.write("\n")
