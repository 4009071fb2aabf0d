// Layers: the animatable key paths — every property that reports
// `changed(key, from:)`, plus Core Animation's key-path extensions
// (position.x, bounds.size.width, transform.rotation.z, …). Each has a value
// type (what scene files parse and what values it accepts), a getter (nil
// when the layer's class does not have the property) and a setter that
// ignores values of the wrong type, so a bad animation never crashes.

import Geometry

/// The type of value an animatable key path takes.
public enum AnimationValueType: Sendable, Equatable {
    case number
    /// Radians in Swift; degrees in scene files (like the `rotate` transform operation).
    case angle
    case point, size, rect, color, transform, bool, path, colors
}

/// One animatable key path: its value type and how to read and write it on a layer.
struct AnimatableProperty {
    let type: AnimationValueType
    let get: (Layer) -> AnimationValue?
    let set: (Layer, AnimationValue) -> Void
}

/// The key paths animations may name.
public enum AnimatableKeyPaths {
    /// The value type of `keyPath`, nil when it is not animatable.
    public static func type(of keyPath: String) -> AnimationValueType? { all[keyPath]?.type }

    /// Whether `keyPath` is animatable on layers of `kind`.
    public static func isAnimatable(_ keyPath: String, on kind: LayerKind) -> Bool {
        guard all[keyPath] != nil else { return false }
        return owner[keyPath].map { $0 == kind } ?? true
    }

    /// Every animatable key path, sorted.
    public static var names: [String] { all.keys.sorted() }

    static func lookup(_ keyPath: String) -> AnimatableProperty? { all[keyPath] }

    /// Key paths that belong to one specialized class.
    static let owner: [String: LayerKind] = {
        var o: [String: LayerKind] = [:]
        for k in ["path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd"] { o[k] = .shape }
        for k in ["colors", "startPoint", "endPoint"] { o[k] = .gradient }
        for k in ["fontSize", "foregroundColor"] { o[k] = .text }
        for k in ["instanceTransform", "instanceColor"] { o[k] = .replicator }
        return o
    }()

