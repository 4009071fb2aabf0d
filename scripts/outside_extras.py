"""Layers for scripts/outside-scenes that use scene-format keys its main generator leaves out.

Each kind below exercises one part of docs/scene-format.md that benchmarks/peers/translate.py
translates from the format's text:
  filters       minificationFilter / magnificationFilter ("nearest" and "linear", equal or not)
                on images (gravities, contentsRect, contentsCenter, contentsScale) and on
                rasterized layers' bitmaps, mostly of texel noise where nearest applies (on
                smooth images a nearest filter read as linear hides in the comparison's slack);
  alphaMask     hybrid images: contentsAlphaMask from an RGBA mask (its alpha), a grey, an RGB and
                an all-opaque RGBA mask (their luminance), over colour images with and without
                alpha, and the same colour image with and without a mask in one scene;
  cornerRadii   roundedRect paths with one radius per corner (also past the sides, so they are
                scaled down), filled, stroked, dashed and trimmed, and as a shadowPath;
  pathCommands  SVG path data with H, V, S, T, A and relative commands, implicit repetition and
                the terse number syntax ("-1-2", ".5.5", exponents, arc flags without separators);
  isOpaque      image layers that promise opaque contents, with contents that are not opaque
                (the format: drawn with blending off, their pixels replace what lies beneath);
  tiled         tiled layers of a plain PNG (tiles of 16 or 32 pixels), levels of detail and
                their bias, contentsScale, scaled and turned: which pyramid level is drawn.

The layers come from a generator of their own (outside-scenes seeds it with "extras SEED"), so the
main generator's layers of a seed stay what they were. They sit in the scene's shifted container
and are drawn at the canvas scale times at most their own transform.

Ties kept out (docs/reliability.md, "Random scenes against Skia"):
- Nearest sampling picks the texel under the pixel centre; a centre exactly on a texel edge is a
  tie the renderers may break differently (a whole row or column of another texel where the
  edges line up). The container's shift of a few thousandths of a point moves every texel edge off
  the pixel centres as it does aliased edges (at least 0.003 pixels, 100 times the renderers'
  rounding); a rasterized bitmap's grid is tied to its layer, and the odd rasterization scales
  keep texel edges inside it off its pixel centres.
- Which filter applies is GL's rule, magnification where a texel covers at least a pixel
  (rho <= 1). At rho = 1 (an image at its natural size, or turned: rotation keeps lengths) the
  choice hangs on rounding, so where the two filters differ the layers keep rho at least 13 %
  away from 1 along both axes (and on the same side); otherwise both filters are the same.
- Bilinear minification aliases (a hundredth of a pixel moves the colour past the threshold), so
  a linear filter that minifies stays at rho <= 1.6, as the main generator's images do.
"""

import math

IMAGES = ["../images/gradient.png", "../images/rings.png", "../images/tiles.png"]
TEXELS_IMAGE = "../images/texels.png"
RINGS_256 = "../images/rings-256.png"  # 256², for tiled layers' pyramids  # every texel far from its neighbours: nearest ≠ linear at a glance
MASKS = ["../images/mask-alpha.png", "../images/mask-grey.png", "../images/mask-rgb.png", "../images/mask-opaque.png"]
KINDS = ("filters", "alphaMask", "cornerRadii", "pathCommands", "isOpaque", "tiled")
TEXELS = 64  # every image and mask is 64 × 64


def colour(r, alphas=("FF", "FF", "FF", "C0", "80", "30")):
    return "#%02X%02X%02X%s" % (r.randrange(256), r.randrange(256), r.randrange(256), r.choice(alphas))


def quantized(r, lo, hi):
    """A coordinate on whole, half or quarter points, or anywhere."""
    v = r.uniform(lo, hi)
    q = r.choice([1, 2, 4, None])
    return v if q is None else round(v * q) / q


