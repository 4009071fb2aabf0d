#!/usr/bin/env python3
"""GPU-path frames of several compositor binaries or GLES modes, interleaved.

Each round runs every configuration once (`bench scene SCENE --backend gpu
--json`, the median frame of --frames after --warmup), in an order that
rotates from round to round, so drift of a shared machine hits all of them
alike. A configuration is NAME=PATH followed by environment settings, e.g.
'hidden=.build/release/compositor COMPOSITOR_GLES_HIDDEN_OVERLAPS=1'.
--time-step moves an animated scene from frame to frame. Prints each round, then per configuration the median frame over rounds
(min-max), the median prepare/occlusionClip/submit/finish phases, the draw calls and their
lower bound, and the median (min-max) of the per-round frame ratio to the
first configuration.

  python3 benchmarks/bench_gles_modes.py benchmarks/scenes/layers-1000.json --rounds 8 \
      --config base=/tmp/compositor-main --config 'hidden=.build/release/compositor COMPOSITOR_GLES_HIDDEN_OVERLAPS=1'
"""
import argparse, json, statistics, subprocess

import interleaved_configs


def run(path, env, scene, frames, warmup, time_step):
    step = ["--time-step", str(time_step)] if time_step else []
    out = subprocess.run([path, "bench", "scene", scene, "--backend", "gpu", "--frames", str(frames),
                          "--warmup", str(warmup), "--no-floor", "--json"] + step,
                         env=env, check=True, capture_output=True, text=True).stdout
    d = json.loads(out)
    p = d.get("executePhasesMs", {})
    return {"frame": d["frameMs"], "prepare": p.get("prepare", 0), "clip": p.get("occlusionClip", 0),
            "submit": p.get("submit", 0),
            "finish": p.get("finish", 0), "calls": d.get("drawCalls"), "bound": d.get("drawCallsLowerBound")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--config", action="append", default=[], help="NAME=PATH [VAR=VALUE ...] (repeatable)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--time-step", type=float, default=0,
                    help="seconds between frames (bench scene --time-step; binaries without it take only 0)")
    a = ap.parse_args()
    if a.frames < 1 or a.warmup < 0 or a.rounds < 1:
        ap.error("--frames and --rounds must be at least 1, --warmup at least 0")
    configs = interleaved_configs.parse(a.config or ["this=.build/release/compositor"], "bench_gles_modes")
    results = {n: [] for n, _, _ in configs}
    for r in range(a.rounds):
        row = []
        for name, path, env in interleaved_configs.rotation(configs, r):
            m = run(path, env, a.scene, a.frames, a.warmup, a.time_step)
            results[name].append(m)
            row.append(f"{name} {m['frame']:7.2f}")
        print(f"round {r + 1}: " + "  ".join(row), flush=True)
    first = configs[0][0]
    for name, _, _ in configs:
        rs = results[name]
        med = lambda k: statistics.median(x[k] for x in rs)
        frames = [x["frame"] for x in rs]
        line = (f"{name:>10}: frame {med('frame'):7.2f} ms ({min(frames):.2f}-{max(frames):.2f}), "
                f"prepare {med('prepare'):.2f}, occlusion clip {med('clip'):.2f}, submit {med('submit'):.2f}, finish {med('finish'):.2f}, "
                f"draw calls {rs[0]['calls']} (at least {rs[0]['bound']})")
        if name != first:
            ratios = [x["frame"] / y["frame"] for x, y in zip(rs, results[first])]
            line += f"; / {first}: {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})"
        print(line)


if __name__ == "__main__":
    main()
