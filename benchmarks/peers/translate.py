"""Scene JSON to Skia and cairo draw calls, for the subset the peer benchmark's scenes use.

A layer tree is read once (load_scene) into plain dicts; anything outside the
subset is rejected with the key path, so a timing never silently covers less
than the compositor draws. Geometry follows SCENE-FORMAT.md: a layer's bounds
space maps to its superlayer's by T(position) · transform · T(-anchor point in
bounds); frame sets bounds size and position (where the anchor point lands).
Transforms: z rotations, 2D translations and 2D scales. Inside one layer: shadow,
background (rounded by cornerRadius, clamped to half the shorter side),
contents (resize, bilinear), sublayers, border (inside the bounds, inner
radius max(0, r - borderWidth)), all clipped to the (rounded) bounds with
masksToBounds (not with a shadow on the same layer). Opacity multiplies into each part of a leaf
and is applied to the group of a layer with sublayers (unless allowsGroupOpacity is false: then
it multiplies into each part and sublayer). Edges are antialiased
only when cornerRadius > 0, as in Core Animation.

Shadows (Skia only), sigma = shadowRadius, offset shadowOffset in the layer's
space, colour shadowColor x shadowOpacity: a plain opaque (rounded) rect layer's
shadow is its shape drawn with a blur mask filter (Skia's fast path); any other
layer and its sublayers are drawn into a saved layer, bounded by their extent
(sublayers' shadows included) plus the blur, with a drop-shadow image filter,
i.e. the shadow of the composited layer's alpha at full opacity, as Core
Animation casts it; the shadow is then faded like the layer's other parts
(group opacity fades it with the group). Where the layer is faded or rotated,
the filter casts the shadow alone and the content is drawn directly. cairo
has no blur.

For scripts/outside-scenes, which uses this translation as an outside reference
for the compositor's meaning on random scenes, Skia also draws: 3D transforms and
perspective sublayerTransforms (each layer's 4x4 map flattened to its superlayer's
plane, anchorPointZ included), isDoubleSided false (culled where that map reverses
orientation), zPosition order, isHidden, masks, shadowPath, shouldRasterize (through a
bitmap on the format's grid), every contentsGravity with contentsRect,
contentsCenter (nine slices) and contentsScale, axial, radial and conic gradient
layers, transform layers (sublayers kept in 3D, depth-sorted by their bounds
centres), replicators (instance transforms and colours), shape layers (SVG path data in
the full syntax, read by translate_path.py, arcs by Skia's SVG-style arcTo, and the
shorthands, cornerRadii included; fill then stroke, one part under
opacity, dashes and strokeStart/strokeEnd), allowsEdgeAntialiasing, nearest
minification and magnification filters (GL's rule, _texels_per_pixel), hybrid images
(contentsAlphaMask combined as the format says), isOpaque contents (blending off), and text layers
(translate_text.py: the layout rules re-implemented on uharfbuzz and freetype-py,
drawn into the backing image that is then drawn like contents). An
antialiased masksToBounds clip is applied once over the composited parts. cairo draws a transform without
perspective (flattened, it is a 2D affine map) and refuses the rest of those.
"""
import math
import os

import translate_path
import translate_text

LAYER_KEYS = {"name", "frame", "bounds", "position", "anchorPoint", "transform", "backgroundColor",
              "cornerRadius", "borderWidth", "borderColor", "opacity", "contents", "contentsGravity",
              "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "masksToBounds", "sublayers",
              "mask", "isHidden", "zPosition", "type", "colors", "locations", "startPoint", "endPoint",
              "gradientType", "sublayerTransform", "allowsEdgeAntialiasing", "instanceCount",
              "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
              "instanceBlueOffset", "instanceAlphaOffset", "path", "fillColor", "fillRule", "strokeColor",
              "lineWidth", "lineCap", "lineJoin", "miterLimit", "contentsRect", "contentsCenter", "contentsScale",
              "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd", "shadowPath", "shouldRasterize",
              "rasterizationScale", "isDoubleSided", "anchorPointZ", "allowsGroupOpacity", "minificationFilter",
              "magnificationFilter", "contentsAlphaMask", "isOpaque", "tileSize", "levelsOfDetail",
              "levelsOfDetailBias", "fadeDuration"} | translate_text.TEXT_KEYS
GRAVITIES = {"resize", "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
             "bottomRight", "resizeAspect", "resizeAspectFill"}
CANVAS_KEYS = {"width", "height", "scale", "backgroundColor"}


class UnsupportedScene(Exception):
    pass


def parse_color(v):
    """'#RRGGBB', '#RRGGBBAA' or [r, g, b, a] -> straight (r, g, b, a) in 0...1; None stays None."""
    if v is None:
        return None
    if isinstance(v, list):
        return tuple(float(c) for c in v)
    h = v[1:] + ("FF" if len(v) == 7 else "")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))


def _affine(m):
    """A 4×4 transform as the 2D affine (a, b, c, d, e, f) it draws as once flattened (rows and
    columns 1, 2 and 4), or None under perspective: cairo has no projective transforms."""
    if m[0][3] != 0 or m[1][3] != 0 or m[3][3] != 1:
        return None
    return (m[0][0], m[0][1], m[1][0], m[1][1], m[3][0], m[3][1])


def _mul4(a, b):
    """a · b of 4×4 matrices (row-major lists; points are row vectors, p · m)."""
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def _translation4(x, y, z):
    return [[1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [x, y, z, 1.0]]


IDENTITY4 = _translation4(0, 0, 0)


def _rotation4(radians, x, y, z):
    """CATransform3DMakeRotation's matrix: about the unit axis (x, y, z)."""
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(radians), math.sin(radians)
    k = 1 - c
    return [[c + k * x * x, k * x * y + s * z, k * x * z - s * y, 0],
            [k * x * y - s * z, c + k * y * y, k * y * z + s * x, 0],
            [k * x * z + s * y, k * y * z - s * x, c + k * z * z, 0],
            [0, 0, 0, 1.0]]


def _matrix4(value, where):
    """A transform (16 numbers, m11…m44, or a list of operations) as a 4×4 matrix."""
    if value and not isinstance(value[0], dict):
        v = [float(x) for x in value]
        return [v[0:4], v[4:8], v[8:12], v[12:16]]
    m = IDENTITY4
    for i, op in enumerate(value):
        (k, v), = op.items()
        if k == "perspective":
            m = [row[:] for row in m]
            m[2][3] = -1 / float(v)  # m34 of the matrix built so far
            continue
        if k == "rotate":
            n = _rotation4(math.radians(float(v[0])), *(float(c) for c in v[1:4])) if isinstance(v, list) \
                else _rotation4(math.radians(float(v)), 0, 0, 1)
        elif k == "translate":
            n = _translation4(float(v[0]), float(v[1]), float(v[2]) if len(v) > 2 else 0.0)
        elif k == "scale":
            n = [[float(v[0]), 0, 0, 0], [0, float(v[1]), 0, 0], [0, 0, float(v[2]) if len(v) > 2 else 1.0, 0],
                 [0, 0, 0, 1.0]]
        else:
            raise SystemExit(f"{where}.transform[{i}]: unknown operation {k}")
        m = _mul4(n, m)  # each operation premultiplies
    return m


def _map(L, parent_sublayer):
    """The layer's bounds → its superlayer's bounds as a skia.Matrix, flattened to the
    superlayer's plane: T(−anchor, −zAnchor) · transform · T(position, zPosition) · S, with S the
    superlayer's sublayerTransform about its anchor point; rows and columns 1, 2 and 4 kept.
    Without S it is worked out once per layer and kept (timed frames pay no Python arithmetic)."""
    if parent_sublayer is None and "_map" in L:
        return L["_map"]
    import skia
    m = _flat4(L, parent_sublayer)
    out = skia.Matrix.MakeAll(m[0][0], m[1][0], m[3][0], m[0][1], m[1][1], m[3][1], m[0][3], m[1][3], m[3][3])
    if parent_sublayer is None:
        L["_map"] = out
    return out


def _flat4(L, parent_sublayer):
    """The layer's bounds → its superlayer's plane as a 4×4 (rows and columns 1, 2 and 4 are the
    flattened map)."""
    m = _local4(L)
    return _mul4(m, parent_sublayer) if parent_sublayer is not None else m


def _faces_away(L, parent_sublayer):
    """isDoubleSided false: whether the layer's map into its superlayer's plane (through every 3D
    transform above it inside a transform layer) reverses orientation at its bounds centre. The
    flattened map is a projective 3×3 H; its Jacobian's determinant is det(H) ÷ w³, so its sign
    is that of det(H) × w at the centre."""
    if L["doubleSided"]:
        return False
    m = _flat4(L, parent_sublayer)
    h = [[m[r][c] for c in (0, 1, 3)] for r in (0, 1, 3)]
    det = (h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1])
           - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
           + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0]))
    x, y, w, hh = L["rect"]
    cw = (x + w / 2) * h[0][2] + (y + hh / 2) * h[1][2] + h[2][2]
    return det * cw < 0


