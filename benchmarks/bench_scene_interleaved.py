#!/usr/bin/env python3
"""`compositor bench scene` for several compositor binaries and both backends, interleaved.

Each round runs every binary on the GPU then the CPU backend (`bench scene --json`,
the median frame of --frames after --warmup), so drift of a shared machine hits all
of them alike. Prints each round, then per binary and backend the median over rounds
with min-max, and the per-round GPU/CPU ratio (median, min-max). For before/after
comparisons: build the old commit elsewhere and pass both binaries.

  python3 benchmarks/bench_scene_interleaved.py Fixtures/scenes/shadow-basic.json \
      --compositor before=/tmp/old/compositor --compositor after=.build/release/compositor
"""
import argparse, json, os, statistics, subprocess, sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--compositor", action="append", default=[], help="NAME=PATH (repeatable)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    a = ap.parse_args()
    if a.frames < 1 or a.warmup < 0 or a.rounds < 1:
        ap.error("--frames and --rounds must be at least 1, --warmup at least 0")
    bins = [c.split("=", 1) for c in a.compositor] or [["this", ".build/release/compositor"]]
    for n, p in bins:
        if not os.access(p, os.X_OK):
            sys.exit(f"bench_scene_interleaved: compositor '{n}' not found at {p}")
    t = {(n, b): [] for n, _ in bins for b in ("gpu", "cpu")}
    for r in range(a.rounds):
        row = []
        for n, p in bins:
            for b in ("gpu", "cpu"):
                out = subprocess.run([p, "bench", "scene", a.scene, "--backend", b, "--frames", str(a.frames),
                                      "--warmup", str(a.warmup), "--json"], capture_output=True, text=True, check=True)
                ms = json.loads(out.stdout)["frameMs"]
                t[(n, b)].append(ms)
                row.append(f"{n} {b} {ms:8.2f}")
        print(f"round {r + 1}: " + "  ".join(row), flush=True)
    for n, _ in bins:
        for b in ("gpu", "cpu"):
            v = t[(n, b)]
            print(f"{n:>8} {b}: median {statistics.median(v):8.2f} ms (min {min(v):.2f} max {max(v):.2f})")
        ratio = [g / c for g, c in zip(t[(n, "gpu")], t[(n, "cpu")])]
        print(f"{n:>8} gpu/cpu per round: median {statistics.median(ratio):.2f}x "
              f"(min {min(ratio):.2f} max {max(ratio):.2f})")


if __name__ == "__main__":
    main()
