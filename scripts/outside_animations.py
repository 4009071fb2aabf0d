"""Random animations for scripts/outside-scenes --animations, and the time each scene is checked at.

animate(scene, seed) adds CABasicAnimation / CAKeyframeAnimation objects
(docs/scene-format.md, Animations) to some layers of a scene made by
outside-scenes, from a generator of its own seeded by "animations SEED", so a
seed's layers stay what they were without --animations. It animates only
what the Skia translation draws and keeps each property inside the ranges the
static generator keeps it in (sizes of at least 3 points, borders of at least
2, shadows only where the layer already casts one, uniform scales on shadowed
layers, 2D transforms only on layers outside 3D spaces), so an animated
scene at any time is a scene the static check already covers. Timing keys take
binary fractions (durations 0.5, 1, 1.25, 2 s, speeds 0.5, 1, 2, offsets in
quarters), so phase boundaries fall exactly on representable times in both
implementations.

check_time(scene, seed) picks the layer time the scene is rendered at: a
phase of one of its animations (before its beginTime, its begin, inside, an
iteration boundary, an autoreverse turn, its end, after its end) or anywhere,
on a 1/64 s grid.
"""
import math
import random

BASIC_PATHS = ["position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width",
               "bounds.origin", "anchorPoint", "opacity", "backgroundColor", "cornerRadius", "zPosition",
               "isHidden", "transform", "transform.rotation.z", "transform.rotation", "transform.scale",
               "transform.scale.x", "transform.scale.y", "transform.translation.x", "transform.translation.y",
               "transform.translation"]
SHADOW_PATHS = ["shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor"]
BORDER_PATHS = ["borderWidth", "borderColor"]
SHAPE_PATHS = ["strokeStart", "strokeEnd", "fillColor"]
STROKE_PATHS = ["lineWidth", "strokeColor"]
GRADIENT_PATHS = ["startPoint", "endPoint"]
# Key paths whose values may overshoot (timing functions with y outside 0…1, cubic keyframes).
UNBOUNDED = {"position", "position.x", "position.y", "transform.rotation.z", "transform.rotation",
             "transform.translation.x", "transform.translation.y", "transform.translation", "bounds.origin"}
ADDITIVE = {"position", "position.x", "position.y", "transform.rotation.z", "transform.rotation",
            "transform.translation.x", "transform.translation.y", "bounds.origin", "cornerRadius"}
PACED = {"position", "position.x", "position.y", "opacity", "cornerRadius", "transform.rotation.z",
         "transform.translation.x", "anchorPoint", "bounds.size.width"}


def colour(r, opaque=False):
    alpha = "FF" if opaque else r.choice(["FF", "FF", "C0", "80", "30"])
    return "#%02X%02X%02X%s" % (r.randrange(256), r.randrange(256), r.randrange(256), alpha)


def _is_3d(transform):
    if not transform:
        return False
    if not isinstance(transform[0], dict):
        return True
    for op in transform:
        (k, v), = op.items()
        if k == "perspective" or (k == "rotate" and isinstance(v, list)):
            return True
        if k == "scale" and (float(v[0]) < 0 or float(v[1]) < 0):
            return True  # a mirror decomposes into a half turn about x
    return False


def _size(L):
    if "frame" in L:
        return float(L["frame"][2]), float(L["frame"][3])
    b = L.get("bounds", [0, 0, 0, 0])
    return float(b[2]), float(b[3])


def _position(L):
    if "frame" in L:
        x, y, w, h = (float(v) for v in L["frame"])
        ax, ay = (float(v) for v in L.get("anchorPoint", [0.5, 0.5]))
        return x + ax * w, y + ay * h
    return tuple(float(v) for v in L.get("position", [0, 0]))


