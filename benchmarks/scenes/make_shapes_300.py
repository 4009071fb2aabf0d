#!/usr/bin/env python3
"""Writes benchmarks/scenes/shapes-300.json and shapes-300-turning.json: 300 shape layers.

A 1280x720 canvas at scale 1, white, with 300 shape layers directly under the
root, deterministic (random.Random(300)): a third filled stars (polygons, some
crossing themselves, evenOdd or nonZero), a third filled blobs of cubic curves,
a third stroked curves (2-12 points wide, every cap and join, some dashed),
colours with alpha 0.5-1, turned 0-360 degrees. The scene measures what shape
layers cost: flattening, stroking, the sweep into trapezoids and the coverage.
In shapes-300-turning.json every layer also turns (transform.rotation.z, a full
turn in 4 s), so no frame can reuse the previous frame's geometry; time a
range of frames with `compositor render SCENE --frames N`. In
shapes-300-perspective.json every layer is also turned 20-59 degrees about y
under perspective 500 (the same layers otherwise).

  python3 benchmarks/scenes/make_shapes_300.py
"""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
W, H, N = 1280, 720, 300


def colour(rnd):
    return [round(rnd.random(), 3) for _ in range(3)] + [round(rnd.uniform(0.5, 1), 3)]


def star(rnd, s):
    n = rnd.choice([5, 6, 7, 9])
    step = rnd.choice([2, 3]) if n > 5 else 2
    pts = [(s / 2 + s / 2 * math.cos(2 * math.pi * i * step / n), s / 2 + s / 2 * math.sin(2 * math.pi * i * step / n))
           for i in range(n)]
    return "M " + " L ".join(f"{x:.2f} {y:.2f}" for x, y in pts) + " Z"


def blob(rnd, s):
    k = rnd.randint(3, 6)
    pts = []
    for i in range(k):
        a = 2 * math.pi * i / k
        r = s / 2 * rnd.uniform(0.5, 1)
        pts.append((s / 2 + r * math.cos(a), s / 2 + r * math.sin(a)))
    d = f"M {pts[0][0]:.2f} {pts[0][1]:.2f}"
    for i in range(k):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % k]
        c1 = (x0 + rnd.uniform(-s / 3, s / 3), y0 + rnd.uniform(-s / 3, s / 3))
        c2 = (x1 + rnd.uniform(-s / 3, s / 3), y1 + rnd.uniform(-s / 3, s / 3))
        d += f" C {c1[0]:.2f} {c1[1]:.2f} {c2[0]:.2f} {c2[1]:.2f} {x1:.2f} {y1:.2f}"
    return d + " Z"


def curve(rnd, s):
    p = [(rnd.uniform(0, s), rnd.uniform(0, s)) for _ in range(7)]
    return (f"M {p[0][0]:.2f} {p[0][1]:.2f} C {p[1][0]:.2f} {p[1][1]:.2f} {p[2][0]:.2f} {p[2][1]:.2f} "
            f"{p[3][0]:.2f} {p[3][1]:.2f} Q {p[4][0]:.2f} {p[4][1]:.2f} {p[5][0]:.2f} {p[5][1]:.2f} "
            f"L {p[6][0]:.2f} {p[6][1]:.2f}")


def main():
    rnd = random.Random(300)
    still, turning, perspective = [], [], []
    for i in range(N):
        s = rnd.randint(40, 160)
        x, y = rnd.uniform(0, W - s), rnd.uniform(0, H - s)
        layer = {"name": f"shape{i}", "type": "shape", "frame": [round(x, 2), round(y, 2), s, s],
                 "transform": [{"rotate": round(rnd.uniform(0, 360), 1)}]}
        kind = i % 3
        if kind == 0:
            layer.update(path=star(rnd, s), fillColor=colour(rnd), fillRule=rnd.choice(["nonZero", "evenOdd"]))
        elif kind == 1:
            layer.update(path=blob(rnd, s), fillColor=colour(rnd))
        else:
            layer.update(path=curve(rnd, s), fillColor=None, strokeColor=colour(rnd),
                         lineWidth=round(rnd.uniform(2, 12), 1), lineCap=rnd.choice(["butt", "round", "square"]),
                         lineJoin=rnd.choice(["miter", "round", "bevel"]))
            if rnd.random() < 0.25:
                layer["lineDashPattern"] = [rnd.randint(4, 20), rnd.randint(3, 10)]
        still.append(layer)
        moving = dict(layer)
        moving["animations"] = [{"keyPath": "transform.rotation.z", "from": 0, "to": 360, "duration": 4,
                                 "repeatCount": "infinity", "timingFunction": "linear"}]
        turning.append(moving)
        turned = dict(layer)
        turned["transform"] = [{"perspective": 500}, {"rotate": [20 + (i * 37) % 40, 0, 1, 0]}] + layer["transform"]
        perspective.append(turned)
    for name, layers in (("shapes-300.json", still), ("shapes-300-turning.json", turning),
                         ("shapes-300-perspective.json", perspective)):
        scene = {"canvas": {"width": W, "height": H, "scale": 1, "backgroundColor": "#FFFFFF"}, "sublayers": layers}
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(scene, f, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    main()