def _sublayer_space(L):
    """S for the layer's sublayers: T(−anchor) · sublayerTransform · T(anchor), anchorPointZ
    included, or None."""
    if L["sublayerTransform"] is None:
        return None
    ax, ay = L["anchor"]
    az = L["anchorZ"]
    return _mul4(_mul4(_translation4(-ax, -ay, -az), L["sublayerTransform"]), _translation4(ax, ay, az))


def _path_commands(d, where):
    """SVG path data as absolute (command, numbers) pairs: M, L, C, Q, A and Z (translate_path)."""
    try:
        return translate_path.parse(d, where)
    except translate_path.PathSyntaxError as e:
        raise SystemExit(str(e))


def _shape(L, where):
    """A shape layer's path (as commands or a shorthand), fill and stroke, or None."""
    if L.get("type") != "shape":
        return None
    path = L.get("path")
    fill = parse_color(L["fillColor"]) if "fillColor" in L else (0.0, 0.0, 0.0, 1.0)
    return {"path": _path_commands(path, f"{where}.path") if isinstance(path, str) else path,
            "fill": fill, "evenOdd": L.get("fillRule", "nonZero") == "evenOdd",
            "stroke": parse_color(L.get("strokeColor")), "width": float(L.get("lineWidth", 1)),
            "cap": L.get("lineCap", "butt"), "join": L.get("lineJoin", "miter"),
            "miter": float(L.get("miterLimit", 10)),
            "dash": [float(v) for v in L["lineDashPattern"]] if L.get("lineDashPattern") else None,
            "phase": float(L.get("lineDashPhase", 0)),
            "trim": (float(L.get("strokeStart", 0)), float(L.get("strokeEnd", 1)))}


def _skia_path(shape):
    """The shape's path as a skia.Path (S reflects the previous cubic's second control point),
    built once per shape and kept."""
    if "_path" in shape:
        return shape["_path"]
    import skia
    p = skia.Path()
    spec = shape["path"]
    if isinstance(spec, dict):
        if "ellipse" in spec:
            p.addOval(skia.Rect.MakeXYWH(*spec["ellipse"]))
        elif "roundedRect" in spec and "cornerRadii" in spec:
            # One radius per corner, [tl, tr, br, bl]; where two on one side add up to more than
            # the side, all four shrink by one factor (CSS's rule). Clockwise from the start of the
            # top edge, (x + tl, y), like the single-radius form (Skia's order is the same).
            x, y, w, h = (float(v) for v in spec["roundedRect"])
            radii = [max(float(v), 0.0) for v in spec["cornerRadii"]]
            tl, tr, br, bl = radii
            k = min([1.0] + [side / pair for side, pair in ((w, tl + tr), (w, bl + br), (h, tl + bl), (h, tr + br))
                             if pair > 0])
            rr = skia.RRect()
            rr.setRectRadii(skia.Rect.MakeXYWH(x, y, w, h), [skia.Point(v * k, v * k) for v in radii])
            p.addRRect(rr, skia.PathDirection.kCW, 0)
        elif "roundedRect" in spec:
            r = spec.get("cornerRadius", 0)
            # Clockwise from the start of the top edge, (x + r, y), as the format says (Skia's
            # default start is on the left edge: it matters to strokeStart/strokeEnd and dashes).
            p.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*spec["roundedRect"]), r, r),
                       skia.PathDirection.kCW, 0)
        else:
            p.addRect(skia.Rect.MakeXYWH(*spec["rect"]))
    else:
        # Absolute commands (translate_path has resolved relative ones, H, V, S and T).
        for c, v in spec or []:
            if c == "M":
                p.moveTo(*v)
            elif c == "L":
                p.lineTo(*v)
            elif c == "C":
                p.cubicTo(*v)
            elif c == "Q":
                p.quadTo(*v)
            elif c == "A":
                # SVG's arc: Skia's SVG-style arcTo (radii scaled up when too small, a zero radius a
                # line); SVG's sweep flag 1 (positive angles, clockwise with y down) is kCW.
                rx, ry, angle, large, sweep, x, y = v
                p.arcTo(rx, ry, angle, skia.Path.ArcSize.kLarge_ArcSize if large else skia.Path.ArcSize.kSmall_ArcSize,
                        skia.PathDirection.kCW if sweep else skia.PathDirection.kCCW, x, y)
            else:
                p.close()
    p.setFillType(skia.PathFillType.kEvenOdd if shape["evenOdd"] else skia.PathFillType.kWinding)
    shape["_path"] = p
    return p


def _replicator(L, where):
    """A replicator's instance count, instance transform (4×4), base colour and per-instance offsets, or None."""
    if L.get("type") != "replicator":
        return None
    color = parse_color(L.get("instanceColor")) or (1.0, 1.0, 1.0, 1.0)
    return {"count": int(L.get("instanceCount", 1)),
            "transform": _matrix4(L.get("instanceTransform", []), f"{where}.instanceTransform"),
            "color": color,
            "offset": tuple(float(L.get(k, 0)) for k in ("instanceRedOffset", "instanceGreenOffset",
                                                          "instanceBlueOffset", "instanceAlphaOffset"))}


def _instances(L):
    """(S, colour) for each instance of a replicator L: its sublayers' space, instanceTransform taken
    i times about the anchor point before the sublayerTransform, and instanceColor + i × offsets,
    each channel clamped to 0…1; for another layer, its sublayer space once, colour white."""
    inner = _sublayer_space(L)
    rep = L["replicator"]
    if rep is None:
        return [(inner, (1.0, 1.0, 1.0, 1.0))]
    ax, ay = L["anchor"]
    out, power = [], IDENTITY4
    for i in range(rep["count"]):
        s = _mul4(_mul4(_translation4(-ax, -ay, 0), power), _translation4(ax, ay, 0))
        if inner is not None:
            s = _mul4(s, inner)
        out.append((s, tuple(min(max(c + i * o, 0.0), 1.0) for c, o in zip(rep["color"], rep["offset"]))))
        power = _mul4(power, rep["transform"])
    return out


def _gradient(L, where):
    """A gradient layer's kind, straight colours, locations and unit points, or None."""
    if L.get("type") != "gradient":
        return None
    kind = L.get("gradientType", "axial")
    if kind not in ("axial", "radial", "conic"):
        raise SystemExit(f"{where}: gradientType {kind!r} is not translated")
    colors = [parse_color(c) for c in L.get("colors", [])]
    n = len(colors)
    if n < 2:
        raise UnsupportedScene(f"{where}: a gradient layer needs two colours to be translated")
    locations = [float(v) for v in L["locations"]] if "locations" in L else [i / (n - 1) for i in range(n)]
    return {"kind": kind, "colors": colors, "locations": locations,
            "start": tuple(float(v) for v in L.get("startPoint", [0.5, 0])),
            "end": tuple(float(v) for v in L.get("endPoint", [0.5, 1]))}


