"""A scene's presentation tree at a time t, from docs/scene-format.md's animation rules alone.

scripts/outside-scenes --animations checks the compositor's animation timing
and interpolation against this model: the compositor renders the animated
scene with `render --time t`, while presentation_scene(scene, t) evaluates
every animation here and writes the static scene, which translate.py then
draws with Skia. Nothing here comes from the compositor's code; the rules are
the format's (CAMediaTiming as Core Animation defines it). Where the format was
silent (how timeOffset wraps, speed 0 before beginTime, what transform.scale
reads, overshoot in keyframes, paced values without distance), the first
campaign's disagreements were settled by writing a rule into the format; this
follows it:

- Timing. d = duration (0 means 0.25 s); an iteration lasts D = d, or 2d with
  autoreverses; the active duration A is repeatDuration when given, else
  max(repeatCount, 1) × D (infinity allowed). Active time is
  (t − beginTime) × speed (0 at every t when speed is 0); the animation is
  active while 0 ≤ active time < A. Before beginTime a `backwards`/`both`
  fill shows it at active time 0; from the end on it is removed when
  isRemovedOnCompletion, else a `forwards`/`both` fill holds it at active time
  A. Local time is active time + timeOffset, modulo D (the offset shifts the
  phase of every iteration); an end exactly on an iteration boundary holds
  that iteration's end. The fraction through the iteration is mirrored in the
  second half of an autoreversing one.
- The timing function maps that fraction (a cubic Bézier from (0, 0) to (1, 1),
  solved for x by bisection); keyframe segments then find the
  segment by key time (evenly spaced by default; `paced` spaces them by the
  distance between values and ignores timingFunctions; `discrete` holds each
  value from its key time to the next, 1/n each by default) and apply the
  segment's own timing function within 0…1 (an overshooting timingFunction
  extrapolates the first or last segment straight); `cubic` is a uniform
  Catmull–Rom spline (end points repeated).
- from / to / by as the format lists them; the current value is the value
  after the layer's earlier animations; isAdditive adds to it.
- Values interpolate componentwise (numbers, points, sizes, rects; colours in
  straight sRGB, null as the other colour at alpha 0); transforms by
  decomposition (perspective, translation, scale, skew, rotation quaternion;
  the CSS unmatrix, row-vector layout), the quaternion by slerp the short way,
  recomposed as scale · skew · rotation · translation · perspective. The
  transform.rotation/scale/translation key paths replace one part of that
  decomposition (rotation.z: the quaternion of a z turn, in degrees;
  transform.scale reads the mean of the three scales).
  Booleans switch half-way (basic) or at key times (keyframes).
"""
import copy
import math

from translate import _matrix4, parse_color

NAMED_TIMING = {"linear": (0.0, 0.0, 1.0, 1.0), "easeIn": (0.42, 0.0, 1.0, 1.0), "easeOut": (0.0, 0.0, 0.58, 1.0),
                "easeInEaseOut": (0.42, 0.0, 0.58, 1.0), "default": (0.25, 0.1, 0.25, 1.0)}


# ---------------------------------------------------------------- timing functions

def timing(tf, u):
    """The timing function `tf` (a name, control points or None for linear) at input fraction u."""
    if tf is None:
        return u
    x1, y1, x2, y2 = NAMED_TIMING[tf] if isinstance(tf, str) else (float(v) for v in tf)
    if (x1, y1, x2, y2) == (0.0, 0.0, 1.0, 1.0) or u <= 0 or u >= 1:
        return u

    def bez(a, b, s):  # one coordinate of the Bézier (0, a, b, 1) at s
        return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3
    # Bisection alone (x(s) rises monotonically for x1, x2 in 0…1): 60 halvings pin s to 1e-18.
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if bez(x1, x2, mid) < u:
            lo = mid
        else:
            hi = mid
    return bez(y1, y2, (lo + hi) / 2)


# ---------------------------------------------------------------- timing (CAMediaTiming)

def _num(a, key, default):
    v = a.get(key, default)
    return math.inf if v == "infinity" else float(v)