    static let all: [String: AnimatableProperty] = {
        var a: [String: AnimatableProperty] = [:]
        func number<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Double>) {
            a[key] = AnimatableProperty(type: .number, get: { ($0 as? L).map { .number($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .number(let v) = $1 { l[keyPath: kp] = v } })
        }
        func point<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Vec2>) {
            a[key] = AnimatableProperty(type: .point, get: { ($0 as? L).map { .point($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .point(let v) = $1 { l[keyPath: kp] = v } })
        }
        func rect<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Rect>) {
            a[key] = AnimatableProperty(type: .rect, get: { ($0 as? L).map { .rect($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .rect(let v) = $1 { l[keyPath: kp] = v } })
        }
        func color<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Color?>) {
            a[key] = AnimatableProperty(type: .color, get: { ($0 as? L).map { .color($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .color(let v) = $1 { l[keyPath: kp] = v } })
        }
        func transform<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Transform3D>) {
            a[key] = AnimatableProperty(type: .transform, get: { ($0 as? L).map { .transform($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .transform(let v) = $1 { l[keyPath: kp] = v } })
        }
        func path<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Path?>) {
            a[key] = AnimatableProperty(type: .path, get: { ($0 as? L).map { .path($0[keyPath: kp]) } },
                                        set: { if let l = $0 as? L, case .path(let v) = $1 { l[keyPath: kp] = v } })
        }
        /// A number inside another key path's value.
        func part(_ key: String, of parent: String, type: AnimationValueType = .number,
                  get: @escaping (AnimationValue) -> AnimationValue?,
                  set: @escaping (AnimationValue, AnimationValue) -> AnimationValue?) {
            let p = a[parent]!
            a[key] = AnimatableProperty(type: type, get: { l in p.get(l).flatMap(get) },
                                        set: { l, v in if let old = p.get(l), let new = set(old, v) { p.set(l, new) } })
        }

        // Layer
        rect("bounds", \Layer.bounds)
        point("position", \Layer.position)
        point("anchorPoint", \Layer.anchorPoint)
        number("zPosition", \Layer.zPosition)
        number("anchorPointZ", \Layer.anchorPointZ)
        transform("transform", \Layer.transform)
        transform("sublayerTransform", \Layer.sublayerTransform)
        number("opacity", \Layer.opacity)
        a["isHidden"] = AnimatableProperty(type: .bool, get: { .bool($0.isHidden) },
                                           set: { if case .bool(let b) = $1 { $0.isHidden = b } })
        color("backgroundColor", \Layer.backgroundColor)
        number("cornerRadius", \Layer.cornerRadius)
        number("borderWidth", \Layer.borderWidth)
        color("borderColor", \Layer.borderColor)
        color("shadowColor", \Layer.shadowColor)
        number("shadowOpacity", \Layer.shadowOpacity)
        point("shadowOffset", \Layer.shadowOffset)
        number("shadowRadius", \Layer.shadowRadius)
        path("shadowPath", \Layer.shadowPath)
        rect("contentsRect", \Layer.contentsRect)
        rect("contentsCenter", \Layer.contentsCenter)
        // ShapeLayer
        path("path", \ShapeLayer.path)
        color("fillColor", \ShapeLayer.fillColor)
        color("strokeColor", \ShapeLayer.strokeColor)
        number("lineWidth", \ShapeLayer.lineWidth)
        number("miterLimit", \ShapeLayer.miterLimit)
        number("lineDashPhase", \ShapeLayer.lineDashPhase)
        number("strokeStart", \ShapeLayer.strokeStart)
        number("strokeEnd", \ShapeLayer.strokeEnd)
        // GradientLayer
        a["colors"] = AnimatableProperty(type: .colors, get: { ($0 as? GradientLayer).map { .colors($0.colors) } },
                                         set: { if let g = $0 as? GradientLayer, case .colors(let c) = $1 { g.colors = c } })
        point("startPoint", \GradientLayer.startPoint)
        point("endPoint", \GradientLayer.endPoint)
        // TextLayer
        number("fontSize", \TextLayer.fontSize)
        color("foregroundColor", \TextLayer.foregroundColor)
        // ReplicatorLayer
        transform("instanceTransform", \ReplicatorLayer.instanceTransform)
        color("instanceColor", \ReplicatorLayer.instanceColor)

        // Key-path extensions of structures
        for (i, axis) in ["x", "y"].enumerated() {
            for parent in ["position", "anchorPoint", "shadowOffset"] {
                part("\(parent).\(axis)", of: parent, get: {
                    guard case .point(let p) = $0 else { return nil }
                    return .number(i == 0 ? p.x : p.y)
                }, set: {
                    guard case .point(var p) = $0, case .number(let d) = $1 else { return nil }
                    if i == 0 { p.x = d } else { p.y = d }
                    return .point(p)
                })
            }
        }
        part("bounds.size", of: "bounds", type: .size, get: {
            guard case .rect(let r) = $0 else { return nil }
            return .size(r.size)
        }, set: {
            guard case .rect(var r) = $0, case .size(let s) = $1 else { return nil }
            r.size = s
            return .rect(r)
        })
        part("bounds.origin", of: "bounds", type: .point, get: {
            guard case .rect(let r) = $0 else { return nil }
            return .point(r.origin)
        }, set: {
            guard case .rect(var r) = $0, case .point(let p) = $1 else { return nil }
            r.origin = p
            return .rect(r)
        })
        for (i, side) in ["width", "height"].enumerated() {
            part("bounds.size.\(side)", of: "bounds", get: {
                guard case .rect(let r) = $0 else { return nil }
                return .number(i == 0 ? r.width : r.height)
            }, set: {
                guard case .rect(var r) = $0, case .number(let d) = $1 else { return nil }
                if i == 0 { r.size.width = d } else { r.size.height = d }
                return .rect(r)
            })
        }
        TransformKeyPaths.register(into: &a)
        return a
    }()
}