def layer(r, kind, width, height, scale, stroke_pattern):
    """One layer of `kind` for a canvas width × height points at `scale` pixels per point."""
    return {"filters": filtered, "alphaMask": hybrid, "cornerRadii": per_corner, "pathCommands": svg_shape,
            "isOpaque": opaque_promise, "tiled": tiled}[kind](r, width, height, scale, stroke_pattern)


def place(r, width, height, w, h):
    return [quantized(r, -10, width - 20), quantized(r, -10, height - 20), w, h]


def turn(r, out, shadowed=False):
    """Sometimes a rotation (lengths kept, so texel ratios too) or a mirror."""
    k = r.random()
    if k < 0.25:
        out["transform"] = [{"rotate": r.choice([r.uniform(-180, 180), 90, 30, -45])}]
    elif k < 0.33 and not shadowed:
        out["transform"] = [{"scale": r.choice([[-1, 1, 1], [1, -1, 1]])}]


def filters(r, ratios, linear_min_limit=1.6):
    """minificationFilter / magnificationFilter keys (at least one "nearest") for an image whose
    texels per pixel along each axis (every slice) are `ratios`: unequal filters only where GL's
    rule is clear of rho = 1, and no linear filter minifies past `linear_min_limit`."""
    mag, minf = r.choice([("nearest", "nearest"), ("nearest", "linear"), ("linear", "nearest"),
                          ("nearest", None), (None, "nearest")])
    lo, hi = min(ratios), max(ratios)
    clear = hi <= 1 / 1.13 or lo >= 1.13

    def eff(v):
        return v or "linear"
    if not clear and eff(mag) != eff(minf):
        mag = minf = "nearest"   # near rho = 1 (or both sides of it): the same filter either way
    if lo >= 1.13 and hi > linear_min_limit and eff(minf) == "linear":
        minf = "nearest"
    out = {}
    if mag:
        out["magnificationFilter"] = mag
    if minf:
        out["minificationFilter"] = minf
    return out


def applied(keys, ratios):
    """The filter GL's rule picks for `ratios` under filters(…)'s keys (both sides: they are equal)."""
    return keys.get("magnificationFilter" if max(ratios) <= 1 else "minificationFilter", "linear")


def filtered(r, width, height, scale, stroke_pattern):
    """An image layer with nearest filters, or a rasterized layer whose bitmap is sampled nearest."""
    if r.random() < 0.3:
        return rasterized(r, width, height, scale)
    out = {}
    # Texels per pixel along each axis: magnified (a texel 1.15 to 6 pixels) or minified (down to
    # 0.4 pixels a texel); both axes on one side.
    magnified = r.random() < 0.65
    ratios = [1 / r.uniform(1.15, 6) if magnified else r.uniform(1.15, 2.5) for _ in range(2)]
    k = r.random()
    if k < 0.5:
        # resize, maybe a contentsRect: rho = rect side × 64 ÷ (bounds side × scale).
        rect = [0, 0, 1, 1]
        if r.random() < 0.5:
            x, y = r.choice([0, 0.25, round(r.uniform(0, 0.5), 3)]), r.choice([0, 0.5, round(r.uniform(0, 0.5), 3)])
            rect = [x, y, round(r.uniform(0.3, 1 - x), 3), round(r.uniform(0.3, 1 - y), 3)]
            out["contentsRect"] = rect
        w, h = (rect[2 + i] * TEXELS / (ratios[i] * scale) for i in range(2))
        w, h = (r.choice([round(v * 4) / 4, round(v, 3)]) for v in (w, h))
        real = [rect[2] * TEXELS / (w * scale), rect[3] * TEXELS / (h * scale)]
    elif k < 0.8:
        # Another gravity at contentsScale: natural size 64 ÷ contentsScale, rho = contentsScale ÷ scale.
        cs = r.choice([0.25, 0.4, 0.5, 0.8, 1, 1.25, 2, 3])
        out["contentsScale"] = cs
        out["contentsGravity"] = r.choice(["center", "topLeft", "bottomRight", "left", "top"])
        w, h = quantized(r, 10, 200), quantized(r, 10, 200)
        real = [cs / scale, cs / scale]
    else:
        # Nine slices: corners at natural size (rho = contentsScale ÷ scale), the middle stretched.
        cs = r.choice([0.5, 0.8, 1, 1.25])
        out["contentsScale"] = cs
        cx, cy = round(r.uniform(0.15, 0.4), 3), round(r.uniform(0.15, 0.4), 3)
        cw, ch = round(r.uniform(0.1, 0.85 - cx), 3), round(r.uniform(0.1, 0.85 - cy), 3)
        out["contentsCenter"] = [cx, cy, cw, ch]
        w = max(quantized(r, 3, 220), TEXELS / cs + 6)
        h = max(quantized(r, 3, 160), TEXELS / cs + 6)
        mw, mh = w - (1 - cw) * TEXELS / cs, h - (1 - ch) * TEXELS / cs
        real = [cs / scale, cw * TEXELS / (mw * scale), ch * TEXELS / (mh * scale)]
    out["frame"] = place(r, width, height, w, h)
    out.update(filters(r, real))
    # Mostly the texels image where nearest applies; never where a linear filter minifies it
    # (bilinear minification of texel noise aliases, so any sample shift changes it).
    nearest = applied(out, real) == "nearest"
    out = dict({"contents": r.choice([TEXELS_IMAGE] * 3 + IMAGES if nearest else IMAGES)}, **out)
    if r.random() < 0.3:
        out["contentsAlphaMask"] = r.choice(MASKS)
    if r.random() < 0.5:
        out["backgroundColor"] = colour(r)
    if r.random() < 0.25:
        out["opacity"] = round(r.uniform(0.3, 1), 3)
    if r.random() < 0.2:
        out["cornerRadius"] = round(r.uniform(2, 20), 2)
        out["masksToBounds"] = True
    turn(r, out)
    return out