def progress(a, t):
    """The animation's fraction of an iteration at layer time t after its timingFunction, or
    None where it does not affect the layer."""
    d = _num(a, "duration", 0) or 0.25
    D = 2 * d if a.get("autoreverses") else d
    rd = _num(a, "repeatDuration", 0)
    A = rd if rd > 0 else max(_num(a, "repeatCount", 0), 0) * D or D
    speed, begin, offset = _num(a, "speed", 1), _num(a, "beginTime", 0), _num(a, "timeOffset", 0)
    fill = a.get("fillMode", "removed")
    at_end = False
    if speed == 0:
        active = 0.0  # frozen at timeOffset, at every layer time
    elif t < begin:
        if fill not in ("backwards", "both"):
            return None
        active = 0.0
    else:
        active = (t - begin) * speed
        if active >= A:
            if a.get("isRemovedOnCompletion", True) or fill not in ("forwards", "both"):
                return None
            active, at_end = A, True
    # The offset shifts the phase: local time wraps at every iteration, the end holds the phase it
    # stopped at, and an end exactly on an iteration boundary holds that iteration's end.
    local = active + offset
    f = local - math.floor(local / D) * D
    if at_end and f == 0 and local != 0:
        f = D
    if a.get("autoreverses") and f > d:
        f = 2 * d - f
    u = min(max(f / d, 0.0), 1.0)
    return timing(a.get("timingFunction"), u)


# ---------------------------------------------------------------- values

def _is_colour_path(path):
    return path in ("backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor")


def lerp(kind, a, b, p):
    if kind == "number":
        return a + (b - a) * p
    if kind == "vector":
        return [x + (y - x) * p for x, y in zip(a, b)]
    if kind == "colour":
        if a is None and b is None:
            return None
        a = a if a is not None else (b[0], b[1], b[2], 0.0)
        b = b if b is not None else (a[0], a[1], a[2], 0.0)
        return [x + (y - x) * p for x, y in zip(a, b)]
    if kind == "transform":
        da, db = decompose(a), decompose(b)
        if da is None or db is None:
            return b if p >= 0.5 else a
        return recompose(mix_decomposed(da, db, p))
    return b if p >= 0.5 else a  # booleans and the rest switch half-way


def add(kind, a, b):
    if kind == "number":
        return a + b
    if kind in ("vector", "colour"):
        return [x + y for x, y in zip(a, b)]
    if kind == "transform":
        return mat_mul(b, a)
    raise ValueError(f"cannot add {kind} values")


def distance(kind, a, b):
    if kind == "number":
        return abs(b - a)
    if kind in ("vector", "colour"):
        return math.sqrt(sum((y - x) ** 2 for x, y in zip(a, b)))
    raise ValueError(f"paced spacing of {kind} values is not modelled")


def catmull_rom(kind, p0, p1, p2, p3, s):
    def one(a, b, c, e):
        m1, m2 = (c - a) / 2, (e - b) / 2
        s2, s3 = s * s, s * s * s
        return (2 * s3 - 3 * s2 + 1) * b + (s3 - 2 * s2 + s) * m1 + (-2 * s3 + 3 * s2) * c + (s3 - s2) * m2
    if kind == "number":
        return one(p0, p1, p2, p3, )
    if kind in ("vector", "colour"):
        return [one(*c) for c in zip(p0, p1, p2, p3)]
    return lerp(kind, p1, p2, s)


# ---------------------------------------------------------------- transforms

IDENTITY = [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def _det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def _inverse4(m):
    """Gauss–Jordan with partial pivoting; None when singular."""
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(4)] for i, row in enumerate(m)]
    for c in range(4):
        p = max(range(c, 4), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-12:
            return None
        a[c], a[p] = a[p], a[c]
        pv = a[c][c]
        a[c] = [v / pv for v in a[c]]
        for r in range(4):
            if r != c and a[r][c] != 0:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[4:] for row in a]


