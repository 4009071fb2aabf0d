#!/usr/bin/env bash
# One run, three renderers, one scene: the compositor's CPU reference
# backend (and its GPU path), cairo and Skia drawing the documented
# 1000-layer scene at 1280×720. Prints each median ms/frame and the ratios.
# Usage: benchmarks/run_cpu_vs_reference.sh [scene.json] [frames]
set -euo pipefail
cd "$(dirname "$0")/.."
scene=${1:-benchmarks/scenes/layers-1000.json}
frames=${2:-50}
swift build -c release --product compositor >&2
bin=.build/release/compositor
cpu=$($bin bench scene "$scene" --backend cpu --frames "$frames" --json)
gpu=$($bin bench scene "$scene" --backend gpu --frames "$frames" --json 2>/dev/null || echo '{}')
cairo=$(python3 benchmarks/cairo_reference.py "$scene" --frames "$frames" --json)
skia=$(python3 benchmarks/cairo_reference.py "$scene" --backend skia --frames "$frames" --json 2>/dev/null || echo '{}')
python3 - "$cpu" "$gpu" "$cairo" "$skia" <<'PY'
import json, sys
cpu, gpu, cairo, skia = (json.loads(a) for a in sys.argv[1:])
print(f"scene: {cpu['scene']} ({cpu['size']}), {cpu['frames']} frames, medians")
print(f"compositor cpu: {cpu['frameMs']:.2f} ms/frame (plan {cpu['planMs']:.2f}, draw {cpu['drawAndReadbackMs']:.2f})")
if gpu: print(f"compositor gpu: {gpu['frameMs']:.2f} ms/frame, {gpu.get('drawCalls')} draw calls, floor {gpu['floorMs']:.2f} ms (frame/floor {gpu['frameOverFloor']:.2f}); fill rate: {gpu['fillRateQuads']} full-canvas quads {gpu['fillRateQuadsMs']:.2f} ms")
print(f"cairo {cairo.get('version','')}: {cairo['ms_per_frame_median']:.2f} ms/frame")
if skia: print(f"skia: {skia['ms_per_frame_median']:.2f} ms/frame")
print(f"ratio compositor-cpu / cairo: {cpu['frameMs'] / cairo['ms_per_frame_median']:.2f}")
if skia: print(f"ratio compositor-cpu / skia: {cpu['frameMs'] / skia['ms_per_frame_median']:.2f}")
PY
