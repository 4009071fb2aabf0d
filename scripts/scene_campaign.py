"""The loop the random-scene checks share (scripts/differential-scenes, scripts/outside-scenes).

run() writes each seed's scene to OUT/scenes/seed-N.json (its images reached through
OUT/images, a link to benchmarks/scenes/images), checks it, prints progress to stderr,
keeps failing scenes (with whatever the check reports about them), reduces them with
reduce_scene when asked, prints the summary and exits 0 when every scene passed, else 1.

reduce_scene deletes layers (last first), then each layer's animations and the keys of
those left, then each layer's keys other than its frame and sublayers (or `keep`; on the
scene's top-level layers also `keep_outer`), keeping a deletion only while `still(scene)`
says the failure remains; it
recurses into the sublayers that are left. `still` sees the whole scene after every
change (it usually writes it out and re-runs the check).
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def reduce_scene(scene, still, keep=("frame", "sublayers"), keep_outer=()):
    def reduce(holder):
        layers = holder.get("sublayers", [])
        for i in reversed(range(len(layers))):
            removed = layers.pop(i)
            if not still(scene):
                layers.insert(i, removed)
        for child in layers:
            # Animations one by one, then each one's keys (a reduction the scene rejects fails
            # differently, so it is not kept).
            animations = child.get("animations", [])
            for i in reversed(range(len(animations))):
                removed = animations.pop(i)
                if not still(scene):
                    animations.insert(i, removed)
            for a in animations:
                for key in [k for k in a if k != "keyPath"]:
                    value = a.pop(key)
                    if not still(scene):
                        a[key] = value
            kept = keep + keep_outer if holder is scene else keep
            for key in [k for k in child if k not in kept]:
                value = child.pop(key)
                if not still(scene):
                    child[key] = value
            reduce(child)
    reduce(scene)
    still(scene)  # leaves the reduced scene as the last one checked
    return scene


def run(count, first_seed, out, make_scene, check, minimize, keep=("frame", "sublayers"), keep_outer=()):
    """Checks the scenes make_scene(seed) for `count` seeds from `first_seed`.

    check(path) returns (status, what, report): status "ok" for a pass; otherwise `what`
    names the failure and report(path), when not None, prints or saves what else the check
    found. With `minimize`, a failing scene is reduced while check gives the same status
    (not for "timeout"), into NAME-min.json beside it; the keys `keep` of every layer and
    `keep_outer` of the scene's top-level layers stay (those that keep ties out, say)."""
    scenes = os.path.join(out, "scenes")
    os.makedirs(scenes, exist_ok=True)
    link = os.path.join(out, "images")
    if not os.path.exists(link):
        os.symlink(os.path.join(ROOT, "benchmarks/scenes/images"), link)
    failures = []
    for i in range(count):
        seed = first_seed + i
        path = os.path.join(scenes, f"seed-{seed}.json")
        s = make_scene(seed)
        with open(path, "w") as f:
            json.dump(s, f)
        status, what, report = check(path)
        if sys.stderr.isatty():
            print(f"\r{i + 1}/{count} scenes, {len(failures)} failing", end="", file=sys.stderr, flush=True)
        elif (i + 1) % 50 == 0:
            print(f"{i + 1}/{count} scenes, {len(failures)} failing", file=sys.stderr, flush=True)
        if status == "ok":
            os.remove(path)
            continue
        failures.append((seed, what))
        print(f"\nseed {seed}: {what}: {path}", file=sys.stderr)  # below the progress line
        if report is not None:
            report(path)
        if minimize and status != "timeout":
            small_path = path[:-5] + "-min.json"

            def still(candidate):
                with open(small_path, "w") as f:
                    json.dump(candidate, f)
                return check(small_path)[0] == status
            small = reduce_scene(s, still, keep, keep_outer)
            print(f"    minimized: {small_path} ({len(json.dumps(small))} bytes)", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"{count} scenes (seeds {first_seed}…{first_seed + count - 1}), {len(failures)} failing")
    for seed, what in failures:
        print(f"  seed {seed}: {what}")
    sys.exit(1 if failures else 0)