def decompose(m):
    """(perspective, translation, scale, skew, quaternion) of a 4×4 transform in CATransform3D's
    row-vector layout, or None when it does not decompose. The quaternion (x, y, z, w) is that
    of the 3×3 rotation R with p' = p · R."""
    if m[3][3] == 0:
        return None
    m = [[v / m[3][3] for v in row] for row in m]
    pm = [row[:] for row in m]
    for i in range(3):
        pm[i][3] = 0.0
    pm[3][3] = 1.0
    if abs(_det3(pm)) < 1e-12:
        return None
    persp = [0.0, 0.0, 0.0, 1.0]
    if m[0][3] != 0 or m[1][3] != 0 or m[2][3] != 0:
        inv = _inverse4(pm)
        if inv is None:
            return None
        rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
        # rhs · (pm⁻¹)ᵀ as a column: perspective_i = Σ_j inv[i][j] · rhs[j]
        persp = [sum(inv[i][j] * rhs[j] for j in range(4)) for i in range(4)]
    trans = [m[3][0], m[3][1], m[3][2]]
    rows = [m[i][:3] for i in range(3)]

    def length(v):
        return math.sqrt(sum(c * c for c in v))

    def comb(a, b, sa, sb):
        return [sa * x + sb * y for x, y in zip(a, b)]

    def dot(a, b):
        return sum(x * y for x, y in zip(a, b))
    scale, skew = [0.0] * 3, [0.0] * 3
    scale[0] = length(rows[0])
    rows[0] = [c / scale[0] for c in rows[0]]
    skew[0] = dot(rows[0], rows[1])
    rows[1] = comb(rows[1], rows[0], 1, -skew[0])
    scale[1] = length(rows[1])
    rows[1] = [c / scale[1] for c in rows[1]]
    skew[0] /= scale[1]
    skew[1] = dot(rows[0], rows[2])
    rows[2] = comb(rows[2], rows[0], 1, -skew[1])
    skew[2] = dot(rows[1], rows[2])
    rows[2] = comb(rows[2], rows[1], 1, -skew[2])
    scale[2] = length(rows[2])
    rows[2] = [c / scale[2] for c in rows[2]]
    skew[1] /= scale[2]
    skew[2] /= scale[2]
    cross = [rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1], rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
             rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]]
    if dot(rows[0], cross) < 0:
        scale = [-s for s in scale]
        rows = [[-c for c in r] for r in rows]
    # R (row-vector) is the transpose of the usual column rotation matrix C: C[i][j] = rows[j][i].
    c = [[rows[j][i] for j in range(3)] for i in range(3)]
    w = 0.5 * math.sqrt(max(1 + c[0][0] + c[1][1] + c[2][2], 0))
    x = 0.5 * math.sqrt(max(1 + c[0][0] - c[1][1] - c[2][2], 0))
    y = 0.5 * math.sqrt(max(1 - c[0][0] + c[1][1] - c[2][2], 0))
    z = 0.5 * math.sqrt(max(1 - c[0][0] - c[1][1] + c[2][2], 0))
    x = math.copysign(x, c[2][1] - c[1][2]) if c[2][1] != c[1][2] else x
    y = math.copysign(y, c[0][2] - c[2][0]) if c[0][2] != c[2][0] else y
    z = math.copysign(z, c[1][0] - c[0][1]) if c[1][0] != c[0][1] else z
    return {"perspective": persp, "translation": trans, "scale": scale, "skew": skew, "quaternion": [x, y, z, w]}


def recompose(p):
    m = [row[:] for row in IDENTITY]
    for i in range(4):
        m[i][3] = p["perspective"][i]
    for i in range(3):
        for j in range(4):
            m[3][j] += p["translation"][i] * m[i][j]
    x, y, z, w = p["quaternion"]
    c = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    r = [row[:] for row in IDENTITY]
    for i in range(3):
        for j in range(3):
            r[i][j] = c[j][i]  # row-vector layout
    m = mat_mul(r, m)
    sk = p["skew"]  # row 1 gains skew[0] × row 0, row 2 gains skew[1] × row 0 + skew[2] × row 1
    k = [row[:] for row in IDENTITY]
    k[1][0] = sk[0]
    k[2][0] = sk[1]
    k[2][1] = sk[2]
    m = mat_mul(k, m)
    s = [[p["scale"][0], 0, 0, 0], [0, p["scale"][1], 0, 0], [0, 0, p["scale"][2], 0], [0, 0, 0, 1.0]]
    return mat_mul(s, m)


def slerp(a, b, p):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = [-v for v in b], -d
    d = min(d, 1.0)
    if d > 1 - 1e-12:
        q = [x + (y - x) * p for x, y in zip(a, b)]
    else:
        th = math.acos(d)
        sa, sb = math.sin((1 - p) * th) / math.sin(th), math.sin(p * th) / math.sin(th)
        q = [sa * x + sb * y for x, y in zip(a, b)]
    n = math.sqrt(sum(v * v for v in q))
    return [v / n for v in q]


def mix_decomposed(a, b, p):
    out = {k: [x + (y - x) * p for x, y in zip(a[k], b[k])] for k in ("perspective", "translation", "scale", "skew")}
    out["quaternion"] = slerp(a["quaternion"], b["quaternion"], p)
    return out