def rasterized(r, width, height, scale):
    """A layer with shouldRasterize whose bitmap (rasterizationScale px per point) is drawn back
    with a nearest filter: rho = 1 ÷ (rasterizationScale × scale). Its sublayers are upright: a
    turned aliased edge passes near bitmap pixel centres somewhere, where Skia's scan converter
    (vertices on 1/64 pixel) and ours (GL's rule, 1/256) differ, and nearest magnification shows
    that one texel as a block of canvas pixels (docs/reliability.md: a near tie in the bitmap's grid)."""
    sc = r.choice([1.2345, 0.8765, 1.7531])
    w, h = quantized(r, 20, 160), quantized(r, 20, 120)
    out = {"frame": place(r, width, height, w, h), "shouldRasterize": True, "rasterizationScale": sc,
           "backgroundColor": colour(r), "sublayers": []}
    out.update(filters(r, [1 / (sc * scale)] * 2))
    nearest = applied(out, [1 / (sc * scale)] * 2) == "nearest"
    if r.random() < 0.5 and not nearest:
        # Not where the bitmap is drawn back nearest: Skia's coverage of a small rounded corner is
        # short of the exact area by up to 0.2 (docs/reliability.md), which nearest shows as blocks.
        out["cornerRadius"] = round(r.uniform(2, 20), 2)
    if r.random() < 0.4:
        out["borderWidth"], out["borderColor"] = r.choice([2, 3.5, 5]), colour(r)
    for _ in range(r.randint(1, 4)):
        # On quarter points, where the odd scales keep the edges off the bitmap's pixel centres.
        s = {"frame": [round(r.uniform(-5, w - 5) * 4) / 4, round(r.uniform(-5, h - 5) * 4) / 4,
                       round(r.uniform(4, 60) * 4) / 4, round(r.uniform(4, 60) * 4) / 4],
             "backgroundColor": colour(r)}
        out["sublayers"].append(s)
    if nearest and r.random() < 0.7:
        # Detail in the bitmap: stripes 1 to 2 points wide on quarter points (their edges kept off
        # the bitmap's pixel centres by the odd scales), where nearest and linear differ at every
        # edge. Not texel noise: an image's 64 texel edges land anywhere in the bitmap's grid (no
        # shift moves them), one passes within a thousandth of a pixel of a centre in about one
        # image of two, and nearest minification there flips a bitmap column that the drawing
        # back then widens past the comparison's slack (seed 6600064 of the first GPU run).
        p = r.choice([2, 3, 4])
        vertical = r.random() < 0.5
        for i in range(int((w if vertical else h) / p)):
            a = round((i * p + r.choice([0, 0.25, 0.5])) * 4) / 4
            out["sublayers"].append({"frame": [a, 0, p / 2, h] if vertical else [0, a, w, p / 2],
                                     "backgroundColor": colour(r, ("FF",))})
    if r.random() < 0.3:
        out["opacity"] = round(r.uniform(0.3, 1), 3)
    turn(r, out)
    return out