def _layer(L, where, base):
    bad = set(L) - LAYER_KEYS
    if bad or L.get("contentsGravity", "resize") not in GRAVITIES:
        raise SystemExit(f"{where}: not supported by the peer benchmark: {sorted(bad) or 'contentsGravity'}")
    if L.get("masksToBounds") and float(L.get("shadowOpacity", 0)) > 0:
        raise UnsupportedScene(f"{where}: a shadow clipped by masksToBounds is not translated")
    ax, ay = (float(v) for v in L.get("anchorPoint", [0.5, 0.5]))
    if "frame" in L:
        # As CALayer's frame setter: bounds size, and the position the anchor point lands on.
        x, y, w, h = (float(v) for v in L["frame"])
        bx, by = 0.0, 0.0
        px, py = x + ax * w, y + ay * h
    else:
        bx, by, w, h = (float(v) for v in L.get("bounds", [0, 0, 0, 0]))
        px, py = (float(v) for v in L.get("position", [0, 0]))
    if L.get("type") not in (None, "layer", "gradient", "replicator", "shape", "transformLayer", "text", "tiled"):
        raise SystemExit(f"{where}: layers of type {L['type']!r} are not translated")
    transform4 = _matrix4(L.get("transform", []), f"{where}.transform")
    tiled = L.get("type") == "tiled"
    try:
        text = translate_text.parse(L, where, base, parse_color)
    except translate_text.UnsupportedText as e:
        raise UnsupportedScene(str(e))
    bw = float(L.get("borderWidth", 0))
    shadow = float(L.get("shadowOpacity", 0))
    sc = parse_color(L.get("shadowColor", "#000000"))
    return {
        "origin": (px, py), "anchor": (bx + ax * w, by + ay * h), "z": float(L.get("zPosition", 0)),
        "anchorZ": float(L.get("anchorPointZ", 0)),
        "doubleSided": bool(L.get("isDoubleSided", True)),
        "groupOpacity": bool(L.get("allowsGroupOpacity", True)),
        "transform4": transform4,
        "matrix": _affine(transform4),
        "sublayerTransform": _matrix4(L["sublayerTransform"], f"{where}.sublayerTransform")
        if L.get("sublayerTransform") else None,
        "rect": (bx, by, w, h), "radius": min(float(L.get("cornerRadius", 0)), w / 2, h / 2),
        "bg": parse_color(L.get("backgroundColor")),
        "border": bw, "borderColor": parse_color(L.get("borderColor", "#000000")) if bw > 0 else None,
        "opacity": float(L.get("opacity", 1)),
        "clip": bool(L.get("masksToBounds", False)),
        "image": os.path.normpath(os.path.join(base, L["contents"])) if L.get("contents") and not tiled else None,
        "tiled": _tiled(L, where, base) if tiled else None,
        # contentsAlphaMask: a second image whose alpha (or luminance) multiplies the contents' pixels.
        "alphaMask": os.path.normpath(os.path.join(base, L["contentsAlphaMask"]))
        if L.get("contents") and L.get("contentsAlphaMask") else None,
        # (minification, magnification): "linear" or "nearest", for contents and a rasterized bitmap.
        "filters": (_filter(L, "minificationFilter", where), _filter(L, "magnificationFilter", where)),
        "opaque": bool(L.get("isOpaque", False)),
        "gravity": L.get("contentsGravity", "resize"),
        "slices": _contents_slicing(L, where),
        "aa": bool(L.get("allowsEdgeAntialiasing", False)),
        "replicator": _replicator(L, where),
        "shape": _shape(L, where),
        "imageSize": _png_size(os.path.join(base, L["contents"])) if L.get("contents") and not tiled else None,
        "gradient": _gradient(L, where),
        "text": text,
        "mask": _layer(L["mask"], f"{where}.mask", base) if L.get("mask") else None,
        "shadow": (sc[:3] + (sc[3] * shadow,), tuple(float(v) for v in L.get("shadowOffset", [0, -3])),
                   float(L.get("shadowRadius", 3))) if shadow > 0 and sc[3] > 0 else None,
        "sublayers": _sublayers(L.get("sublayers", []), where, base),
        # Group opacity needs a sublayer, hidden ones included (the format's rule counts them).
        "hasSublayers": bool(L.get("sublayers")),
        "transformLayer": L.get("type") == "transformLayer",
        "shadowPath": _shadow_path(L, where),
        "rasterize": float(L.get("rasterizationScale", 1)) if L.get("shouldRasterize") else None,
    }


def _tiled(L, where, base):
    """A tiled layer's plain-image source (a .dzi is not translated), its levels of detail and
    contentsScale; tileSize only says how the compositor cuts it (seams match one big image)."""
    path = os.path.normpath(os.path.join(base, L["contents"])) if L.get("contents") else None
    if path is not None and not path.lower().endswith(".png"):
        raise UnsupportedScene(f"{where}.contents: only a PNG source of a tiled layer is translated")
    return {"path": path, "size": _png_size(path) if path else None, "lod": int(L.get("levelsOfDetail", 1)),
            "bias": int(L.get("levelsOfDetailBias", 0)), "scale": float(L.get("contentsScale", 1))}


def _tiled_level(t, pixels_per_point, w, h):
    """The pyramid level a tiled layer draws (docs/scene-format.md, Tiled layers): with
    k = ceil(log2(on-screen pixels per point / contentsScale)) clamped to bias − levels + 1 … bias,
    it wants contentsScale × 2^k pixels per point and takes the coarsest level with at least that
    many along both axes of its w × h bounds (the full image at most). Levels follow Deep Zoom:
    the top one, ceil(log2(max side)), is the image; each below halves the one above, rounding up.
    Returns (level, its width, its height, levels below the top)."""
    iw, ih = t["size"]
    k = math.ceil(math.log2(pixels_per_point / t["scale"]))
    k = min(max(k, t["bias"] - t["lod"] + 1), t["bias"])
    want = t["scale"] * 2.0 ** k
    top = math.ceil(math.log2(max(iw, ih)))
    lw, lh, down = iw, ih, 0
    while down < top:
        nw, nh = -(-lw // 2), -(-lh // 2)
        if nw / w < want or nh / h < want:
            break
        lw, lh, down = nw, nh, down + 1
    return top - down, lw, lh, down


def _pyramid_image(path, down):
    """The image `down` levels below the full one: 2 × 2 means of premultiplied RGBA each step,
    rounded (an odd side's last row or column averages what it has), as a skia.Image."""
    import numpy as np
    import skia
    from PIL import Image
    with Image.open(path) as im:
        c = np.asarray(im.convert("RGBA")).astype(np.float64)
    a = np.round(np.concatenate([c[..., :3] * c[..., 3:4] / 255, c[..., 3:4]], -1))
    for _ in range(down):
        h, w = a.shape[:2]
        p = np.pad(a, ((0, h % 2), (0, w % 2), (0, 0)), mode="edge")
        a = np.floor((p[0::2, 0::2] + p[1::2, 0::2] + p[0::2, 1::2] + p[1::2, 1::2]) / 4 + 0.5)
    return skia.Image.fromarray(np.ascontiguousarray(a.astype(np.uint8)), skia.ColorType.kRGBA_8888_ColorType,
                                skia.AlphaType.kPremul_AlphaType)


def _filter(L, key, where):
    v = L.get(key, "linear")
    if v not in ("linear", "nearest"):
        raise SystemExit(f"{where}.{key}: {v!r} is not a filter")
    return v


def _sublayers(items, where, base):
    """The visible sublayers in drawing order: ascending zPosition, ties in array order. A hidden
    mask hides its layer (docs/scene-format.md)."""
    out = [(float(S.get("zPosition", 0)), _layer(S, f"{where}.sublayers[{i}]", base))
           for i, S in enumerate(items) if not S.get("isHidden", False)
           and not (isinstance(S.get("mask"), dict) and S["mask"].get("isHidden", False))]
    for i, (_, S) in enumerate(out):
        S["order"] = i  # array order, which a transform layer's depth sort keeps for ties
    return [S for _, S in sorted(out, key=lambda e: e[0])]


def load_scene(path):
    with open(path) as f:
        import json
        scene = json.load(f)
    c = scene["canvas"]
    if set(c) - CANVAS_KEYS:
        raise SystemExit(f"{path}: canvas: not supported: {sorted(set(c) - CANVAS_KEYS)}")
    base = os.path.dirname(os.path.abspath(path))
    layers = _sublayers(scene.get("sublayers", []), f"{path}: ", base)
    scale = float(c.get("scale", 1))
    # round(side × scale), halves away from zero (Python's round() would take them to even).
    return {"w": math.floor(c["width"] * scale + 0.5), "h": math.floor(c["height"] * scale + 0.5), "scale": scale,
            "bg": parse_color(c.get("backgroundColor")), "layers": layers}


def _walk(layers):
    for L in layers:
        yield L
        yield from _walk(L["sublayers"] + ([L["mask"]] if L.get("mask") else []))


def _png_size(path):
    """A PNG's width and height from its header (what the natural size needs before any decode)."""
    import struct
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    return struct.unpack(">II", head[16:24])


def _gravity_rect(gravity, rect, iw, ih):
    """Where contentsGravity puts contents of natural size iw × ih points (_natural_size)
    in the bounds `rect` (top = visual top, y down); no clipping."""
    x, y, w, h = rect
    if gravity == "resize":
        return rect
    if gravity in ("resizeAspect", "resizeAspectFill"):
        k = (min if gravity == "resizeAspect" else max)(w / iw, h / ih)
        iw, ih = iw * k, ih * k
        return (x + (w - iw) / 2, y + (h - ih) / 2, iw, ih)
    gx = x if "left" in gravity.lower() else x + w - iw if "right" in gravity.lower() else x + (w - iw) / 2
    gy = y if gravity.startswith("top") else y + h - ih if gravity.startswith("bottom") else y + (h - ih) / 2
    return (gx, gy, iw, ih)


def _shadow_path(L, where):
    """shadowPath as a shape-like dict for _skia_path (filled non-zero), or None."""
    path = L.get("shadowPath")
    if path is None:
        return None
    return {"path": _path_commands(path, f"{where}.shadowPath") if isinstance(path, str) else path, "evenOdd": False}


def _local4(L):
    """The layer's bounds → its superlayer's (before the superlayer's sublayerTransform), unflattened:
    T(−anchor, −anchorPointZ) · transform · T(position, zPosition)."""
    ax, ay = L["anchor"]
    m = _mul4(_translation4(-ax, -ay, -L["anchorZ"]), L["transform4"])
    return _mul4(m, _translation4(L["origin"][0], L["origin"][1], L["z"]))


def _in_3d(L, parent_sublayer, alpha):
    """A transform layer's sublayers as they keep their 3D positions: (layer, 4×4 from the space of
    the layer's superlayer to the transform layer's superlayer's plane, depth, alpha) in drawing
    order. Each sublayer's map is its own · the transform layer's sublayerTransform about its anchor
    point · the transform layer's own map · what lies above (all 4×4, projected only at the end);
    transform layers inside join the same space. The order is back to front by the depth of each
    bounds centre (z ÷ w, +z toward the viewer), ties in array order (a stable sort). The transform
    layer's opacity multiplies into each sublayer; nothing of its own is drawn."""
    items = []

    def collect(T, above, a):
        base = _mul4(_local4(T), above) if above is not None else _local4(T)
        inner = _sublayer_space(T)
        if inner is not None:
            base = _mul4(inner, base)
        a = a * T["opacity"]
        for S in sorted(T["sublayers"], key=lambda S: S["order"]):
            if S["transformLayer"]:
                collect(S, base, a)
                continue
            x, y, w, h = S["rect"]
            c = _mul4([[x + w / 2, y + h / 2, 0, 1]] + [[0, 0, 0, 0]] * 3, _mul4(_local4(S), base))[0]
            items.append((S, base, c[2] / c[3], a))
    collect(L, parent_sublayer, alpha)
    return sorted(items, key=lambda e: e[2])


def _contents_slicing(L, where):
    """contentsRect, contentsCenter (unit rects) and contentsScale, as read; None for the defaults."""
    keys = ("contentsRect", "contentsCenter", "contentsScale")
    if not any(k in L for k in keys):
        return None
    rect = [float(v) for v in L.get("contentsRect", [0, 0, 1, 1])]
    center = [float(v) for v in L.get("contentsCenter", [0, 0, 1, 1])]
    scale = float(L.get("contentsScale", 1))
    if scale <= 0 or rect[2] <= 0 or rect[3] <= 0:
        raise UnsupportedScene(f"{where}: an empty contentsRect or a contentsScale of 0 is not translated")
    return {"rect": rect, "center": center, "scale": scale}


def _natural_size(L):
    """The contents' natural size in points: the contentsRect's pixel size ÷ contentsScale."""
    iw, ih = L["imageSize"]
    sl = L["slices"]
    if sl is None:
        return iw, ih
    return sl["rect"][2] * iw / sl["scale"], sl["rect"][3] * ih / sl["scale"]


def _nine_slices(L, dest):
    """(source rect in image pixels, destination rect in points) pairs that draw the contents
    into `dest` (where the gravity put them). The source is the contentsRect's pixels; with a
    contentsCenter (a unit rect of that sub-image) the edges around it keep their natural size
    (pixels ÷ contentsScale), both edges of an axis shrinking by one factor when together they
    are wider than `dest`, and the middle stretches over the rest. Empty pieces are left out."""
    iw, ih = L["imageSize"]
    sl = L["slices"] or {"rect": [0, 0, 1, 1], "center": [0, 0, 1, 1], "scale": 1.0}
    sx, sy, sw, sh = sl["rect"][0] * iw, sl["rect"][1] * ih, sl["rect"][2] * iw, sl["rect"][3] * ih
    cx, cy, cw, ch = sl["center"]

    def axis(s0, slen, c0, clen, d0, dlen):
        """Source and destination cuts (four each) along one axis."""
        src = [s0, s0 + c0 * slen, s0 + (c0 + clen) * slen, s0 + slen]
        lo, hi = c0 * slen / sl["scale"], (1 - c0 - clen) * slen / sl["scale"]
        if lo + hi > dlen:
            k = dlen / (lo + hi)
            lo, hi = lo * k, hi * k
        return src, [d0, d0 + lo, d0 + dlen - hi, d0 + dlen]
    dx, dy, dw, dh = dest
    xs, xd = axis(sx, sw, cx, cw, dx, dw)
    ys, yd = axis(sy, sh, cy, ch, dy, dh)
    out = []
    for j in range(3):
        for i in range(3):
            src = (xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j])
            dst = (xd[i], yd[j], xd[i + 1] - xd[i], yd[j + 1] - yd[j])
            if src[2] > 0 and src[3] > 0 and dst[2] > 0 and dst[3] > 0:
                out.append((src, dst))
    return out


