#!/usr/bin/env python3
"""A well-known CPU 2D renderer drawing the same content as a flat scene file, for timing.

Reads a scene JSON (default: benchmarks/scenes/layers-1000.json) whose root sublayers
are leaf layers using only: frame, backgroundColor, cornerRadius, borderWidth,
borderColor, opacity, contents (contentsGravity resize) -- and canvas width, height,
scale, backgroundColor. Anything else is rejected, so the timing never silently
covers less than the compositor draws.

Drawing follows SCENE-FORMAT.md for that subset: background inside the bounds
rounded by cornerRadius (clamped to half the shorter side), then contents
stretched into the bounds (bilinear, clamp to edge), then the border inside the
bounds (inner radius max(0, r - borderWidth)); opacity multiplies into each part.
Edges are antialiased only when cornerRadius > 0, as in Core Animation.

Backends: cairo (pycairo, default) and skia (skia-python). Images are decoded once,
before timing (like a texture upload); each timed frame clears the target and draws
every layer, then flushes.

  python3 benchmarks/cairo_reference.py [scene.json] [--backend cairo|skia]
        [--frames 50] [--warmup 5] [--out last-frame.png] [--json]
"""
import argparse
import json
import os
import statistics
import sys
import time

ALLOWED = {"name", "frame", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
           "opacity", "contents", "contentsGravity"}
DEFAULT_SCENE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenes", "layers-1000.json")


def parse_color(v):
    """'#RRGGBB', '#RRGGBBAA' or [r, g, b, a] -> straight (r, g, b, a) in 0...1; None stays None."""
    if v is None:
        return None
    if isinstance(v, list):
        return tuple(float(c) for c in v)
    h = v[1:] + ("FF" if len(v) == 7 else "")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))


def load_scene(path):
    with open(path) as f:
        scene = json.load(f)
    c = scene["canvas"]
    layers = []
    for i, L in enumerate(scene.get("sublayers", [])):
        bad = set(L) - ALLOWED
        if bad or L.get("contentsGravity", "resize") != "resize":
            sys.exit(f"{path}: sublayers[{i}]: not supported by this script: {sorted(bad) or 'contentsGravity'}")
        x, y, w, h = L["frame"]
        bw = float(L.get("borderWidth", 0))
        layers.append({
            "rect": (float(x), float(y), float(w), float(h)),
            "radius": min(float(L.get("cornerRadius", 0)), w / 2, h / 2),
            "bg": parse_color(L.get("backgroundColor")),
            "border": bw,
            "borderColor": parse_color(L.get("borderColor", "#000000")) if bw > 0 else None,
            "opacity": float(L.get("opacity", 1)),
            "image": os.path.join(os.path.dirname(os.path.abspath(path)), L["contents"]) if L.get("contents") else None,
        })
    return c, layers


# ---------------------------------------------------------------- cairo
class CairoBackend:
    def __init__(self, canvas, layers):
        import cairo
        self.cairo = cairo
        self.scale = float(canvas.get("scale", 1))
        self.w, self.h = round(canvas["width"] * self.scale), round(canvas["height"] * self.scale)
        self.bg = parse_color(canvas.get("backgroundColor"))
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, self.w, self.h)
        self.layers = layers
        self.images = {}
        for L in layers:
            if L["image"] and L["image"] not in self.images:
                self.images[L["image"]] = cairo.ImageSurface.create_from_png(L["image"])
        self.version = f"pycairo {cairo.version}, cairo {cairo.cairo_version_string()}"

    def rrect(self, cr, x, y, w, h, r):
        if r <= 0:
            cr.rectangle(x, y, w, h)
            return
        pi = 3.141592653589793
        cr.new_sub_path()
        cr.arc(x + w - r, y + r, r, -pi / 2, 0)
        cr.arc(x + w - r, y + h - r, r, 0, pi / 2)
        cr.arc(x + r, y + h - r, r, pi / 2, pi)
        cr.arc(x + r, y + r, r, pi, 3 * pi / 2)
        cr.close_path()

    def frame(self):
        cairo = self.cairo
        cr = cairo.Context(self.surface)
        cr.set_operator(cairo.OPERATOR_SOURCE)
        if self.bg:
            cr.set_source_rgba(*self.bg)
        else:
            cr.set_source_rgba(0, 0, 0, 0)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        cr.scale(self.scale, self.scale)
        for L in self.layers:
            x, y, w, h = L["rect"]
            r, a = L["radius"], L["opacity"]
            cr.set_antialias(cairo.ANTIALIAS_DEFAULT if r > 0 else cairo.ANTIALIAS_NONE)
            if L["bg"]:
                cr.set_source_rgba(*L["bg"][:3], L["bg"][3] * a)
                self.rrect(cr, x, y, w, h, r)
                cr.fill()
            if L["image"]:
                img = self.images[L["image"]]
                cr.save()
                cr.rectangle(x, y, w, h)
                cr.clip()
                cr.translate(x, y)
                cr.scale(w / img.get_width(), h / img.get_height())
                cr.set_source_surface(img, 0, 0)
                pat = cr.get_source()
                pat.set_filter(cairo.FILTER_BILINEAR)
                pat.set_extend(cairo.EXTEND_PAD)
                cr.paint_with_alpha(a)
                cr.restore()
            if L["borderColor"]:
                b = L["border"]
                cr.set_source_rgba(*L["borderColor"][:3], L["borderColor"][3] * a)
                cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
                self.rrect(cr, x, y, w, h, r)
                if w > 2 * b and h > 2 * b:
                    self.rrect(cr, x + b, y + b, w - 2 * b, h - 2 * b, max(0.0, r - b))
                cr.fill()
                cr.set_fill_rule(cairo.FILL_RULE_WINDING)
        self.surface.flush()

    def write_png(self, path):
        self.surface.write_to_png(path)


