#!/usr/bin/env python3
"""The compositor against Skia (Ganesh GPU and CPU raster) and cairo, in one interleaved run.

Issue 14's peer benchmark. Every round draws every scene once per renderer, in
the same order: the compositor's GPU and CPU backends (`compositor bench scene
--json`, its median frame over --frames after --warmup), Skia's GPU backend
(Ganesh, through skia-python, on a surfaceless EGL GLES context on the same
Mesa driver), Skia's CPU raster and cairo (pycairo), each also the median of
--frames frames after --warmup. Slow drift of the shared machine thus hits
every renderer alike. Prints the per-round medians, then per scene the median
over rounds with min-max, and the ratios ours / peer.

What a frame is, per renderer:
  compositor   frameMs of `bench scene`: presentation copy + plan + draw + readback
               (drawMs, its draw part alone, is printed beside it)
  skia-gpu     clear + draw calls + flushAndSubmit(syncCpu=True) (GPU work finished),
               no readback; `--readback` adds a readPixels of the whole canvas
  skia-cpu, cairo   clear + draw calls + flush into an N32 / ARGB32 raster
  *-replay     the same frame recorded once (an SkPicture, a cairo recording
               surface) and replayed by the library itself each frame, so no
               Python runs per layer: what a native client issuing the same
               calls pays. The plain columns issue every call from Python
               (translate.py), which costs a few ms a frame on 1000 layers;
               the two bracket a C++ client that walks its tree each frame.
               --peer-frames immediate|replay|both (default both) picks them.

Scenes are translated to Skia/cairo draw calls for the subset they use
(translate.py): frame/bounds/position/anchorPoint, z-rotation and translation
transforms, backgroundColor, cornerRadius (clamped, antialiased edges only when
> 0 as in Core Animation), border, opacity (multiplied into each part; no group
opacity), contents (resize, bilinear), sublayers, and shadows (Skia: a
drop-shadow image filter on a saved layer, sigma = shadowRadius). cairo has no
blur: scenes with shadows are skipped for cairo (shown as "-").

Needs: skia-python (pip install skia-python), pycairo (apt-get install
libcairo2-dev pkg-config python3-dev; pip install pycairo), libEGL with
EGL_MESA_platform_surfaceless, and a release build of the compositor
(swift build -c release --product compositor). Missing Python packages are
reported with the command that installs them (or installed with --install).

  python3 benchmarks/peers/peer_bench.py                      # the three default scenes, 5 rounds
  python3 benchmarks/peers/peer_bench.py --rounds 7 --frames 20 --warmup 3 \
      benchmarks/scenes/layers-1000.json
  python3 benchmarks/peers/peer_bench.py --before /tmp/old/compositor   # adds before-gpu/-cpu columns
"""
import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

DEFAULT_SCENES = [os.path.join(ROOT, "benchmarks", "scenes", "layers-1000.json"),
                  os.path.join(ROOT, "benchmarks", "scenes", "rounded-rects-1000.json"),
                  os.path.join(ROOT, "Fixtures", "scenes", "shadow-basic.json")]
PACKAGES = {"skia": "skia-python", "cairo": "pycairo"}


def require(install):
    """Imports skia and cairo, installing them with pip when asked; exits naming what is missing."""
    missing = []
    for module, package in PACKAGES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing and install:
        subprocess.run([sys.executable, "-m", "pip", "install", *missing], check=False)
        importlib.invalidate_caches()
        return require(False)
    if missing:
        hint = " (pycairo needs: apt-get install -y libcairo2-dev pkg-config python3-dev)" \
            if "pycairo" in missing else ""
        sys.exit(f"peer_bench: missing Python packages: {', '.join(missing)}; "
                 f"run: {sys.executable} -m pip install {' '.join(missing)}{hint}, or pass --install")


def time_frames(draw, frames, warmup):
    for _ in range(warmup):
        draw()
    t = []
    for _ in range(frames):
        t0 = time.perf_counter()
        draw()
        t.append((time.perf_counter() - t0) * 1000)
    return statistics.median(t)


def compositor(binary, scene, backend, frames, warmup):
    out = subprocess.run([binary, "bench", "scene", scene, "--backend", backend, "--frames", str(frames),
                          "--warmup", str(warmup), "--json", "--no-floor"], check=True, capture_output=True, text=True).stdout
    d = json.loads(out)
    return d["frameMs"], d["drawMs"]