def hybrid(r, width, height, scale, stroke_pattern):
    """An image with contentsAlphaMask, sometimes beside the same colour image without a mask
    (a group of two layers: the combined image must not be confused with the plain one)."""
    def one():
        w, h = quantized(r, 40, 180), quantized(r, 40, 140)
        out = {"frame": place(r, width, height, w, h), "contents": r.choice(IMAGES),
               "contentsAlphaMask": r.choice(MASKS)}
        if r.random() < 0.6:
            out["backgroundColor"] = colour(r)
        if r.random() < 0.3:
            out["contentsGravity"] = r.choice(["center", "resizeAspect", "resizeAspectFill", "bottomLeft"])
        if r.random() < 0.25:
            out["contentsRect"] = [0.25, 0, 0.5, round(r.uniform(0.5, 1), 3)]
        if r.random() < 0.25:
            out["opacity"] = round(r.uniform(0.3, 1), 3)
        if r.random() < 0.2:
            out["cornerRadius"], out["masksToBounds"] = round(r.uniform(2, 20), 2), True
        if r.random() < 0.15:
            out.update({"shadowOpacity": 1, "shadowRadius": r.choice([0, 2, 4]), "shadowOffset": [3, 4],
                        "shadowColor": colour(r)[:7]})
            out.pop("masksToBounds", None)
        turn(r, out, "shadowOpacity" in out)
        return out
    first = one()
    if r.random() < 0.35:
        second = one()
        second["contents"] = first["contents"]
        del second["contentsAlphaMask"]
        return {"frame": [0, 0, width, height], "sublayers": r.sample([first, second], 2)}
    return first


def corner_radii(r, w, h):
    """[tl, tr, br, bl]: zeros, small and large radii; some pairs past their side (scaled down)."""
    def one():
        return r.choice([0, round(r.uniform(1, 8), 2), round(r.uniform(5, 0.5 * min(w, h)), 2),
                         round(r.uniform(0.4, 0.9) * max(w, h), 2)])
    radii = [one() for _ in range(4)]
    if not any(radii):
        radii[r.randrange(4)] = round(r.uniform(4, 0.5 * min(w, h)), 2)
    return radii


def shadow_path_layer(r, width, height, w, h, path):
    """An opaque w × h layer, maybe turned, whose shadow is `path` (its shadowPath)."""
    out = {"frame": place(r, width, height, w, h), "backgroundColor": colour(r, ("FF",)),
           "shadowOpacity": round(r.uniform(0.6, 1), 2), "shadowRadius": r.choice([0, 1, 3]),
           "shadowOffset": [r.randint(-5, 5), r.randint(-5, 5)], "shadowColor": colour(r)[:7], "shadowPath": path}
    turn(r, out, True)
    return out