# ---------------------------------------------------------------- skia
class SkiaBackend:
    def __init__(self, canvas, layers):
        import skia
        self.skia = skia
        self.scale = float(canvas.get("scale", 1))
        self.w, self.h = round(canvas["width"] * self.scale), round(canvas["height"] * self.scale)
        bg = parse_color(canvas.get("backgroundColor")) or (0, 0, 0, 0)
        self.bg = skia.Color4f(*bg)
        self.surface = skia.Surface(self.w, self.h)  # raster, N32 premultiplied
        self.layers = layers
        self.images = {}
        for L in layers:
            if L["image"] and L["image"] not in self.images:
                self.images[L["image"]] = skia.Image.open(L["image"]).makeRasterImage()
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
        self.version = f"skia-python {skia.__version__}"

    def frame(self):
        skia = self.skia
        canvas = self.surface.getCanvas()
        canvas.clear(self.bg)
        canvas.save()
        canvas.scale(self.scale, self.scale)
        paint = skia.Paint()
        for L in self.layers:
            x, y, w, h = L["rect"]
            r, a = L["radius"], L["opacity"]
            paint.setAntiAlias(r > 0)
            rect = skia.Rect.MakeXYWH(x, y, w, h)
            outer = skia.RRect.MakeRectXY(rect, r, r)
            if L["bg"]:
                paint.setColor4f(skia.Color4f(*L["bg"][:3], L["bg"][3] * a))
                canvas.drawRRect(outer, paint) if r > 0 else canvas.drawRect(rect, paint)
            if L["image"]:
                img = self.images[L["image"]]
                ip = skia.Paint(AntiAlias=False)
                ip.setAlphaf(a)
                canvas.drawImageRect(img, skia.Rect.MakeWH(img.width(), img.height()), rect, self.sampling, ip,
                                     skia.Canvas.kFast_SrcRectConstraint)
            if L["borderColor"]:
                b = L["border"]
                paint.setColor4f(skia.Color4f(*L["borderColor"][:3], L["borderColor"][3] * a))
                if w > 2 * b and h > 2 * b:
                    ir = max(0.0, r - b)
                    inner = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x + b, y + b, w - 2 * b, h - 2 * b), ir, ir)
                    canvas.drawDRRect(outer, inner, paint)
                else:
                    canvas.drawRRect(outer, paint)
        canvas.restore()
        self.surface.flushAndSubmit()

    def write_png(self, path):
        self.surface.makeImageSnapshot().save(path, self.skia.kPNG)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene", nargs="?", default=DEFAULT_SCENE)
    ap.add_argument("--backend", choices=["cairo", "skia"], default="cairo")
    ap.add_argument("--frames", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--out", help="write the last frame to this PNG")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = ap.parse_args()
    if args.frames < 1 or args.warmup < 0:
        ap.error("--frames must be at least 1, --warmup at least 0")

    canvas, layers = load_scene(args.scene)
    backend = (CairoBackend if args.backend == "cairo" else SkiaBackend)(canvas, layers)
    for _ in range(args.warmup):
        backend.frame()
    times = []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        backend.frame()
        times.append((time.perf_counter() - t0) * 1000)
    if args.out:
        backend.write_png(args.out)
    result = {
        "renderer": args.backend, "version": backend.version, "scene": os.path.relpath(args.scene),
        "layers": len(layers), "width": backend.w, "height": backend.h,
        "frames": args.frames, "warmup": args.warmup,
        "ms_per_frame_mean": round(statistics.fmean(times), 3),
        "ms_per_frame_median": round(statistics.median(times), 3),
        "ms_per_frame_min": round(min(times), 3),
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['renderer']} ({result['version']}): {result['layers']} layers at "
              f"{result['width']}x{result['height']}, {args.frames} frames after {args.warmup} warm-up: "
              f"mean {result['ms_per_frame_mean']:.2f} ms/frame, median {result['ms_per_frame_median']:.2f} ms/frame")


if __name__ == "__main__":
    main()
