#!/usr/bin/env python3
# An outside reference for drawing layers: runs a scene's drawing-layer `draw`
# list with pycairo, written from docs/scene-format.md alone (no code shared
# with Sources/Drawing), and writes the backing image as raw premultiplied
# RGBA bytes. Usage: drawing-reference.py scene.json out.rgba
# Supports one drawing layer (the first sublayer) and the operations
# move, line, quad, curve, arc, close, fill, stroke, gradient, clip,
# save, restore, translate, scale, rotate. Exit 3 when pycairo is missing.
import json, math, sys

try:
    import cairo
except ImportError:
    sys.stderr.write("pycairo is not installed (pip install pycairo)\n")
    sys.exit(3)

def color(v, default=(0, 0, 0, 1)):
    if v is None:
        return default
    if isinstance(v, list):
        return tuple(v)
    h = v.lstrip("#")
    vals = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return tuple(vals) if len(vals) == 4 else tuple(vals) + (1,)

def main(scene_path, out_path):
    scene = json.load(open(scene_path))
    layer = scene["sublayers"][0]
    x, y, w, h = layer["frame"]
    s = layer.get("contentsScale", 1)
    pw, ph = math.ceil(w * s), math.ceil(h * s)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, pw, ph)
    cr = cairo.Context(surface)
    cr.scale(s, s)
    for op in layer["draw"]:
        kind = op["op"]
        if kind == "move":
            cr.move_to(*op["to"])
        elif kind == "line":
            cr.line_to(*op["to"])
        elif kind == "quad":
            (x0, y0), (cx, cy), (x3, y3) = cr.get_current_point(), op["control"], op["to"]
            cr.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
                        x3 + 2 / 3 * (cx - x3), y3 + 2 / 3 * (cy - y3), x3, y3)
        elif kind == "curve":
            cr.curve_to(*op["control1"], *op["control2"], *op["to"])
        elif kind == "arc":
            a0, a1 = math.radians(op["startAngle"]), math.radians(op["endAngle"])
            arc = cr.arc if op.get("clockwise", True) else cr.arc_negative
            arc(op["center"][0], op["center"][1], op["radius"], a0, a1)
        elif kind == "close":
            cr.close_path()
        elif kind == "fill":
            cr.set_source_rgba(*color(op.get("color")))
            cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get("fillRule") == "evenOdd" else cairo.FILL_RULE_WINDING)
            (cr.fill_preserve if op.get("keepPath") else cr.fill)()
        elif kind == "stroke":
            cr.set_source_rgba(*color(op.get("color")))
            cr.set_line_width(op.get("lineWidth", 1))
            cr.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND,
                             "square": cairo.LINE_CAP_SQUARE}[op.get("lineCap", "butt")])
            cr.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND,
                              "bevel": cairo.LINE_JOIN_BEVEL}[op.get("lineJoin", "miter")])
            cr.set_miter_limit(op.get("miterLimit", 10))
            cr.set_dash(op.get("lineDashPattern") or [], op.get("lineDashPhase", 0))
            (cr.stroke_preserve if op.get("keepPath") else cr.stroke)()
        elif kind == "gradient":
            colors = [color(c) for c in op["colors"]]
            n = len(colors)
            locations = op.get("locations", [i / (n - 1) for i in range(n)])
            (sx, sy), (ex, ey) = op["startPoint"], op["endPoint"]
            if op.get("gradientType", "axial") == "radial":
                pat = cairo.RadialGradient(sx, sy, op.get("startRadius", 0), ex, ey, op["endRadius"])
            else:
                pat = cairo.LinearGradient(sx, sy, ex, ey)
            for loc, c in zip(locations, colors):
                pat.add_color_stop_rgba(loc, *c)
            pat.set_extend(cairo.EXTEND_PAD)
            cr.set_source(pat)
            cr.paint()
        elif kind == "clip":
            if "rect" in op:
                path = cr.copy_path()
                cr.new_path(); cr.rectangle(*op["rect"]); cr.clip()
                cr.append_path(path)
            else:
                cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get("fillRule") == "evenOdd" else cairo.FILL_RULE_WINDING)
                cr.clip()
        elif kind == "save":
            cr.save()
        elif kind == "restore":
            cr.restore()
        elif kind == "translate":
            cr.translate(*op["by"])
        elif kind == "scale":
            cr.scale(*op["by"])
        elif kind == "rotate":
            cr.rotate(math.radians(op["angle"]))
        else:
            sys.stderr.write("unsupported op %s\n" % kind)
            sys.exit(2)
    surface.flush()
    data, stride = bytes(surface.get_data()), surface.get_stride()
    out = bytearray()
    for row in range(ph):
        for col in range(pw):
            v = int.from_bytes(data[row * stride + col * 4: row * stride + col * 4 + 4], sys.byteorder)
            out += bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255, v >> 24))
    open(out_path, "wb").write(out)

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
