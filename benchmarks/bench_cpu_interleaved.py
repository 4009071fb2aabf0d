#!/usr/bin/env python3
"""Process CPU time of `compositor bench scene` frames, several configurations interleaved.

On a loaded machine wall-clock frames are noise; the CPU time a process spends
is steadier. With LP_NUM_THREADS=0 llvmpipe shades on the calling thread, so the
CPU time of a run of F + 1 frames less that of a 1-frame run (same warm-up) is
the cost of F frames, all of it: tree, plan, executor, llvmpipe's setup and
shading. Each round runs every configuration once (in a rotating order), so
drift hits all alike. Prints each round, then per configuration the median ms of
CPU per frame with min-max, and each configuration's per-round ratio to the first.

  python3 benchmarks/bench_cpu_interleaved.py benchmarks/scenes/layers-1000.json \\
      --config base=/tmp/base/compositor-s5 --config now=.build/release/compositor \\
      --config 'one-program=.build/release/compositor COMPOSITOR_GLES_NO_FLAT_BLENDED=1'

A configuration is NAME=PATH followed by optional VAR=VALUE environment settings.
"""
import argparse, resource, statistics, subprocess, sys

import interleaved_configs


def cpu_seconds(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene")
    ap.add_argument("--config", action="append", default=[], help="NAME=PATH [VAR=VALUE ...] (repeatable)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--backend", default="gpu")
    a = ap.parse_args()
    if a.frames < 1 or a.warmup < 0 or a.rounds < 1:
        ap.error("--frames and --rounds must be at least 1, --warmup at least 0")
    if not a.config:
        sys.exit("bench_cpu_interleaved: give at least one --config NAME=PATH")
    configs = interleaved_configs.parse(a.config, "bench_cpu_interleaved", {"LP_NUM_THREADS": "0"})
    ms = {n: [] for n, _, _ in configs}
    for r in range(a.rounds):
        row = []
        for name, path, env in interleaved_configs.rotation(configs, r):
            base = [path, "bench", "scene", a.scene, "--backend", a.backend, "--warmup", str(a.warmup), "--no-floor"]
            one = cpu_seconds(base + ["--frames", "1"], env)
            many = cpu_seconds(base + ["--frames", str(a.frames + 1)], env)
            v = (many - one) * 1000 / a.frames
            ms[name].append(v)
            row.append(f"{name} {v:7.2f}")
        print(f"round {r + 1}: " + "  ".join(row), flush=True)
    first = configs[0][0]
    for name, _, _ in configs:
        v = ms[name]
        line = f"{name:>14}: median {statistics.median(v):7.2f} ms CPU/frame (min {min(v):.2f} max {max(v):.2f})"
        if name != first:
            q = [x / y for x, y in zip(v, ms[first])]
            line += f"; / {first}: median {statistics.median(q):.3f} (min {min(q):.3f} max {max(q):.3f})"
        print(line)


if __name__ == "__main__":
    main()
