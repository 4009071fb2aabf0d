// Layers: the `animations` key of a scene layer — a list of basic and
// keyframe animations in Core Animation's vocabulary. Values are read with
// the value type of the animated key path (position: a point, transform:
// the transform syntax, transform.rotation.z: degrees like `rotate`), and
// times are seconds of the layer timeline, which starts at 0 when the
// scene is loaded. Errors name the key path, e.g.
// `sublayers[1].animations[0].keyPath: 'postion' is not animatable; did you mean 'position'?`

import Foundation
import Geometry

extension SceneReader {
    static let animationKeys: Set<String> = [
        "type", "key", "keyPath", "from", "to", "by", "values", "keyTimes", "timingFunction", "timingFunctions",
        "calculationMode", "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "isRemovedOnCompletion", "isAdditive",
    ]

    /// Reads `animations` and attaches them to `layer`, in order.
    func animations(_ v: JSONValue, _ path: SceneKeyPath, on layer: Layer) throws {
        guard case .array(let items) = v else { throw mismatch(v, path, "an array of animation objects") }
        var keys: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let p = path[i]
            let (animation, key) = try self.animation(item, p, kind: layer.kind)
            if let first = keys[key] {
                throw fail(p.appending("key"), "duplicate animation key '\(key)' (animations[\(first)] has it too); give one a different \"key\"")
            }
            keys[key] = i
            layer.attach(animation, forKey: key)
        }
    }

    /// One animation object and the key it is added under.
    func animation(_ v: JSONValue, _ path: SceneKeyPath, kind: LayerKind) throws -> (PropertyAnimation, String) {
        let m = try members(v, path, what: "an animation object such as {\"keyPath\": \"opacity\", \"from\": 0, \"to\": 1}",
                            known: Self.animationKeys)
        func value(_ k: String) -> JSONValue? { m.first { $0.key == k }?.value }
        guard let kpValue = value("keyPath") else {
            throw fail(path.appending("keyPath"), "missing; an animation needs a keyPath such as \"position\"")
        }
        let keyPath = try string(kpValue, path.appending("keyPath"))
        let type = try animatableType(keyPath, path.appending("keyPath"), kind: kind)

        let isKeyframe: Bool
        let basicKeys = ["from", "to", "by"].filter { value($0) != nil }
        let hasValues = value("values") != nil
        if let t = value("type") {
            let name = try string(t, path.appending("type"))
            guard name == "basic" || name == "keyframe" else {
                throw fail(path.appending("type"), "unknown animation type '\(name)'; expected 'basic' or 'keyframe'")
            }
            isKeyframe = name == "keyframe"
        } else {
            isKeyframe = hasValues
        }
        if hasValues && !basicKeys.isEmpty {
            throw fail(path.appending(basicKeys[0]), "a keyframe animation (with \"values\") takes no from/to/by")
        }
        let animation: PropertyAnimation
        if isKeyframe {
            guard let vs = value("values") else {
                throw fail(path.appending("values"), "missing; a keyframe animation needs a list of values")
            }
            animation = try keyframe(vs, m, path, type: type)
        } else {
            for k in ["keyTimes", "timingFunctions", "calculationMode"] where value(k) != nil {
                throw fail(path.appending(k), "only keyframe animations (with \"values\") take \(k)")
            }
            guard !basicKeys.isEmpty else {
                throw fail(path, "a basic animation needs at least one of \"from\", \"to\" and \"by\"")
            }
            let b = BasicAnimation()
            if let x = value("from") { b.fromValue = try animationValue(x, path.appending("from"), type) }
            if let x = value("to") { b.toValue = try animationValue(x, path.appending("to"), type) }
            if let x = value("by") {
                guard ![.bool, .path].contains(type) else { throw fail(path.appending("by"), "\(keyPath) values do not add; use \"from\"/\"to\"") }
                b.byValue = try animationValue(x, path.appending("by"), type)
            }
            animation = b
        }
        animation.keyPath = keyPath
        for (key, x) in m {
            let p = path.appending(key)
            switch key {
            case "timingFunction": animation.timingFunction = try timingFunction(x, p)
            case "duration": animation.duration = try nonNegative(x, p)
            case "beginTime": animation.beginTime = try number(x, p)
            case "timeOffset": animation.timeOffset = try number(x, p)
            case "speed": animation.speed = try nonNegative(x, p)
            case "repeatCount":
                if case .string(let s) = x {
                    guard s == "infinity" else { throw fail(p, "expected a number or \"infinity\", got \"\(s)\"") }
                    animation.repeatCount = .infinity
                } else {
                    animation.repeatCount = try nonNegative(x, p)
                }
            case "repeatDuration": animation.repeatDuration = try nonNegative(x, p)
            case "autoreverses": animation.autoreverses = try bool(x, p)
            case "fillMode": animation.fillMode = try choice(x, p, FillMode.self)
            case "isRemovedOnCompletion": animation.isRemovedOnCompletion = try bool(x, p)
            case "isAdditive": animation.isAdditive = try bool(x, p)
            default: break  // read above
            }
        }
        let key = try value("key").map { try string($0, path.appending("key")) } ?? keyPath
        return (animation, key)
    }

    /// The value type of `keyPath` on layers of `kind`, or a helpful error.
    func animatableType(_ keyPath: String, _ path: SceneKeyPath, kind: LayerKind) throws -> AnimationValueType {
        if let owner = AnimatableKeyPaths.owner[keyPath], owner != kind {
            throw fail(path, "'\(keyPath)' is animatable only on layers of type '\(Self.sceneTypeName(owner))'")
        }
        guard let type = AnimatableKeyPaths.type(of: keyPath) else {
            let candidates = AnimatableKeyPaths.names.filter { AnimatableKeyPaths.isAnimatable($0, on: kind) }
            var message = "'\(keyPath)' is not animatable"
            if let s = SceneKeySuggestion.closest(to: keyPath, in: candidates) { message += "; did you mean '\(s)'?" }
            throw fail(path, message)
        }
        return type
    }

    static func sceneTypeName(_ kind: LayerKind) -> String {
        switch kind {
        case .layer: return "layer"
        case .shape: return "shape"
        case .text: return "text"
        case .gradient: return "gradient"
        case .transform: return "transformLayer"
        case .replicator: return "replicator"
        case .tiled: return "tiled"
        }
    }

    func keyframe(_ vs: JSONValue, _ m: [(key: String, value: JSONValue)], _ path: SceneKeyPath,
                  type: AnimationValueType) throws -> KeyframeAnimation {
        func value(_ k: String) -> JSONValue? { m.first { $0.key == k }?.value }
        let k = KeyframeAnimation()
        let vp = path.appending("values")
        guard case .array(let items) = vs else { throw mismatch(vs, vp, "an array of values") }
        guard !items.isEmpty else { throw fail(vp, "must not be empty") }
        k.values = try items.enumerated().map { try animationValue($0.element, vp[$0.offset], type) }
        if let c = value("calculationMode") { k.calculationMode = try choice(c, path.appending("calculationMode"), CalculationMode.self) }
        let n = items.count
        if let kt = value("keyTimes") {
            let p = path.appending("keyTimes")
            guard case .array(let times) = kt else { throw mismatch(kt, p, "an array of numbers") }
            let allowed = k.calculationMode == .discrete ? [n, n + 1] : [n]
            guard allowed.contains(times.count) else {
                let expected = allowed.count == 2 ? "\(n) or \(n + 1)" : "\(n)"
                throw fail(p, "expected \(expected) key times (one per value), got \(times.count)")
            }
            let t = try times.enumerated().map { try unitInterval($0.element, p[$0.offset]) }
            for i in 1..<max(t.count, 1) where t[i] < t[i - 1] {
                throw fail(p[i], "key times must not decrease (\(fmt(t[i])) after \(fmt(t[i - 1])))")
            }
            if k.calculationMode != .discrete, n > 1, t.first != 0 || t.last != 1 {
                throw fail(p, "the first key time must be 0 and the last 1")
            }
            k.keyTimes = t
        }
        if let tf = value("timingFunctions") {
            let p = path.appending("timingFunctions")
            guard case .array(let fs) = tf else { throw mismatch(tf, p, "an array of timing functions") }
            guard fs.count == n - 1 else {
                throw fail(p, "expected \(n - 1) timing functions (one per segment between values), got \(fs.count)")
            }
            k.timingFunctions = try fs.enumerated().map { try timingFunction($0.element, p[$0.offset]) }
        }
        return k
    }

    /// A named curve ("easeIn") or control points [x1, y1, x2, y2] with x in 0…1.
    func timingFunction(_ v: JSONValue, _ path: SceneKeyPath) throws -> TimingFunction {
        let names = TimingFunction.named.map { "'\($0.name)'" }.joined(separator: ", ")
        switch v {
        case .string(let s):
            guard let f = TimingFunction.named.first(where: { $0.name == s })?.function else {
                throw fail(path, "unknown timing function '\(s)'; expected one of \(names) or [x1, y1, x2, y2]")
            }
            return f
        case .array:
            let n = try numbers(v, path, count: 4)
            for i in [0, 2] where n[i] < 0 || n[i] > 1 {
                throw fail(path[i], "control point x must be between 0 and 1 (got \(fmt(n[i])))")
            }
            return TimingFunction(n[0], n[1], n[2], n[3])
        default:
            throw mismatch(v, path, "one of \(names) or [x1, y1, x2, y2]")
        }
    }

    /// A value of the given type.
    func animationValue(_ v: JSONValue, _ path: SceneKeyPath, _ type: AnimationValueType) throws -> AnimationValue {
        switch type {
        case .number: return .number(try number(v, path))
        case .angle: return .number(try number(v, path) * .pi / 180)
        case .point: return .point(try point(v, path))
        case .size:
            let n = try numbers(v, path, count: 2)
            return .size(Size(n[0], n[1]))
        case .rect: return .rect(try rect(v, path))
        case .color: return .color(try color(v, path))
        case .transform: return .transform(try transform(v, path))
        case .bool: return .bool(try bool(v, path))
        case .path: return .path(try self.path(v, path))
        case .colors:
            guard case .array(let items) = v else { throw mismatch(v, path, "an array of colours") }
            return .colors(try items.enumerated().map { i, c in
                guard let color = try color(c, path[i]) else { throw fail(path[i], "expected a colour, got null") }
                return color
            })
        }
    }
}