def z_turn(degrees):
    h = math.radians(degrees) / 2
    return [0.0, 0.0, math.sin(h), math.cos(h)]


# ---------------------------------------------------------------- key paths

def _frame_to_geometry(L):
    """Replaces `frame` by bounds and position (as CALayer's frame setter does)."""
    if "frame" in L:
        x, y, w, h = (float(v) for v in L.pop("frame"))
        ax, ay = (float(v) for v in L.get("anchorPoint", [0.5, 0.5]))
        L["bounds"] = [0.0, 0.0, w, h]
        L["position"] = [x + ax * w, y + ay * h]


DEFAULTS = {"position": [0.0, 0.0], "bounds": [0.0, 0.0, 0.0, 0.0], "anchorPoint": [0.5, 0.5], "opacity": 1.0,
            "cornerRadius": 0.0, "borderWidth": 0.0, "shadowOpacity": 0.0, "shadowRadius": 3.0,
            "shadowOffset": [0.0, -3.0], "zPosition": 0.0, "isHidden": False, "backgroundColor": None,
            "borderColor": "#000000", "shadowColor": "#000000", "strokeStart": 0.0, "strokeEnd": 1.0,
            "lineWidth": 1.0, "fillColor": "#000000", "strokeColor": None, "startPoint": [0.5, 0.0],
            "endPoint": [0.5, 1.0], "transform": [], "sublayerTransform": []}
SUB = {"x": 0, "y": 1, "width": 0, "height": 1}


def kind_of(path):
    if _is_colour_path(path):
        return "colour"
    if path in ("transform", "sublayerTransform"):
        return "transform"
    if path == "isHidden":
        return "bool"
    if path in ("position", "anchorPoint", "shadowOffset", "bounds", "bounds.origin", "bounds.size",
                "startPoint", "endPoint", "transform.translation"):
        return "vector"
    return "number"


def parse_value(path, v):
    k = kind_of(path)
    if k == "colour":
        return None if v is None else list(parse_color(v))
    if k == "transform":
        return _matrix4(v, path)
    if k == "vector":
        return [float(c) for c in v]
    if k == "bool":
        return bool(v)
    return float(v)


class Model:
    """The presentation values of one layer's animatable properties, read and written by key path."""

    def __init__(self, L):
        self.L = L
        _frame_to_geometry(L)
        self.values = {}

    def get(self, path):
        root, _, rest = path.partition(".")
        if root in ("transform", "sublayerTransform") and rest:
            d = decompose(self.get(root))
            part, _, axis = rest.partition(".")
            if part == "rotation":
                x, y, z, w = d["quaternion"]
                # x and y come out of square roots of rounding noise (about 1e-8 for a plain
                # z turn of a non-uniform scale), so a turn counts as 3D only well above it.
                if abs(x) > 1e-6 or abs(y) > 1e-6:
                    raise ValueError(f"{path} of a 3D turn is not modelled")
                return math.degrees(2 * math.atan2(z, w))
            vec = d[part]
            if axis:
                return vec[SUB.get(axis, 2) if axis != "z" else 2]
            return sum(vec) / 3 if part == "scale" else vec[:2]  # transform.scale reads the mean
        if root in self.values:
            base = self.values[root]
        else:
            base = parse_value(root, self.L.get(root, DEFAULTS.get(root)))
        if not rest:
            return base
        if rest in ("origin", "size"):
            return base[:2] if rest == "origin" else base[2:]
        if rest.startswith("size."):
            return base[2 + SUB[rest[5:]]]
        return base[SUB[rest]]

    def set(self, path, v):
        root, _, rest = path.partition(".")
        if root in ("transform", "sublayerTransform") and rest:
            d = decompose(self.get(root))
            part, _, axis = rest.partition(".")
            if part == "rotation":
                d["quaternion"] = z_turn(v)
            elif part == "scale":
                if axis:
                    d["scale"][{"x": 0, "y": 1, "z": 2}[axis]] = v
                else:
                    d["scale"] = [v, v, v]
            elif part == "translation":
                if axis:
                    d["translation"][{"x": 0, "y": 1, "z": 2}[axis]] = v
                else:
                    d["translation"][:2] = list(v)
            self.values[root] = recompose(d)
            return
        if not rest:
            self.values[root] = v
            return
        base = list(self.get(root))
        if rest == "origin":
            base[:2] = v
        elif rest == "size":
            base[2:] = v
        elif rest.startswith("size."):
            base[2 + SUB[rest[5:]]] = v
        else:
            base[SUB[rest]] = v
        self.values[root] = base

    def write(self):
        for root, v in self.values.items():
            if kind_of(root) == "transform":
                self.L[root] = [c for row in v for c in row]
            else:
                self.L[root] = v