def spread(v):
    return f"{statistics.median(v):8.2f} ({min(v):.2f}-{max(v):.2f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenes", nargs="*", default=DEFAULT_SCENES)
    ap.add_argument("--compositor", default=os.path.join(ROOT, ".build", "release", "compositor"))
    ap.add_argument("--before", help="a second compositor binary (e.g. an older commit's), run in the same rounds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--readback", action="store_true", help="Skia GPU frames include reading the canvas back")
    ap.add_argument("--install", action="store_true", help="pip-install missing skia-python / pycairo")
    ap.add_argument("--out", help="directory to write each peer's last frame of each scene as PNG")
    ap.add_argument("--peer-frames", choices=["immediate", "replay", "both"], default="both",
                    help="peers draw from Python call by call, replay a recording of the frame, or both (columns *-replay)")
    args = ap.parse_args()
    if args.frames < 1 or args.warmup < 0 or args.rounds < 1:
        ap.error("--frames and --rounds must be at least 1, --warmup at least 0")
    require(args.install)
    if not os.access(args.compositor, os.X_OK):
        sys.exit(f"peer_bench: no compositor at {args.compositor} "
                 "(build it: swift build -c release --product compositor, or pass --compositor)")
    from translate import load_scene, SkiaRenderer, CairoRenderer, UnsupportedScene
    from egl_context import EGLContext

    egl = EGLContext()
    import skia
    interface = skia.GrGLInterface.MakeEGL()  # GL entry points through eglGetProcAddress, not GLX
    gpu = skia.GrDirectContext.MakeGL(interface) if interface is not None else None
    if gpu is None:
        sys.exit("peer_bench: skia could not create a GL context on the EGL context "
                 "(GrGLInterface.MakeEGL + GrDirectContext.MakeGL)")
    print(f"EGL: {egl.vendor} {egl.version}; GL_RENDERER {egl.renderer}; skia-python {skia.__version__}",
          flush=True)

    # Each peer column: (renderer, its frame function). A replay column has a renderer of its own,
    # so the recording and the immediate frames never share a surface.
    peers = {}
    immediate, replay = args.peer_frames in ("immediate", "both"), args.peer_frames in ("replay", "both")
    for path in args.scenes:
        tree = load_scene(path)
        makers = {"skia-gpu": lambda: SkiaRenderer(tree, gpu_context=gpu, readback=args.readback),
                  "skia-cpu": lambda: SkiaRenderer(tree), "cairo": lambda: CairoRenderer(tree)}
        p = {}
        for name, make in makers.items():
            try:
                if immediate:
                    r = make()
                    p[name] = (r, r.frame)
                if replay:
                    r = make()
                    r.record()
                    p[f"{name}-replay"] = (r, r.playback)
            except UnsupportedScene as e:
                print(f"{os.path.relpath(path, ROOT)}: {name} skipped: {e}", flush=True)
        peers[path] = p

    binaries = [("ours", args.compositor)] + ([("before", args.before)] if args.before else [])
    ourCols = [f"{n}-{b}" for n, _ in binaries for b in ("gpu", "cpu")]
    peerCols = [c for c in ("skia-gpu", "skia-cpu", "cairo") if immediate] + \
        [f"{c}-replay" for c in ("skia-gpu", "skia-cpu", "cairo") if replay]
    cols = ourCols + peerCols
    times = {(s, c): [] for s in args.scenes for c in cols}
    draws = {(s, c): [] for s in args.scenes for c in ourCols}
    for rnd in range(args.rounds):
        for s in args.scenes:
            row = {}
            for n, binary in binaries:
                for backend in ("gpu", "cpu"):
                    f, d = compositor(binary, s, backend, args.frames, args.warmup)
                    times[(s, f"{n}-{backend}")].append(f)
                    draws[(s, f"{n}-{backend}")].append(d)
                    row[f"{n}-{backend}"] = f
            for name, (_, draw) in peers[s].items():
                t = time_frames(draw, args.frames, args.warmup)
                times[(s, name)].append(t)
                row[name] = t
            print(f"round {rnd + 1} {os.path.basename(s):>24}: " +
                  "  ".join(f"{c} {row[c]:7.2f}" if c in row else f"{c} -" for c in cols), flush=True)

    print(f"\nms per frame, median over {args.rounds} rounds (min-max); each round's figure is the median "
          f"of {args.frames} frames after {args.warmup} warm-up")
    for s in args.scenes:
        print(f"\n{os.path.relpath(s, ROOT)}")
        for c in cols:
            if times[(s, c)]:
                extra = f"   draw only {spread(draws[(s, c)])}" if c in ourCols else ""
                print(f"  {c:>9} {spread(times[(s, c)])}{extra}")
        pairs = [("ours-gpu", "skia-gpu"), ("ours-cpu", "skia-cpu"), ("ours-cpu", "cairo"),
                 ("ours-gpu", "skia-gpu-replay"), ("ours-cpu", "skia-cpu-replay"), ("ours-cpu", "cairo-replay"),
                 ("ours-gpu", "ours-cpu")]
        if args.before:
            pairs += [("before-gpu", "skia-gpu"), ("before-gpu", "before-cpu"), ("ours-gpu", "before-gpu"),
                      ("ours-cpu", "before-cpu")]
        for ours, peer in pairs:
            a, b = times.get((s, ours)), times.get((s, peer))
            if a and b:
                per_round = [x / y for x, y in zip(a, b)]
                print(f"  {ours} / {peer}: {statistics.median(per_round):.2f}x "
                      f"({min(per_round):.2f}-{max(per_round):.2f}, per-round ratios)")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        for s, p in peers.items():
            for name, (r, _) in p.items():
                r.write_png(os.path.join(args.out, f"{os.path.splitext(os.path.basename(s))[0]}-{name}.png"))
    for p in peers.values():
        for r, _ in p.values():
            r.close()
    gpu.abandonContext()
    egl.close()


if __name__ == "__main__":
    main()
