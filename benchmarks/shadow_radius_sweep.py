#!/usr/bin/env python3
"""Cost of a 400x400 card's shadow against its shadowRadius, per backend.

Writes one scene per radius (a 400-point white card on a 720x720 canvas,
shadowOpacity 0.6, offset 0,8) plus the same card without a shadow, and times
each with `compositor bench scene --json` in interleaved rounds (every binary,
backend and radius once per round, in that order), so slow drift of the shared
machine hits all of them alike. The shadow's cost is the frame time minus the
no-shadow frame of the same round. Prints per-round figures, then medians with
min-max, and each radius's cost as a multiple of radius 1's. --card plain: the
card alone (an opaque rect layer: its shadow is drawn from a cached mask, no
pass); --card layered: the card with one sublayer (offscreen body, blur passes);
--card rounded: the card alone with cornerRadius 24 (its shadow is evaluated per
pixel, or drawn from a cached mask under COMPOSITOR_ROUNDED_SHADOW=mask: give a
wrapper script that sets it as a second --compositor to compare the two).

  python3 benchmarks/shadow_radius_sweep.py                  # .build/release/compositor
  python3 benchmarks/shadow_radius_sweep.py --compositor before=/tmp/old/compositor \
      --compositor after=.build/release/compositor --rounds 5 --frames 5
"""
import argparse, json, os, statistics, subprocess, sys, tempfile

def scene(radius, layered, corner=0):
    card = {"name": "card", "frame": [160, 140, 400, 400], "backgroundColor": "#FFFFFF", "cornerRadius": corner}
    if layered:
        # A sublayer makes the shadow come from the composited body: offscreen body + blur passes.
        card["sublayers"] = [{"frame": [40, 40, 120, 60], "backgroundColor": "#3A86FF"}]
    if radius is not None:
        card.update({"shadowOpacity": 0.6, "shadowOffset": [0, 8], "shadowRadius": radius})
    return {"canvas": {"width": 720, "height": 720, "backgroundColor": "#DDE3EA"}, "sublayers": [card]}

def bench(binary, path, backend, frames, warmup):
    out = subprocess.run([binary, "bench", "scene", path, "--backend", backend, "--frames", str(frames),
                          "--warmup", str(warmup), "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["frameMs"]

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--compositor", action="append", default=[],
                    help="NAME=PATH of a compositor binary (repeatable); default this=.build/release/compositor")
    ap.add_argument("--radii", default="1,4,8,16,30", help="comma-separated shadowRadius values")
    ap.add_argument("--backends", default="gpu,cpu")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--frames", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--card", choices=["plain", "layered", "rounded"], default="layered")
    a = ap.parse_args()
    if a.frames < 1 or a.warmup < 0 or a.rounds < 1:
        ap.error("--frames and --rounds must be at least 1, --warmup at least 0")
    binaries = [c.split("=", 1) for c in a.compositor] or [["this", ".build/release/compositor"]]
    for name, path in binaries:
        if not os.access(path, os.X_OK):
            sys.exit(f"shadow_radius_sweep: compositor '{name}' not found at {path} "
                     "(build it: swift build -c release --product compositor)")
    radii = [float(r) for r in a.radii.split(",")]
    tmp = tempfile.mkdtemp(prefix="shadow-sweep-")
    paths = {}
    for r in [None] + radii:
        p = os.path.join(tmp, f"card-{'none' if r is None else r}.json")
        with open(p, "w") as f:
            json.dump(scene(r, a.card == "layered", 24 if a.card == "rounded" else 0), f)
        paths[r] = p
    keys = [(n, b, r) for n, _ in binaries for b in a.backends.split(",") for r in [None] + radii]
    times = {k: [] for k in keys}
    for rnd in range(a.rounds):
        for (n, path) in binaries:
            for b in a.backends.split(","):
                row = []
                for r in [None] + radii:
                    t = bench(path, paths[r], b, a.frames, a.warmup)
                    times[(n, b, r)].append(t)
                    row.append(f"{'none' if r is None else r:>5}:{t:8.2f}")
                print(f"round {rnd + 1} {n:>8} {b}: " + " ".join(row), flush=True)
    print("\nframe ms, median (min-max) over rounds; shadow = frame - no-shadow frame of the same round")
    print(f"{'compositor':>10} {'backend':>7} {'radius':>6} {'frame ms':>24} {'shadow ms':>10} {'x radius 1':>10}")
    for n, _ in binaries:
        for b in a.backends.split(","):
            base = times[(n, b, None)]
            cost1 = None
            for r in [None] + radii:
                t = times[(n, b, r)]
                med = statistics.median(t)
                rng = f"{med:8.2f} ({min(t):.2f}-{max(t):.2f})"
                if r is None:
                    print(f"{n:>10} {b:>7} {'none':>6} {rng:>24}")
                    continue
                cost = statistics.median([x - y for x, y in zip(t, base)])
                if cost1 is None:
                    cost1 = cost
                ratio = f"{cost / cost1:.2f}" if cost1 and cost1 > 0 else "-"
                print(f"{n:>10} {b:>7} {r:>6g} {rng:>24} {cost:>10.2f} {ratio:>10}")

if __name__ == "__main__":
    main()