def _extent(L):
    """The layer's bounds united with its sublayers' output, shadows included (in its bounds
    space), as a new skia.Rect: what a saved layer for the layer's own shadow must hold.
    Worked out once per layer and kept (timed frames redo none of it)."""
    import skia
    if "_extent" not in L:
        L["_extent"] = _extent_of(L)
    return skia.Rect.MakeLTRB(*L["_extent"])


def _extent_of(L):
    """`_extent` worked out, as (left, top, right, bottom)."""
    import skia
    x, y, w, h = L["rect"]
    e = skia.Rect.MakeXYWH(x, y, w, h)
    if L["image"]:
        e.join(skia.Rect.MakeXYWH(*_gravity_rect(L["gravity"], L["rect"], *_natural_size(L))))
    if L["shape"]:
        sh = L["shape"]
        grow = sh["width"] * max(sh["miter"], 1) if sh["stroke"] else 0
        e.join(_skia_path(sh).computeTightBounds().makeOutset(grow, grow))
    if L["shadowPath"] and L["shadow"]:
        e.join(_skia_path(L["shadowPath"]).computeTightBounds())
    for inner, _ in _instances(L):
        for S in L["sublayers"]:
            # A transform layer draws nothing itself: its 3D sublayers land in this space directly.
            for T, chain, _, _ in _in_3d(S, inner, 1.0) if S["transformLayer"] else [(S, inner, 0, 0)]:
                out = _extent(T)
                if T["shadow"]:
                    _, (dx, dy), sigma = T["shadow"]
                    out.join(out.makeOffset(dx, dy).makeOutset(3 * sigma + 1, 3 * sigma + 1))
                e.join(_map(T, chain).mapRect(out))
    return (e.left(), e.top(), e.right(), e.bottom())


def _stroke_source(sh):
    """The path the stroke draws, for a stroke that is trimmed or dashed (None otherwise), built
    once per shape and kept (timed frames redo none of it):
    strokeStart…strokeEnd, then lineDashPattern from lineDashPhase. Trimming takes fractions of
    the whole length, all subpaths together, and a trimmed closed subpath becomes open; dashing
    restarts the pattern on each piece (Skia's dash effect restarts on each contour). An odd
    pattern is repeated once (dash and gap swap); the phase wraps into one period. Lengths are
    measured at 64 times Skia's default resolution: at 1 its measure of curves comes out short
    by up to about 0.2 % (a rounded rect 117.75 × 33.25 with corners of 14.15 measures 277.13
    points, not 277.71), which moves where a trim ends and where each dash falls (seed 2800192
    of the outside check lost a last, 0.32-point dash to it). Skia's trim effect always measures
    at 1, so the trim is done here; the dash effect takes the resolution from the stroke record."""
    import skia
    if "_source" in sh:
        return sh["_source"]
    start, end = sh["trim"]
    if not (start > 0 or end < 1 or sh["dash"]):
        sh["_source"] = None
        return None
    path = _skia_path(sh)
    res = 64.0
    if start > 0 or end < 1:
        contours, m = [], skia.PathMeasure(path, False, res)
        while True:
            contours.append(m.getLength())
            if not m.nextContour():
                break
        total = sum(contours)
        a, b = max(start, 0.0) * total, min(end, 1.0) * total
        trimmed, m, offset = skia.Path(), skia.PathMeasure(path, False, res), 0.0
        for length in contours:
            lo, hi = max(a - offset, 0.0), min(b - offset, length)
            if lo < hi:
                # Each piece into a path of its own: skia-python's getSegment replaces what its
                # destination held (Skia's C++ appends), which lost every subpath but the last.
                piece = skia.Path()
                m.getSegment(lo, hi, piece, True)
                if m.isClosed() and lo <= 0 and hi >= length:
                    piece.close()  # a closed subpath the trim leaves whole stays closed (joined at its start)
                trimmed.addPath(piece)
            offset += length
            m.nextContour()
        path = trimmed
    if sh["dash"]:
        intervals = sh["dash"] * (2 if len(sh["dash"]) % 2 else 1)
        period = sum(intervals)
        dashed = skia.Path()
        # A hairline record: for a stroke record with butt caps, Skia turns the dashes of a single
        # line into filled rectangles (and the record into a fill), which stroking would widen.
        rec = skia.StrokeRec(skia.StrokeRec.InitStyle.kHairline_InitStyle)
        rec.setResScale(res)
        dash = skia.DashPathEffect.Make(intervals, sh["phase"] % period)
        if start > 0 or end < 1:
            dash.filterPath(dashed, path, rec, None)
        else:
            dashed = _dash_keeping_whole_contours(path, intervals, sh["phase"] % period, dash, rec, res)
        path = dashed
    sh["_source"] = path
    return path


