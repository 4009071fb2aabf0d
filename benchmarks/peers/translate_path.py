"""SVG path data to absolute drawing commands, for translate.py (the outside check's reading of paths).

Written from the scene format's Paths section (docs/scene-format.md), which takes SVG's path
grammar whole (SVG 1.1, "Path data" and its implementation notes): the commands M L H V C S Q T A Z,
absolute (upper case) and relative (lower case, relative to the current point at the start of the
segment); implicit repetition (further coordinate pairs after M or m are L or l, after any other
command the same command again); numbers with an optional sign, fraction and exponent, where a
second '.' or a sign starts the next number (".5.5" and "-1-2" are two each); arc flags single
characters '0' or '1', with or without separators ("a1 1 0 00 1 1"); commas and whitespace
between anything. After Z the current point is the closed subpath's start. S reflects the
previous C's or S's second control point (else the current point), T the previous Q's or T's
control point (else the current point).

parse() gives (command, numbers) with commands "M" (x y), "L" (x y), "C" (x1 y1 x2 y2 x y),
"Q" (x1 y1 x y), "A" (rx ry angle large sweep x y, end point absolute; drawn by Skia's
SVG-style arcTo, which scales radii too small to reach the end up and draws a zero radius as a
line, as SVG says) and "Z"; an error names the key path and the character offset.
"""
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathSyntaxError(Exception):
    pass


def _tokens(d, where):
    """(command letter or None, [numbers]) groups, arc flags read as single characters."""
    i, n = 0, len(d)
    groups = []

    def skip():
        nonlocal i
        while i < n and (d[i].isspace() or d[i] == ","):
            i += 1

    def number():
        nonlocal i
        start = i
        if i < n and d[i] in "+-":
            i += 1
        digits = 0
        while i < n and d[i].isdigit():
            i += 1; digits += 1
        if i < n and d[i] == ".":
            i += 1
            while i < n and d[i].isdigit():
                i += 1; digits += 1
        if digits == 0:
            raise PathSyntaxError(f"{where}: expected a number at offset {start}")
        if i < n and d[i] in "eE" and i + 1 < n and (d[i + 1].isdigit() or (d[i + 1] in "+-" and i + 2 < n and d[i + 2].isdigit())):
            i += 2
            while i < n and d[i].isdigit():
                i += 1
        return float(d[start:i])

    def flag():
        nonlocal i
        if i < n and d[i] in "01":
            i += 1
            return float(d[i - 1])
        raise PathSyntaxError(f"{where}: expected an arc flag (0 or 1) at offset {i}")
    skip()
    while i < n:
        c = d[i]
        if c.upper() not in ARITY:
            raise PathSyntaxError(f"{where}: expected a command at offset {i}, not {c!r}")
        i += 1
        arity = ARITY[c.upper()]
        skip()
        if arity == 0:
            groups.append((c, []))
            continue
        first = True
        while first or (i < n and (d[i].isdigit() or d[i] in "+-.")):
            values = []
            for k in range(arity):
                values.append(flag() if c.upper() == "A" and k in (3, 4) else number())
                skip()
            groups.append((c if first else ("L" if c == "M" else "l" if c == "m" else c), values))
            first = False
    return groups


def parse(d, where):
    """Absolute M L C Q A Z commands of SVG path data `d` (see the module comment)."""
    out = []
    cx = cy = 0.0          # current point
    sx = sy = 0.0          # start of the current subpath
    last_cubic = None      # second control point of a previous C or S
    last_quad = None       # control point of a previous Q or T
    for c, v in _tokens(d, where):
        rel = c.islower() and c != "z"
        C = c.upper()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        cubic, quad = None, None
        if C == "M":
            cx, cy = v[0] + ox, v[1] + oy
            sx, sy = cx, cy
            out.append(("M", [cx, cy]))
        elif C == "L":
            cx, cy = v[0] + ox, v[1] + oy
            out.append(("L", [cx, cy]))
        elif C == "H":
            cx = v[0] + ox
            out.append(("L", [cx, cy]))
        elif C == "V":
            cy = v[0] + (cy if rel else 0.0)
            out.append(("L", [cx, cy]))
        elif C == "C":
            x1, y1, x2, y2, x, y = v[0] + ox, v[1] + oy, v[2] + ox, v[3] + oy, v[4] + ox, v[5] + oy
            out.append(("C", [x1, y1, x2, y2, x, y]))
            cubic, (cx, cy) = (x2, y2), (x, y)
        elif C == "S":
            x1, y1 = (2 * cx - last_cubic[0], 2 * cy - last_cubic[1]) if last_cubic else (cx, cy)
            x2, y2, x, y = v[0] + ox, v[1] + oy, v[2] + ox, v[3] + oy
            out.append(("C", [x1, y1, x2, y2, x, y]))
            cubic, (cx, cy) = (x2, y2), (x, y)
        elif C == "Q":
            x1, y1, x, y = v[0] + ox, v[1] + oy, v[2] + ox, v[3] + oy
            out.append(("Q", [x1, y1, x, y]))
            quad, (cx, cy) = (x1, y1), (x, y)
        elif C == "T":
            x1, y1 = (2 * cx - last_quad[0], 2 * cy - last_quad[1]) if last_quad else (cx, cy)
            x, y = v[0] + ox, v[1] + oy
            out.append(("Q", [x1, y1, x, y]))
            quad, (cx, cy) = (x1, y1), (x, y)
        elif C == "A":
            x, y = v[5] + ox, v[6] + oy
            out.append(("A", [abs(v[0]), abs(v[1]), v[2], v[3], v[4], x, y]))
            cx, cy = x, y
        else:
            out.append(("Z", []))
            cx, cy = sx, sy
        last_cubic, last_quad = cubic, quad
    return out