def per_corner(r, width, height, scale, stroke_pattern):
    """A shape layer whose path is a rounded rect with one radius per corner, or a layer whose
    shadowPath is one."""
    w, h = quantized(r, 20, 200), quantized(r, 20, 150)
    box = [round(r.uniform(0, 0.2) * w, 2), round(r.uniform(0, 0.2) * h, 2), round(r.uniform(0.6, 0.8) * w, 2),
           round(r.uniform(0.6, 0.8) * h, 2)]
    path = {"roundedRect": box, "cornerRadii": corner_radii(r, box[2], box[3])}
    if r.random() < 0.25:
        return shadow_path_layer(r, width, height, w, h, path)
    out = {"type": "shape", "frame": place(r, width, height, w, h), "path": path,
           "fillColor": r.choice([colour(r), colour(r), None])}
    if r.random() < 0.7 or out["fillColor"] is None:
        out.update({"strokeColor": colour(r), "lineWidth": r.choice([2.5, 4, 6]),
                    "lineCap": r.choice(["butt", "round", "square"]), "lineJoin": r.choice(["miter", "round", "bevel"])})
        if r.random() < 0.6:
            stroke_pattern(r, out)
    if r.random() < 0.2:
        out["opacity"] = round(r.uniform(0.3, 1), 3)
    turn(r, out)
    return out


def number(r, v):
    """v written one of the ways SVG allows (v has at most 2 decimals)."""
    k = r.random()
    s = ("%.2f" % v).rstrip("0").rstrip(".") if v != int(v) else str(int(v))
    if s in ("-0", ""):
        s = "0"
    if k < 0.15 and s.startswith("0."):
        return s[1:]                              # .5
    if k < 0.25 and s.startswith("-0."):
        return "-" + s[2:]                        # -.5
    if k < 0.35 and abs(v) >= 1 and v == int(v):
        return "%de0" % v if r.random() < 0.5 else "%.1fe1" % (v / 10)   # 12e0, 1.2e1
    if k < 0.4 and v == int(v):
        return s + ".0"
    return s


def join_numbers(r, values):
    """Numbers with spaces, commas or nothing between them, nothing only where the grammar ends a
    number there: before a sign ("-1-2") or before a '.' after a number that has one (".5.5")."""
    out, prev = "", None
    for v in values:
        if prev is not None:
            tight = v.startswith("-") or (v.startswith(".") and "." in prev and "e" not in prev.lower())
            out += r.choice([" ", " ", ",", ", "] + (["", ""] if tight else []))
        out += v
        prev = v
    return out