def _dash_keeping_whole_contours(path, intervals, phase, dash, rec, res):
    """An untrimmed path dashed contour by contour, except a closed contour that the dash leaving
    its start covers whole (that dash runs at least the contour's length): the format strokes it
    as if solid, while Skia's dash effect would end that dash with caps at the start point (except
    on an axis-aligned rect). On other closed contours Skia's dash effect joins a dash running
    into the end to the one leaving the start, and not one that only begins at the end, as the
    format says."""
    import skia
    p, i = phase, 0
    while p > 0 and p >= intervals[i]:
        p -= intervals[i]
        i = (i + 1) % len(intervals)
    on_for = intervals[i] - p if i % 2 == 0 else 0.0  # how far the dash leaving the start runs
    out, m = skia.Path(), skia.PathMeasure(path, False, res)
    while True:
        length, c = m.getLength(), skia.Path()
        if length > 0 and m.getSegment(0, length, c, True):
            if m.isClosed():
                c.close()
            if m.isClosed() and on_for >= length:
                out.addPath(c)
            else:
                d = skia.Path()
                if dash.filterPath(d, c, rec, None):
                    out.addPath(d)
        if not m.nextContour():
            break
    return out


def _drawn_box(L, M):
    """The box of what L draws through M (a skia.Matrix from L's bounds space to a rasterized
    layer's bitmap pixels), as a skia.Rect, or None when it draws nothing: the format's "local
    bounding box of everything the layer draws" for shouldRasterize. Exact, not generous: the
    bitmap gets no transparent margin, which would soften its clamped edge when it is enlarged.
    Background and border cover the bounds, contents their gravity rect, a gradient its bounds,
    a shape the tight bounds of its fill and stroke outline; sublayers (replicator instances
    and transform layers' planes too) through their own maps; a hard shadow (shadowRadius 0) is
    the body's pixel box moved by the offset, a blurred one reaches 3σ + 1 further (its tail
    there is below a level); masksToBounds and a mask cut the whole."""
    import skia
    if L["opacity"] <= 0:
        return None
    x, y, w, h = L["rect"]
    rect = skia.Rect.MakeXYWH(x, y, w, h)
    box = None

    def join(r):
        nonlocal box
        if r is None or r.isEmpty():
            return
        if box is None:
            box = skia.Rect.MakeLTRB(r.left(), r.top(), r.right(), r.bottom())
        else:
            box.join(r)

    def mapped_bounds(q):
        """The tight bounds of path q through M (not the box of its mapped box)."""
        q = skia.Path(q)
        q.transform(M)
        return q.computeTightBounds()
    if w > 0 and h > 0 and ((L["bg"] and L["bg"][3] > 0) or (L["borderColor"] and L["borderColor"][3] > 0)):
        join(M.mapRect(rect))
    if L["image"]:
        join(M.mapRect(skia.Rect.MakeXYWH(*_gravity_rect(L["gravity"], L["rect"], *_natural_size(L)))))
    if L["gradient"] and w > 0 and h > 0:
        join(M.mapRect(rect))
    if L["shape"]:
        sh = L["shape"]
        path = _skia_path(sh)
        if sh["fill"] and sh["fill"][3] > 0:
            join(mapped_bounds(path))
        if sh["stroke"] and sh["stroke"][3] > 0 and sh["width"] > 0 and sh["trim"][0] < sh["trim"][1]:
            caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
            joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
            sp = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=sh["width"], StrokeCap=caps[sh["cap"]],
                            StrokeJoin=joins[sh["join"]], StrokeMiter=sh["miter"])
            outline = skia.Path()
            source = _stroke_source(sh)
            sp.getFillPath(path if source is None else source, outline)
            join(mapped_bounds(outline))
    for inner, _ in _instances(L):
        for S in L["sublayers"]:
            for T, chain, _, _ in _in_3d(S, inner, 1.0) if S["transformLayer"] else [(S, inner, 0, 0)]:
                join(_drawn_box(T, skia.Matrix.Concat(M, _map(T, chain))))
    if L["shadow"]:
        _, (dx, dy), sigma = L["shadow"]
        ax, ay = x + w / 2, y + h / 2
        o, q = M.mapXY(ax, ay), M.mapXY(ax + dx, ay + dy)
        k = max(abs(M.mapVector(1, 0).length()), abs(M.mapVector(0, 1).length()))
        if L["shadowPath"]:
            moved = skia.Path(_skia_path(L["shadowPath"]))
            moved.offset(dx, dy)
            src = mapped_bounds(moved)
            join(src.makeOutset((3 * sigma + 1) * k, (3 * sigma + 1) * k) if sigma > 0 else src)
        elif box is not None:
            if sigma > 0:
                join(box.makeOffset(q.x() - o.x(), q.y() - o.y()).makeOutset((3 * sigma + 1) * k, (3 * sigma + 1) * k))
            else:
                px = skia.Rect.MakeLTRB(math.floor(box.left()), math.floor(box.top()),
                                        math.ceil(box.right()), math.ceil(box.bottom()))
                join(px.makeOffset(q.x() - o.x(), q.y() - o.y()))
    if box is not None and L["clip"]:
        if not box.intersect(M.mapRect(rect)):
            return None
    if box is not None and L["mask"]:
        m = _drawn_box(L["mask"], skia.Matrix.Concat(M, _map(L["mask"], None)))
        if m is None or not box.intersect(m):
            return None
    return box


def _texels_per_pixel(M, src, dst):
    """GL's scale factor rho for image pixels `src` drawn into `dst` (both (x, y, w, h)) through the
    skia.Matrix M (points to device pixels, perspective allowed), at dst's centre: the longer of
    the texel-space steps that one device pixel along x and along y makes (the screen-space
    derivatives of the texel coordinates, mapped back through M's inverse)."""
    import skia
    inv = skia.Matrix()
    if not M.invert(inv):
        return 1.0
    c = M.mapXY(dst[0] + dst[2] / 2, dst[1] + dst[3] / 2)
    o, ex, ey = (inv.mapXY(c.x() + dx, c.y() + dy) for dx, dy in ((0, 0), (1, 0), (0, 1)))
    ku, kv = src[2] / dst[2], src[3] / dst[3]

    def length(q):
        return math.hypot((q.x() - o.x()) * ku, (q.y() - o.y()) * kv)
    return max(length(ex), length(ey))