def eligible_paths(L, in_3d):
    """The key paths this generator may animate on layer L."""
    if L.get("type") in ("text", "transformLayer", "replicator"):
        return []
    paths = [p for p in BASIC_PATHS if not p.startswith("transform")]
    if not in_3d and not _is_3d(L.get("transform")):
        shadowed = float(L.get("shadowOpacity", 0)) > 0
        paths += [p for p in BASIC_PATHS if p.startswith("transform")
                  and not (shadowed and p in ("transform.scale.x", "transform.scale.y"))]
    if float(L.get("shadowOpacity", 0)) > 0:
        paths += SHADOW_PATHS
    if float(L.get("borderWidth", 0)) >= 2:
        paths += BORDER_PATHS
    if L.get("type") == "shape":
        paths += SHAPE_PATHS + (STROKE_PATHS if L.get("strokeColor") else [])
    if L.get("type") == "gradient":
        paths += GRADIENT_PATHS
    if "contents" in L or L.get("shouldRasterize"):
        # Images at least 40 points a side (minified, bilinear sampling aliases); a rasterized
        # layer's bitmap is sized by its bounds, so no size animations there either.
        paths = [p for p in paths if not p.startswith("bounds")]
    return paths


def value(r, path, L, shadowed):
    """One random value of `path` for layer L."""
    w, h = _size(L)
    px, py = _position(L)
    if path == "position":
        return [round(px + r.uniform(-40, 40), 2), round(py + r.uniform(-40, 40), 2)]
    if path in ("position.x", "position.y"):
        return round((px if path == "position.x" else py) + r.uniform(-40, 40), 2)
    if path == "bounds":
        return [round(r.uniform(-10, 10), 2), round(r.uniform(-10, 10), 2),
                round(r.uniform(3, max(w * 1.5, 4)), 2), round(r.uniform(3, max(h * 1.5, 4)), 2)]
    if path == "bounds.size":
        return [round(r.uniform(3, max(w * 1.5, 4)), 2), round(r.uniform(3, max(h * 1.5, 4)), 2)]
    if path == "bounds.size.width":
        return round(r.uniform(3, max(w * 1.5, 4)), 2)
    if path == "bounds.origin":
        return [round(r.uniform(-10, 10), 2), round(r.uniform(-10, 10), 2)]
    if path == "anchorPoint":
        return [r.choice([0, 0.25, 0.5, 1]), r.choice([0, 0.5, 0.75, 1])]
    if path == "opacity":
        return round(r.uniform(0.1, 1), 3)
    if path in ("backgroundColor", "fillColor"):
        return None if r.random() < 0.15 else colour(r)
    if path in ("borderColor", "strokeColor"):
        return colour(r)
    if path == "shadowColor":
        return colour(r, opaque=True)[:7]
    if path == "cornerRadius":
        return round(r.choice([r.uniform(0, 20), r.uniform(0, 60)]), 2)
    if path == "borderWidth":
        return round(r.uniform(2, 12), 2)
    if path == "zPosition":
        return r.choice([-1, 0, 1, 2, 0.5])
    if path == "isHidden":
        return r.random() < 0.5
    if path == "shadowOpacity":
        return round(r.uniform(0.3, 1), 2)
    if path == "shadowRadius":
        return r.choice([0, 1, 3, 8, round(r.uniform(0, 8), 2)])
    if path == "shadowOffset":
        return [round(r.uniform(-6, 6), 2), round(r.uniform(-6, 6), 2)]
    if path in ("strokeStart", "strokeEnd"):
        return round(r.uniform(0, 1), 3)
    if path == "lineWidth":
        return round(r.uniform(1, 8), 2)
    if path in ("startPoint", "endPoint"):
        return [round(r.uniform(-0.2, 1.2), 3), round(r.uniform(-0.2, 1.2), 3)]
    if path in ("transform.rotation.z", "transform.rotation"):
        return round(r.choice([r.uniform(-360, 360), 90, 180, -45]), 3)
    if path.startswith("transform.scale"):
        return round(r.uniform(0.6, 2.2), 3)
    if path in ("transform.translation.x", "transform.translation.y"):
        return round(r.uniform(-20, 20), 2)
    if path == "transform.translation":
        return [round(r.uniform(-20, 20), 2), round(r.uniform(-20, 20), 2)]
    if path == "transform":
        ops = []
        for _ in range(r.choice([1, 1, 2, 3])):
            k = r.random()
            if k < 0.45:
                ops.append({"rotate": round(r.uniform(-180, 180), 3)})
            elif k < 0.7:
                ops.append({"translate": [round(r.uniform(-20, 20), 2), round(r.uniform(-20, 20), 2), 0]})
            else:
                s = round(r.uniform(0.6, 2.2), 3)
                ops.append({"scale": [s, s if shadowed or r.random() < 0.5 else round(r.uniform(0.6, 2.2), 3), 1]})
        return ops
    raise ValueError(path)