def svg_path(r, w, h):
    """SVG path data over roughly the w × h box: one or two subpaths of lines (L, H, V), cubics
    (C, then sometimes S), quadratics (Q, then sometimes T) and elliptical arcs (A: radii at least 8
    points, at most 2.5 times apart, endpoints at least 3 points apart, so no arc is flatter than
    the strokes are wide), closed or not, each segment absolute or relative, same commands in a row
    sometimes written as one command with its numbers repeated."""
    def pt():
        return [round(r.uniform(-0.1, 1.1) * w, 2), round(r.uniform(-0.1, 1.1) * h, 2)]
    parts = []          # (letter, [absolute numbers]) as the path goes
    for sub in range(r.choice([1, 1, 2])):
        start = pt()
        parts.append(("M", start))
        cur = start
        for _ in range(r.randint(2, 5)):
            kind = r.choice("LHVCQAA")
            if kind == "H":
                nxt = [round(r.uniform(-0.1, 1.1) * w, 2), cur[1]]
                parts.append(("H", [nxt[0]]))
            elif kind == "V":
                nxt = [cur[0], round(r.uniform(-0.1, 1.1) * h, 2)]
                parts.append(("V", [nxt[1]]))
            elif kind == "L":
                nxt = pt()
                parts.append(("L", nxt))
            elif kind == "C":
                nxt = pt()
                parts.append(("C", pt() + pt() + nxt))
                while r.random() < 0.5:   # smooth cubics after it (the first control point reflected)
                    nxt = pt()
                    parts.append(("S", pt() + nxt))
            elif kind == "Q":
                nxt = pt()
                parts.append(("Q", pt() + nxt))
                while r.random() < 0.5:   # smooth quadratics after it
                    nxt = pt()
                    parts.append(("T", nxt))
            else:
                nxt = pt()
                while abs(nxt[0] - cur[0]) + abs(nxt[1] - cur[1]) < 3:
                    nxt = pt()
                rx = round(r.uniform(8, max(9, 0.7 * max(w, h))), 2)
                ry = round(min(max(rx * r.uniform(0.4, 2.5), 8), 2.5 * rx), 2)
                parts.append(("A", [rx, ry, round(r.choice([0, 0, r.uniform(-90, 90)]), 2),
                                    r.randint(0, 1), r.randint(0, 1)] + nxt))
            cur = nxt
        if r.random() < 0.5:
            parts.append(("Z", []))
            cur = start
    # Written out: relative commands count from the current point; a command repeated right after
    # itself (same case) may drop its letter (after M, pairs are L, so "L" may follow "M" bare).
    text, cur, start, prev = [], [0.0, 0.0], [0.0, 0.0], None
    for letter, v in parts:
        rel = letter != "Z" and r.random() < 0.5
        if letter == "H":
            nums = [v[0] - cur[0] if rel else v[0]]
            end = [v[0], cur[1]]
        elif letter == "V":
            nums = [v[0] - cur[1] if rel else v[0]]
            end = [cur[0], v[0]]
        elif letter == "A":
            end = v[5:7]
            nums = v[:5] + ([end[0] - cur[0], end[1] - cur[1]] if rel else end)
        elif letter == "Z":
            nums, end = [], start
        else:
            end = v[-2:]
            nums = [c - cur[i % 2] if rel else c for i, c in enumerate(v)]
        written = letter.lower() if rel else letter
        if letter == "M":
            start = end
        nums = [round(n, 2) for n in nums]
        if letter == "A":
            # Flags are one character each: "00", "0,1", and sometimes the x coordinate right after.
            flags = "%d%s%d" % (nums[3], r.choice(["", " ", ","]), nums[4])
            body = join_numbers(r, [number(r, n) for n in nums[:3]]) + " " + flags + r.choice([" ", " ", ",", ""]) + \
                join_numbers(r, [number(r, n) for n in nums[5:]])
        else:
            body = join_numbers(r, [number(r, n) for n in nums])
        implicit = prev is not None and (prev == written or (prev in "Mm" and written == {"M": "L", "m": "l"}[prev])) \
            and letter not in "MZ" and r.random() < 0.5
        text.append((" " + body) if implicit else (r.choice(["", " "]) + written + r.choice(["", " "]) + body))
        prev = written if not implicit or prev not in "Mm" else prev
        cur = end
    return "".join(text).strip()


def svg_shape(r, width, height, scale, stroke_pattern):
    """A shape layer (or a layer's shadowPath) with SVG path data in the full syntax."""
    w, h = quantized(r, 30, 200), quantized(r, 30, 150)
    path = svg_path(r, w, h)
    if r.random() < 0.15:
        return shadow_path_layer(r, width, height, w, h, path)
    out = {"type": "shape", "frame": place(r, width, height, w, h), "path": path,
           "fillColor": r.choice([colour(r), colour(r), None]), "fillRule": r.choice(["nonZero", "evenOdd"])}
    if r.random() < 0.6 or out["fillColor"] is None:
        out.update({"strokeColor": colour(r), "lineWidth": r.choice([2.5, 4, 6]),
                    "lineCap": r.choice(["butt", "round", "square"]), "lineJoin": r.choice(["miter", "round", "bevel"])})
        if r.random() < 0.3:
            stroke_pattern(r, out)
    turn(r, out)
    return out