def _hybrid_image(colour, mask):
    """A colour image and its contentsAlphaMask combined as the format says (docs/scene-format.md,
    Hybrid images), as a premultiplied skia.Image: the colour premultiplied (rounded), then each
    premultiplied pixel times m / 255 rounded to nearest, with m the mask's alpha if any of its
    pixels is not opaque, else its luminance round(0.299 R + 0.587 G + 0.114 B). Same size required."""
    import numpy as np
    import skia
    from PIL import Image
    with Image.open(colour) as a, Image.open(mask) as b:
        c = np.asarray(a.convert("RGBA")).astype(np.int64)
        k = np.asarray(b.convert("RGBA")).astype(np.int64)
    if c.shape != k.shape:
        raise SystemExit(f"{mask}: the alpha mask is {k.shape[1]}×{k.shape[0]} but {colour} is {c.shape[1]}×{c.shape[0]}")
    if (k[..., 3] < 255).any():
        m = k[..., 3]
    else:
        m = np.floor(0.299 * k[..., 0] + 0.587 * k[..., 1] + 0.114 * k[..., 2] + 0.5).astype(np.int64)
    a = c[..., 3:4]
    premultiplied = np.concatenate([(c[..., :3] * a + 127) // 255, a], axis=-1)
    out = (premultiplied * m[..., None] + 127) // 255
    return skia.Image.fromarray(out.astype(np.uint8), skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)


# ---------------------------------------------------------------- Skia
class SkiaRenderer:
    """Skia's CPU raster (gpu_context None) or Ganesh on `gpu_context` (a GrDirectContext)."""

    def __init__(self, tree, gpu_context=None, readback=False):
        import skia
        self.skia, self.tree, self.gpu, self.readback = skia, tree, gpu_context, readback
        info = skia.ImageInfo.MakeN32Premul(tree["w"], tree["h"])
        if gpu_context is not None:
            self.surface = skia.Surface.MakeRenderTarget(gpu_context, skia.Budgeted.kNo, info)
            if self.surface is None:
                raise SystemExit("peer_bench: skia could not make a GPU render target")
        else:
            self.surface = skia.Surface.MakeRaster(info)
        self.images = {}
        for L in _walk(tree["layers"]):
            if L["text"]:
                # The backing image, made once (as the compositor keeps it between frames).
                img = translate_text.backing_image(L["text"], *L["rect"][2:])
                L["textImage"] = img.makeTextureImage(gpu_context) if gpu_context and img else img
            key = (L["image"], L["alphaMask"])
            if L["image"] and key not in self.images:
                img = _hybrid_image(*key) if L["alphaMask"] else skia.Image.open(L["image"])
                # Textures uploaded once, before timing (the compositor uploads on its first frame too).
                self.images[key] = img.makeTextureImage(gpu_context) if gpu_context else img.makeRasterImage()
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
        self.nearest = skia.SamplingOptions(skia.FilterMode.kNearest)
        self.pixels = bytearray(tree["w"] * tree["h"] * 4) if readback else None
        # What the replicator instances being drawn multiply every colour by (straight RGBA).
        self.tint = (1.0, 1.0, 1.0, 1.0)

    def _color(self, c, alpha):
        """Straight colour `c` faded by `alpha` and multiplied by the instance colour, as a Color4f."""
        t = self.tint
        return self.skia.Color4f(c[0] * t[0], c[1] * t[1], c[2] * t[2], c[3] * t[3] * alpha)

    def _tint_filter(self):
        """The instance colour as a colour filter (for images and gradients), or None."""
        t = self.tint
        if t == (1.0, 1.0, 1.0, 1.0):
            return None
        return self.skia.ColorFilters.Matrix([t[0], 0, 0, 0, 0, 0, t[1], 0, 0, 0, 0, 0, t[2], 0, 0, 0, 0, 0, t[3], 0])

    def _draw(self, canvas, L, parent_alpha, parent_sublayer=None):
        skia = self.skia
        if L["transformLayer"]:
            for S, chain, _, alpha in _in_3d(L, parent_sublayer, parent_alpha):
                self._draw(canvas, S, alpha, chain)
            return
        if _faces_away(L, parent_sublayer):
            return
        canvas.save()
        canvas.concat(_map(L, parent_sublayer))
        if L.get("rasterize"):
            self._rasterized(canvas, L, parent_alpha)
            canvas.restore()
            return
        # Group opacity when the effective opacity (own × what non-group ancestors, such as a
        # transform layer, passed down) is below 1 and there is a sublayer; inside it, full opacity.
        group = L["groupOpacity"] and L["hasSublayers"] and L["opacity"] * parent_alpha < 1
        alpha = 1.0 if group else parent_alpha * L["opacity"]
        if group:
            # Group opacity fades the layer's whole output, its shadow included.
            gp = skia.Paint()
            gp.setAlphaf(L["opacity"] * parent_alpha)
            canvas.saveLayer(None, gp)
        if L["mask"]:
            canvas.saveLayer(None, None)
        if L["shadow"]:
            self._shadow(canvas, L, alpha)
        else:
            self._content(canvas, L, alpha)
        if L["mask"]:
            # The mask's composited alpha multiplies the layer's whole output, shadow included.
            mp = skia.Paint()
            mp.setBlendMode(skia.BlendMode.kDstIn)
            canvas.saveLayer(None, mp)
            # A mask is not drawn, only its alpha used: replicator instance colours leave it alone.
            outer_tint, self.tint = self.tint, (1.0, 1.0, 1.0, 1.0)
            self._draw(canvas, L["mask"], 1.0)
            self.tint = outer_tint
            canvas.restore()
            canvas.restore()
        if group:
            canvas.restore()
        canvas.restore()

    def _rasterized(self, canvas, L, parent_alpha):
        """shouldRasterize: the layer's whole output (shadow, clip and mask included) at full
        opacity into a bitmap of rasterizationScale pixels per point in the layer's own space,
        covering the local bounding box of what it draws (_drawn_box) snapped outward to that pixel
        grid (local (0, 0) on a pixel corner), with no margin; drawn back as a quad of exactly that
        box, bilinear, clamped at the bitmap's edges, faded by the opacity, antialiased only with
        allowsEdgeAntialiasing. (A transparent margin would not be the same picture: enlarged,
        the clamped edge row would blend with it.)"""
        skia = self.skia
        sc = L["rasterize"]
        e = _drawn_box(dict(L, _map=skia.Matrix()), skia.Matrix.Scale(sc, sc))
        if e is None:
            return
        x0, y0 = math.floor(e.left()), math.floor(e.top())
        x1, y1 = math.ceil(e.right()), math.ceil(e.bottom())
        if x1 <= x0 or y1 <= y0:
            return
        bitmap = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(x1 - x0, y1 - y0))
        c = bitmap.getCanvas()
        c.clear(skia.Color4f(0, 0, 0, 0))
        c.translate(-x0, -y0)
        c.scale(sc, sc)
        inner = dict(L, rasterize=None, opacity=1.0, _map=skia.Matrix())
        self._draw(c, inner, 1.0)
        p = skia.Paint(AntiAlias=L["aa"])
        p.setAlphaf(L["opacity"] * parent_alpha)
        box = (x0 / sc, y0 / sc, (x1 - x0) / sc, (y1 - y0) / sc)
        canvas.drawImageRect(bitmap.makeImageSnapshot(), skia.Rect.MakeWH(x1 - x0, y1 - y0),
                             skia.Rect.MakeXYWH(*box), self._sampling(canvas, L, (0, 0, x1 - x0, y1 - y0), box), p,
                             skia.Canvas.kFast_SrcRectConstraint)

    def _sampling(self, canvas, L, src, dst):
        """Linear or nearest for drawing image pixels `src` (x, y, w, h) into `dst` (points) through
        the canvas's matrix: the layer's filters, by GL's rule (magnification where a texel covers
        at least a pixel, rho <= 1 at the centre of `dst`; _texels_per_pixel)."""
        lo, hi = L["filters"]
        f = lo if lo == hi else hi if _texels_per_pixel(canvas.getTotalMatrix(), src, dst) <= 1 else lo
        return self.nearest if f == "nearest" else self.sampling

    def _shadow(self, canvas, L, alpha):
        """The layer's shadow, then its content. The shadow's source is the content at full
        opacity, its alpha untouched by the instance colour; the shadow is then faded by `alpha`
        and tinted like every other part of the layer."""
        skia = self.skia
        x, y, w, h = L["rect"]
        rad = L["radius"]
        (r, g, bl, sa), (dx, dy), sigma = L["shadow"]
        if L["shadowPath"]:
            # The path filled (non-zero, antialiased), offset and blurred in the layer's space, faded
            # like every part; no offscreen pass.
            path = skia.Path(_skia_path(L["shadowPath"]))
            path.offset(dx, dy)
            sp = skia.Paint(AntiAlias=True, Color4f=self._color((r, g, bl, sa), alpha),
                            MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma) if sigma > 0 else None)
            canvas.drawPath(path, sp)
            self._content(canvas, L, alpha)
            return
        if not L["sublayers"] and not L["image"] and not L["gradient"] and not L["shape"] and not L["text"] \
                and L["bg"] and L["bg"][3] >= 1 and (sigma > 0 or rad > 0 or L["aa"]):
            # A plain opaque (rounded) rect: Skia's own fast path, a blur mask filter on the shape.
            # Not for a hard shadow of an aliased rect: its source is the background's aliased
            # pixels, moved by the offset (resampled where that is not whole pixels), which the
            # drop-shadow filter below gives and an antialiased rect at the offset does not.
            sp = skia.Paint(AntiAlias=True, Color4f=self._color((r, g, bl, sa), alpha),
                            MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma) if sigma > 0 else None)
            canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x + dx, y + dy, w, h), rad, rad), sp)
            self._content(canvas, L, alpha)
            return
        # The shadow of the composited layer: a drop-shadow filter on a saved layer, bounded
        # (an unbounded layer covers the whole canvas and costs several times more).
        bounds = _extent(L).makeOutset(3 * sigma + abs(dx) + 1, 3 * sigma + abs(dy) + 1)
        if alpha >= 1 and self.tint[3] >= 1 and canvas.getTotalMatrix().isScaleTranslate():
            # Shadow and content in one layer: the content is its own full-opacity source.
            # (Under a rotation Skia filters the layer in an axis-aligned space and resamples
            # it back, which would blur the content too: then the shadow goes alone, below.)
            p = skia.Paint(ImageFilter=skia.ImageFilters.DropShadow(dx, dy, sigma, sigma,
                                                                    self._color((r, g, bl, sa), 1.0).toColor()))
            canvas.saveLayer(bounds, p)
            self._content(canvas, L, 1.0)
            canvas.restore()
            return
        # Faded parts overlap (background under contents), so the faded content is not the
        # source: the shadow alone from the content at full opacity (and without the instance
        # colour's alpha), then the faded content drawn directly.
        p = skia.Paint(ImageFilter=skia.ImageFilters.DropShadowOnly(dx, dy, sigma, sigma,
                                                                    self._color((r, g, bl, sa), alpha).toColor()))
        canvas.saveLayer(bounds, p)
        outer_tint, self.tint = self.tint, self.tint[:3] + (1.0,)
        self._content(canvas, L, 1.0)
        self.tint = outer_tint
        canvas.restore()
        self._content(canvas, L, alpha)

    def _content(self, canvas, L, alpha):
        """Background, contents, sublayers and border, each faded by `alpha`, clipped by masksToBounds."""
        skia = self.skia
        x, y, w, h = L["rect"]
        rad = L["radius"]
        canvas.save()
        # Background, border and the clip are antialiased when rounded or with
        # allowsEdgeAntialiasing; contents and gradients only with the latter.
        paint = skia.Paint(AntiAlias=rad > 0 or L["aa"])
        rect = skia.Rect.MakeXYWH(x, y, w, h)
        outer = skia.RRect.MakeRectXY(rect, rad, rad)
        soft_clip = L["clip"] and (rad > 0 or L["aa"])
        if soft_clip:
            # masksToBounds, antialiased: the clip's coverage multiplies the composited parts (the
            # format's "clip over all of it"), in a layer. Clipping each part by itself would let
            # a part below show through the antialiased edge of a part above (conflation).
            # The background and the border's outer edge lie on the clip's edge: they are drawn
            # past the bounds (`spill`), so the clip alone antialiases that edge and an edge pixel
            # gets the area of the intersection, not the product of two coverages.
            spill = outer.rect().makeOutset(2, 2)
            canvas.saveLayer(spill, None)
        elif L["clip"]:
            # masksToBounds: everything the layer draws, inside its bounds.
            canvas.clipRRect(outer, False)
        if L["bg"]:
            paint.setColor4f(self._color(L["bg"], alpha))
            if soft_clip:
                canvas.drawRect(spill, paint)
            elif rad > 0:
                canvas.drawRRect(outer, paint)
            else:
                canvas.drawRect(rect, paint)
        if L["image"]:
            img = self.images[(L["image"], L["alphaMask"])]
            ip = skia.Paint(AntiAlias=L["aa"], ColorFilter=self._tint_filter())
            ip.setAlphaf(alpha)
            if L["opaque"] and alpha >= 1 and not L["aa"]:
                # isOpaque: the contents are drawn with blending off (the format's blending hint):
                # where the promise is broken, their pixels replace what lies beneath, alpha too.
                ip.setBlendMode(skia.BlendMode.kSrc)
            dest = _gravity_rect(L["gravity"], (x, y, w, h), *_natural_size(L))
            for src, dst in _nine_slices(L, dest):
                # kFast: bilinear samples past the source rect reach the image's other texels
                # (clamped only at the whole image's edge), as the format says.
                canvas.drawImageRect(img, skia.Rect.MakeXYWH(*src), skia.Rect.MakeXYWH(*dst),
                                     self._sampling(canvas, L, src, dst), ip, skia.Canvas.kFast_SrcRectConstraint)
        if L["tiled"] and L["tiled"]["path"] and w > 0 and h > 0:
            # The level its on-screen scale needs (at the bounds' centre), drawn over the bounds like
            # contents with resize gravity (the tiles' overlap makes the seams one big image's).
            ppp = _texels_per_pixel(canvas.getTotalMatrix(), (0, 0, w, h), (x, y, w, h))
            _, lw, lh, down = _tiled_level(L["tiled"], 1 / ppp, w, h)
            key = (L["tiled"]["path"], down)
            if key not in self.images:
                self.images[key] = _pyramid_image(*key)
            tp = skia.Paint(AntiAlias=L["aa"], ColorFilter=self._tint_filter())
            tp.setAlphaf(alpha)
            canvas.drawImageRect(self.images[key], skia.Rect.MakeWH(lw, lh), rect, self.sampling, tp,
                                 skia.Canvas.kFast_SrcRectConstraint)
        if L.get("textImage"):
            # The backing image's pixels are 1/contentsScale points from the bounds' top-left corner:
            # the bounds show width × scale by height × scale of them (the rest of the last,
            # ceil-rounded, pixel lies outside), sampled as contents are.
            s = L["text"]["scale"]
            tp = skia.Paint(AntiAlias=L["aa"], ColorFilter=self._tint_filter())
            tp.setAlphaf(alpha)
            canvas.drawImageRect(L["textImage"], skia.Rect.MakeWH(w * s, h * s), rect, self.sampling, tp,
                                 skia.Canvas.kFast_SrcRectConstraint)
        if L["gradient"]:
            gp = skia.Paint(AntiAlias=L["aa"], Shader=self._gradient_shader(L["gradient"], (x, y, w, h)),
                            ColorFilter=self._tint_filter())
            gp.setAlphaf(alpha)
            canvas.drawRect(rect, gp)
        if L["shape"]:
            self._draw_shape(canvas, L["shape"], alpha)
        if L["replicator"]:
            # Each instance multiplies every colour it draws, part by part (inside groups, masks
            # and clips too, as drawn without them); a mask's alpha and a shadow's shape are untinted.
            outer_tint = self.tint
            for inner, color in _instances(L):
                self.tint = tuple(a * b for a, b in zip(outer_tint, color))
                for S in L["sublayers"]:
                    self._draw(canvas, S, alpha, inner)
            self.tint = outer_tint
        elif L["sublayers"]:
            inner = _sublayer_space(L)
            for S in L["sublayers"]:
                self._draw(canvas, S, alpha, inner)
        if L["borderColor"]:
            bw = L["border"]
            paint.setColor4f(self._color(L["borderColor"], alpha))
            if w > 2 * bw and h > 2 * bw:
                ir = max(0.0, rad - bw)
                inner = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x + bw, y + bw, w - 2 * bw, h - 2 * bw), ir, ir)
                if soft_clip:
                    ring = skia.Path()
                    ring.addRect(spill)
                    ring.addRRect(inner)
                    ring.setFillType(skia.PathFillType.kEvenOdd)
                    canvas.drawPath(ring, paint)
                else:
                    canvas.drawDRRect(outer, inner, paint)
            elif soft_clip:
                canvas.drawRect(spill, paint)
            else:
                canvas.drawRRect(outer, paint)
        if soft_clip:
            mp = skia.Paint()
            mp.setBlendMode(skia.BlendMode.kDstIn)
            canvas.saveLayer(spill, mp)
            canvas.drawRRect(outer, skia.Paint(AntiAlias=True))
            canvas.restore()
            canvas.restore()
        canvas.restore()

    def _draw_shape(self, canvas, sh, alpha):
        """Fill, then stroke, always antialiased. Fill and stroke are one part: faded together
        (through a layer) when both draw, so the fill never shows through the stroke."""
        skia = self.skia
        path = _skia_path(sh)
        fill = sh["fill"] if sh["fill"] and sh["fill"][3] > 0 else None
        stroke = sh["stroke"] if sh["stroke"] and sh["stroke"][3] > 0 and sh["width"] > 0 else None
        together = fill and stroke and alpha * self.tint[3] < 1
        a = 1.0 if together else alpha
        if together:
            lp = skia.Paint()
            lp.setAlphaf(alpha * self.tint[3])
            canvas.saveLayer(None, lp)
            outer_tint, self.tint = self.tint, self.tint[:3] + (1.0,)
        if fill:
            canvas.drawPath(path, skia.Paint(AntiAlias=True, Color4f=self._color(fill, a)))
        if stroke:
            caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
            joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
            sp = skia.Paint(AntiAlias=True, Color4f=self._color(stroke, a), Style=skia.Paint.kStroke_Style,
                            StrokeWidth=sh["width"], StrokeCap=caps[sh["cap"]], StrokeJoin=joins[sh["join"]],
                            StrokeMiter=sh["miter"])
            if sh["trim"][0] < sh["trim"][1]:
                source = _stroke_source(sh)
                canvas.drawPath(path if source is None else source, sp)
        if together:
            self.tint = outer_tint
            canvas.restore()

    def _gradient_shader(self, g, rect):
        """The gradient over `rect`: unit points scaled to it, colours interpolated unpremultiplied
        (Skia's default), clamped past the ends; a radial one elliptical with radii |end − start|."""
        skia = self.skia
        x, y, w, h = rect
        sx, sy = x + g["start"][0] * w, y + g["start"][1] * h
        ex, ey = x + g["end"][0] * w, y + g["end"][1] * h
        colors = [skia.Color4f(*c).toColor() for c in g["colors"]]
        if g["kind"] == "axial":
            return skia.GradientShader.MakeLinear([skia.Point(sx, sy), skia.Point(ex, ey)], colors, g["locations"],
                                                  skia.TileMode.kClamp)
        if g["kind"] == "conic":
            return self._conic_shader(g, (sx, sy), (ex, ey), colors)
        rx, ry = abs(ex - sx), abs(ey - sy)
        local = skia.Matrix.Scale(1, ry / rx)
        local.postTranslate(sx, sy)
        return skia.GradientShader.MakeRadial(skia.Point(0, 0), rx, colors, g["locations"], skia.TileMode.kClamp, 0, local)

    def _conic_shader(self, g, start, end, colors):
        """A conic gradient: centred on startPoint, t = 0 toward endPoint (in the bounds' points),
        growing clockwise on screen to 1 after a full turn. Skia's sweep starts along +x and turns
        toward +y (clockwise with y down), so it is turned by the endPoint's angle; a degenerate
        endPoint starts it pointing right."""
        skia = self.skia
        (sx, sy), (ex, ey) = start, end
        angle = math.degrees(math.atan2(ey - sy, ex - sx)) if (ex, ey) != (sx, sy) else 0.0
        local = skia.Matrix.RotateDeg(angle)
        local.postTranslate(sx, sy)
        return skia.GradientShader.MakeSweep(0, 0, colors, g["locations"], skia.TileMode.kClamp, 0, 360, 0, local)

    def _paint(self, canvas):
        """The whole frame's draw calls on `canvas`: clear, then every layer."""
        skia, t = self.skia, self.tree
        canvas.clear(skia.Color4f(*(t["bg"] or (0, 0, 0, 0))))
        canvas.save()
        canvas.scale(t["scale"], t["scale"])
        for L in t["layers"]:
            self._draw(canvas, L, 1.0)
        canvas.restore()

    def frame(self):
        """One frame drawn call by call from Python (the Python per layer is in its time)."""
        self._paint(self.surface.getCanvas())
        self._flush()

    def record(self):
        """Records the frame's draw calls once into an SkPicture, for `playback`."""
        recorder = self.skia.PictureRecorder()
        self._paint(recorder.beginRecording(self.skia.Rect.MakeWH(self.tree["w"], self.tree["h"])))
        self.picture = recorder.finishRecordingAsPicture()

    def playback(self):
        """One frame from the picture `record` made: Skia replays the calls
        natively (no BBH, so every call is issued), as a C++ client drawing
        its display list would; no Python per layer."""
        self.surface.getCanvas().drawPicture(self.picture)
        self._flush()

    def _flush(self):
        skia, t = self.skia, self.tree
        if self.gpu is not None:
            self.gpu.flushAndSubmit(skia.GrSyncCpu.kYes)
            if self.readback:
                self.surface.readPixels(skia.ImageInfo.MakeN32Premul(t["w"], t["h"]), self.pixels, t["w"] * 4, 0, 0)
        else:
            self.surface.flushAndSubmit()

    def write_png(self, path):
        self.surface.makeImageSnapshot().save(path, self.skia.kPNG)

    def close(self):
        self.images.clear()
        self.surface = None