def value_kind(path):
    """The kind a key path's values interpolate as (sub-paths of vectors are numbers)."""
    if path.startswith("transform.") or path.startswith("sublayerTransform."):
        return "vector" if path.endswith(".translation") else "number"
    if path in ("bounds.origin", "bounds.size"):
        return "vector"
    return kind_of(path)


def evaluate(a, model, t):
    """Applies animation `a` to `model` at layer time t."""
    p = progress(a, t)
    if p is None:
        return
    path = a["keyPath"]
    kind = value_kind(path)
    current = model.get(path)

    def val(v):
        return parse_value(path, v) if kind in ("colour", "transform", "bool") else \
            ([float(c) for c in v] if isinstance(v, list) else float(v))
    if "values" in a:
        values = [val(v) for v in a["values"]]
        v = keyframe(a, kind, values, p)
    else:
        has = {k: val(a[k]) for k in ("from", "to", "by") if k in a}  # a null colour is a value
        f, to, by = has.get("from"), has.get("to"), has.get("by")
        if "from" in has and "to" in has:
            start, end = f, to
        elif "from" in has and "by" in has:
            start, end = f, add(kind, f, by)
        elif "by" in has and "to" in has:
            start, end = add(kind, to, negate(kind, by)), to
        elif "from" in has:
            start, end = f, current
        elif "to" in has:
            start, end = current, to
        else:
            start, end = current, add(kind, current, by)
        v = lerp(kind, start, end, p)
    if a.get("isAdditive"):
        v = add(kind, current, v)
    model.set(path, v)


def negate(kind, v):
    return -v if kind == "number" else [-c for c in v]


def keyframe(a, kind, values, p):
    n = len(values)
    mode = a.get("calculationMode", "linear")
    if n == 1:
        return values[0]
    if mode == "discrete":
        kt = [float(k) for k in a["keyTimes"]] if "keyTimes" in a else [i / n for i in range(n)]
        i = 0
        for j in range(n):
            if p >= kt[j]:
                i = j
        return values[i]
    if mode == "paced":
        lengths = [distance(kind, values[i], values[i + 1]) for i in range(n - 1)]
        total = sum(lengths)
        kt, acc = [0.0], 0.0
        for length in lengths:
            acc += length
            kt.append(acc / total if total > 0 else len(kt) / (n - 1))  # no distance: evenly spaced
        tfs = [None] * (n - 1)
    else:
        kt = [float(k) for k in a["keyTimes"]] if "keyTimes" in a else [i / (n - 1) for i in range(n)]
        tfs = a.get("timingFunctions", [None] * (n - 1))
    i = 0
    while i < n - 2 and p >= kt[i + 1]:
        i += 1
    span = kt[i + 1] - kt[i]
    f = 1.0 if span <= 0 else (p - kt[i]) / span  # beyond 0…1 (an overshooting curve) extrapolates
    if 0 <= f <= 1:  # a segment's curve maps 0…1; beyond, the segment extrapolates straight
        f = timing(tfs[i], f)
    if kind == "bool":
        return values[i + 1] if f >= 1 else values[i]
    if mode == "cubic" and kind in ("number", "vector", "colour"):
        return catmull_rom(kind, values[max(i - 1, 0)], values[i], values[i + 1], values[min(i + 2, n - 1)], f)
    return lerp(kind, values[i], values[i + 1], f)


def _walk(layers):
    for L in layers:
        yield L
        yield from _walk(L.get("sublayers", []))
        if isinstance(L.get("mask"), dict):
            yield from _walk([L["mask"]])


def presentation_scene(scene, t):
    """A copy of `scene` with every animation evaluated at layer time t and removed."""
    out = copy.deepcopy(scene)
    for L in _walk(out.get("sublayers", [])):
        animations = L.pop("animations", None)
        if not animations:
            continue
        m = Model(L)
        for a in animations:
            evaluate(a, m, t)
        m.write()
    return out
