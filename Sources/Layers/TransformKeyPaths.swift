// Layers: Core Animation's transform key-path extensions —
// transform.rotation(.x/.y/.z), transform.scale(.x/.y/.z) and
// transform.translation(.x/.y/.z), also on sublayerTransform. Reading one
// decomposes the transform and returns that part; writing one decomposes
// the transform underneath, replaces that part and recomposes it, so an
// animated angle composes with the transform's scale and translation the
// way CA's value functions do. Angles are radians; transform.rotation is
// transform.rotation.z; transform.scale reads the mean of the three scales
// and writes all three; transform.translation is a size (x, y).

import Geometry

enum TransformKeyPaths {
    static func register(into a: inout [String: AnimatableProperty]) {
        for parent in ["transform", "sublayerTransform"] {
            let p = a[parent]!
            func add(_ key: String, _ type: AnimationValueType,
                     get: @escaping (DecomposedTransform) -> AnimationValue,
                     set: @escaping (inout DecomposedTransform, AnimationValue) -> Bool) {
                a["\(parent).\(key)"] = AnimatableProperty(type: type, get: { l in
                    guard case .transform(let t)? = p.get(l) else { return nil }
                    return get(DecomposedTransform(t) ?? DecomposedTransform())
                }, set: { l, v in
                    guard case .transform(let t)? = p.get(l) else { return }
                    var d = DecomposedTransform(t) ?? DecomposedTransform()
                    if set(&d, v) { p.set(l, .transform(d.matrix)) }
                })
            }
            func number(_ v: AnimationValue) -> Double? {
                if case .number(let d) = v { return d }
                return nil
            }
            for (i, axis) in ["x", "y", "z"].enumerated() {
                add("rotation.\(axis)", .angle, get: { .number($0.eulerAngles[i]) }, set: { d, v in
                    guard let n = number(v) else { return false }
                    d.eulerAngles[i] = n
                    return true
                })
                add("scale.\(axis)", .number, get: { .number($0.scale[i]) }, set: { d, v in
                    guard let n = number(v) else { return false }
                    d.scale[i] = n
                    return true
                })
                add("translation.\(axis)", .number, get: { .number($0.translation[i]) }, set: { d, v in
                    guard let n = number(v) else { return false }
                    d.translation[i] = n
                    return true
                })
            }
            a["\(parent).rotation"] = a["\(parent).rotation.z"]
            add("scale", .number, get: { .number(($0.scale[0] + $0.scale[1] + $0.scale[2]) / 3) }, set: { d, v in
                guard let n = number(v) else { return false }
                d.scale = [n, n, n]
                return true
            })
            add("translation", .size, get: { .size(Size($0.translation[0], $0.translation[1])) }, set: { d, v in
                guard case .size(let s) = v else { return false }
                d.translation[0] = s.width; d.translation[1] = s.height
                return true
            })
        }
    }
}