# ---------------------------------------------------------------- cairo
class CairoRenderer:
    def __init__(self, tree):
        import cairo
        if any(L["shadow"] for L in _walk(tree["layers"])):
            raise UnsupportedScene("the scene has shadows and cairo has no blur")
        if any(L["mask"] or L["gradient"] or L["gravity"] != "resize" or L["slices"] or L["transformLayer"] or L["rasterize"]
               or L["alphaMask"] or L["filters"] != ("linear", "linear") or L["opaque"] or L["tiled"]
               or L["matrix"] is None
               or L["sublayerTransform"] is not None or L["replicator"] or L["aa"] or L["shape"]
               or not L["doubleSided"] or L["text"]
               for L in _walk(tree["layers"])):
            raise UnsupportedScene("masks, gradient, shape and transform layers, shouldRasterize, contentsGravity, contentsRect, "
                                   "contentsAlphaMask, nearest filters, isOpaque, tiled layers, "
                                   "contentsCenter, contentsScale, perspective, sublayerTransform, "
                                   "replicators, allowsEdgeAntialiasing, isDoubleSided false and text layers are "
                                   "translated for Skia only")
        self.cairo, self.tree = cairo, tree
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, tree["w"], tree["h"])
        self.images = {}
        for L in _walk(tree["layers"]):
            if L["image"] and L["image"] not in self.images:
                self.images[L["image"]] = cairo.ImageSurface.create_from_png(L["image"])

    @staticmethod
    def _rrect(cr, x, y, w, h, r):
        if r <= 0:
            cr.rectangle(x, y, w, h)
            return
        cr.new_sub_path()
        cr.arc(x + w - r, y + r, r, -math.pi / 2, 0)
        cr.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
        cr.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
        cr.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
        cr.close_path()

    def _draw(self, cr, L, parent_alpha):
        cairo = self.cairo
        cr.save()
        cr.translate(*L["origin"])
        a, b, c, d, e, f = L["matrix"]
        cr.transform(cairo.Matrix(a, b, c, d, e, f))
        cr.translate(-L["anchor"][0], -L["anchor"][1])
        group = L["groupOpacity"] and L["hasSublayers"] and L["opacity"] < 1
        alpha = parent_alpha if group else parent_alpha * L["opacity"]
        if group:
            cr.push_group()
        x, y, w, h = L["rect"]
        r = L["radius"]
        if L["clip"]:
            cr.set_antialias(cairo.ANTIALIAS_DEFAULT if r > 0 else cairo.ANTIALIAS_NONE)
            self._rrect(cr, x, y, w, h, r)
            cr.clip()
        cr.set_antialias(cairo.ANTIALIAS_DEFAULT if r > 0 else cairo.ANTIALIAS_NONE)
        if L["bg"]:
            cr.set_source_rgba(*L["bg"][:3], L["bg"][3] * alpha)
            self._rrect(cr, x, y, w, h, r)
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
            cr.paint_with_alpha(alpha)
            cr.restore()
        for S in L["sublayers"]:
            self._draw(cr, S, alpha)
        if L["borderColor"]:
            bw = L["border"]
            cr.set_antialias(cairo.ANTIALIAS_DEFAULT if r > 0 else cairo.ANTIALIAS_NONE)
            cr.set_source_rgba(*L["borderColor"][:3], L["borderColor"][3] * alpha)
            cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
            self._rrect(cr, x, y, w, h, r)
            if w > 2 * bw and h > 2 * bw:
                self._rrect(cr, x + bw, y + bw, w - 2 * bw, h - 2 * bw, max(0.0, r - bw))
            cr.fill()
            cr.set_fill_rule(cairo.FILL_RULE_WINDING)
        if group:
            cr.pop_group_to_source()
            cr.paint_with_alpha(L["opacity"] * parent_alpha)
        cr.restore()

    def _paint(self, surface):
        """The whole frame's drawing on `surface`: clear, then every layer."""
        cairo, t = self.cairo, self.tree
        cr = cairo.Context(surface)
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.set_source_rgba(*(t["bg"] or (0, 0, 0, 0)))
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        cr.scale(t["scale"], t["scale"])
        for L in t["layers"]:
            self._draw(cr, L, 1.0)

    def frame(self):
        """One frame drawn call by call from Python (the Python per layer is in its time)."""
        self._paint(self.surface)
        self.surface.flush()

    def record(self):
        """Records the frame's drawing once into a cairo recording surface, for `playback`."""
        t = self.tree
        self.recording = self.cairo.RecordingSurface(self.cairo.CONTENT_COLOR_ALPHA,
                                                     self.cairo.Rectangle(0, 0, t["w"], t["h"]))
        self._paint(self.recording)

    def playback(self):
        """One frame from the recording `record` made, replayed by cairo itself
        onto the image (a copy of the recording's operations, not of a cached
        bitmap: it takes about as long as drawing, less the Python)."""
        cr = self.cairo.Context(self.surface)
        cr.set_operator(self.cairo.OPERATOR_SOURCE)
        cr.set_source_surface(self.recording, 0, 0)
        cr.paint()
        self.surface.flush()

    def write_png(self, path):
        self.surface.write_to_png(path)

    def close(self):
        self.surface.finish()
