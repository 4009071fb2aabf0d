"""Shrinks a failing scene while it keeps failing: shared by the random-scene checks.

reduce_scene deletes layers (last first), then each layer's keys other than its
frame and sublayers, keeping a deletion only while `still(scene)` says the
failure remains; it recurses into the sublayers that are left. `still` sees the
whole scene after every change (it usually writes it out and re-runs the check).
"""


def reduce_scene(scene, still, keep=("frame", "sublayers")):
    def reduce(holder):
        layers = holder.get("sublayers", [])
        for i in reversed(range(len(layers))):
            removed = layers.pop(i)
            if not still(scene):
                layers.insert(i, removed)
        for child in layers:
            for key in [k for k in child if k not in keep]:
                value = child.pop(key)
                if not still(scene):
                    child[key] = value
            reduce(child)
    reduce(scene)
    still(scene)  # leaves the reduced scene as the last one checked
    return scene