def delta(r, path):
    """A small additive value."""
    if path == "position":
        return [round(r.uniform(-20, 20), 2), round(r.uniform(-20, 20), 2)]
    if path == "bounds.origin":
        return [round(r.uniform(-8, 8), 2), round(r.uniform(-8, 8), 2)]
    if path in ("transform.rotation.z", "transform.rotation"):
        return round(r.uniform(-90, 90), 3)
    if path == "cornerRadius":
        return round(r.uniform(0, 10), 2)
    return round(r.uniform(-20, 20), 2)


def timing_function(r, path):
    k = r.random()
    if k < 0.35:
        return None
    if k < 0.75:
        return r.choice(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    lo, hi = (-0.5, 1.5) if path in UNBOUNDED else (0, 1)
    return [round(r.uniform(0, 1), 3), round(r.uniform(lo, hi), 3), round(r.uniform(0, 1), 3), round(r.uniform(lo, hi), 3)]


def animation(r, path, L, shadowed):
    a = {"keyPath": path}
    additive = path in ADDITIVE and r.random() < 0.25
    pick = (lambda: delta(r, path)) if additive else (lambda: value(r, path, L, shadowed))
    by_ok = (path in ADDITIVE and path != "cornerRadius") or path.startswith("transform.scale")
    if r.random() < 0.55:
        form = r.choice(["from to", "from to", "from to", "from", "to"] +
                        (["from by", "by to", "by"] if by_ok else []))
        if additive:
            form = "from to"
        for key in form.split():
            if key != "by":
                a[key] = pick()
            elif path.startswith("transform.scale"):
                a[key] = round(r.uniform(0, 0.6), 3)
            else:
                a[key] = delta(r, path)
    else:
        n = r.randint(2, 5)
        a["values"] = [pick() for _ in range(n)]
        modes = ["linear", "linear", "discrete"]
        if path in PACED:
            modes.append("paced")
        if path in UNBOUNDED:
            modes.append("cubic")
        mode = r.choice(modes)
        if mode != "linear" or r.random() < 0.2:
            a["calculationMode"] = mode
        if mode == "paced" and len({str(v) for v in a["values"]}) < 2:
            a["values"][-1] = value(r, path, L, shadowed)
        if mode in ("linear", "cubic", "discrete") and r.random() < 0.4:
            inner = sorted(round(r.uniform(0.05, 0.95), 4) for _ in range(n - 2))
            if mode == "discrete":
                # One per value (the last value holds to the end), or one more (the last value's end: 1).
                inner = sorted(round(r.uniform(0.05, 0.95), 4) for _ in range(n - 1))
                a["keyTimes"] = [0] + inner + ([1] if r.random() < 0.5 else [])
            else:
                a["keyTimes"] = [0] + inner + [1]
            if len(set(a["keyTimes"])) != len(a["keyTimes"]):
                del a["keyTimes"]
        if mode in ("linear", "cubic") and r.random() < 0.4:
            a["timingFunctions"] = [timing_function(r, path) or "linear" for _ in range(n - 1)]
    if additive:
        a["isAdditive"] = True
    tf = timing_function(r, path)
    if tf is not None:
        a["timingFunction"] = tf
    a["duration"] = r.choice([0, 0.5, 1, 1, 1.25, 2])
    if r.random() < 0.5:
        a["beginTime"] = r.choice([0.25, 0.5, 1, -0.5, 1.5])
    if r.random() < 0.2:
        a["speed"] = r.choice([2, 0.5, 0.5, 0])
    if r.random() < 0.25:
        a["timeOffset"] = r.choice([0.25, 0.5, 0.75, -0.25])
    k = r.random()
    if k < 0.45:
        a["repeatCount"] = r.choice([1, 2, 2.5, 3, "infinity"])
    elif k < 0.55:
        a["repeatDuration"] = r.choice([1.5, 2.25, 0.75])
    if r.random() < 0.35:
        a["autoreverses"] = True
    if r.random() < 0.7:
        a["fillMode"] = r.choice(["removed", "forwards", "backwards", "both"])
    if r.random() < 0.5:
        a["isRemovedOnCompletion"] = False
    return a


def _layers(layers, in_3d, parent_3d=False):
    """(layer, in a 3D space) for each layer and mask below `layers`."""
    for L in layers:
        yield L, in_3d
        inner = in_3d or L.get("type") == "transformLayer" or bool(L.get("sublayerTransform")) \
            or _is_3d(L.get("transform"))
        yield from _layers(L.get("sublayers", []), inner)
        if isinstance(L.get("mask"), dict):
            yield from _layers([L["mask"]], inner)


def animate(scene, seed, share=0.3):
    """Adds animations to about `share` of the scene's layers (at least one layer); returns the scene."""
    r = random.Random(f"animations {seed}")
    candidates = [(L, in_3d) for L, in_3d in _layers(scene["sublayers"][0]["sublayers"], False)
                  if eligible_paths(L, in_3d)]
    chosen = [c for c in candidates if r.random() < share] or candidates[:1]
    for L, in_3d in chosen:
        paths = eligible_paths(L, in_3d)
        shadowed = float(L.get("shadowOpacity", 0)) > 0
        anims = []
        for _ in range(r.choice([1, 1, 2, 3])):
            a = animation(r, r.choice(paths), L, shadowed)
            if any(b.get("key", b["keyPath"]) == a["keyPath"] for b in anims):
                a["key"] = f"{a['keyPath']} {len(anims)}"
            anims.append(a)
        L["animations"] = anims
    return scene


def _all_animations(scene):
    out = []

    def walk(layers):
        for L in layers:
            out.extend(L.get("animations", []))
            walk(L.get("sublayers", []))
            if isinstance(L.get("mask"), dict):
                walk([L["mask"]])
    walk(scene.get("sublayers", []))
    return out


def check_time(scene, seed):
    """The layer time scene `seed` is rendered at, on a 1/64 s grid."""
    r = random.Random(f"animation time {seed}")
    anims = _all_animations(scene)
    if not anims or r.random() < 0.1:
        return round(r.uniform(-1, 6) * 64) / 64
    a = r.choice(anims)

    def num(key, default):
        v = a.get(key, default)
        return math.inf if v == "infinity" else float(v)
    d = num("duration", 0) or 0.25
    D = 2 * d if a.get("autoreverses") else d
    rd = num("repeatDuration", 0)
    A = rd if rd > 0 else max(num("repeatCount", 0), 0) * D or D
    b, speed, offset = num("beginTime", 0), num("speed", 1), num("timeOffset", 0)
    phases = [b - 0.25, b, b + 0.5 * r.random()]
    if speed > 0:
        span = min(A, 4 * D) / speed
        phases.append(b + r.random() * span)
        for k in range(1, 4):
            if k * D - offset < min(A, 4 * D):
                phases.append(b + (k * D - offset) / speed)
            if a.get("autoreverses") and (k - 1) * D + d - offset < min(A, 4 * D):
                phases.append(b + ((k - 1) * D + d - offset) / speed)
        if math.isfinite(A):
            phases += [b + A / speed, b + A / speed + 0.25, b + A / speed - 1 / 64]
    t = r.choice(phases)
    return round(t * 64) / 64