def opaque_promise(r, width, height, scale, stroke_pattern):
    """An image layer marked isOpaque whose contents may not be opaque (the rings image is
    transparent outside its disc; masked images are translucent), over what the scene drew before
    it, sometimes at opacity below 1 or with allowsEdgeAntialiasing (blended then), in a rounded
    clip, or inside a faded group (drawn into the group's pass with blending off)."""
    w, h = quantized(r, 40, 180), quantized(r, 40, 140)
    out = {"frame": place(r, width, height, w, h), "contents": r.choice(IMAGES + IMAGES[1:2]), "isOpaque": True}
    if r.random() < 0.4:
        out["contentsAlphaMask"] = r.choice(MASKS)
    if r.random() < 0.5:
        out["backgroundColor"] = colour(r)
    if r.random() < 0.3:
        out["contentsGravity"] = r.choice(["center", "resizeAspect", "topRight"])
    if r.random() < 0.2:
        out["opacity"] = round(r.uniform(0.3, 0.95), 3)
    if r.random() < 0.1:
        out["allowsEdgeAntialiasing"] = True
    if r.random() < 0.2:
        out["cornerRadius"], out["masksToBounds"] = round(r.uniform(2, 20), 2), True
    turn(r, out)
    if r.random() < 0.3:
        # In a group faded as one: the contents are copied into its pass, then the pass is faded.
        under = {"frame": [quantized(r, 0, w / 2), quantized(r, 0, h / 2), 30, 30], "backgroundColor": colour(r)}
        inner = dict(out, frame=[10, 10, w, h])
        return {"frame": place(r, width, height, w + 20, h + 20), "opacity": round(r.uniform(0.3, 0.9), 3),
                "backgroundColor": colour(r), "sublayers": [under, inner]}
    return out


def tiled(r, width, height, scale, stroke_pattern):
    """A tiled layer (square bounds, as the images are square) under a uniform scale, maybe turned,
    of a 64² image or of rings-256.png (whose pyramid levels differ from each other). Kept clear of
    the level rule's ties: log2(on-screen pixels per point ÷ contentsScale) at least 0.06 from a
    whole number (where ceil jumps), and no level within 4 % of the pixels per point wanted (where
    "at least that many" flips). The picture is a pyramid level drawn bilinear, mostly minified
    (the rule wants at least the pixels the screen shows): images with detail only where that level
    is minified at most 1.6 times (the main generator's limit), else the gradient."""
    source, size = r.choice([(IMAGES[0], 64), (IMAGES[2], 64), (RINGS_256, 256), (RINGS_256, 256)])
    cs = r.choice([0.5, 1, 1, 2])
    lod, bias = r.randint(1, 6), r.choice([0, 0, 1, 2])
    w = quantized(r, 20, 200)
    s = r.choice([1, round(r.uniform(0.25, 2), 3)])
    for _ in range(30):
        pps = scale * s
        frac = math.log2(pps / cs) % 1
        k = min(max(math.ceil(math.log2(pps / cs)), bias - lod + 1), bias)
        want = cs * 2.0 ** k
        if min(frac, 1 - frac) > 0.06 and all(abs(size / 2 ** d / w / want - 1) > 0.04 for d in range(10)):
            break
        s, w = round(s * 1.09, 3), round(w * 1.05, 2)
    else:
        s, w, lod, bias, cs = 1, 100.3, 1, 0, 1
        pps, want = scale, 1
    level = size
    while level > 1 and (level // 2) / w >= want:
        level //= 2
    if level / w / pps > 1.6:
        source = IMAGES[0]
    out = {"type": "tiled", "frame": place(r, width, height, w, w), "contents": source,
           "tileSize": r.choice([16, 32, [16, 16], 64]), "levelsOfDetail": lod, "levelsOfDetailBias": bias}
    if cs != 1 or r.random() < 0.3:
        out["contentsScale"] = cs
    if r.random() < 0.3:
        out["fadeDuration"] = r.choice([0, 0.25])
    t = [{"scale": [s, s, 1]}] if s != 1 else []
    if r.random() < 0.3:
        t.append({"rotate": r.choice([r.uniform(-180, 180), 90, 30])})
    if t:
        out["transform"] = t
    if r.random() < 0.4:
        out["backgroundColor"] = colour(r)
    if r.random() < 0.25:
        out["borderWidth"], out["borderColor"] = r.choice([2, 3.5]), colour(r)
    if r.random() < 0.2:
        out["opacity"] = round(r.uniform(0.3, 1), 3)
    if r.random() < 0.2:
        out["cornerRadius"], out["masksToBounds"] = round(r.uniform(2, 20), 2), True
    return out
