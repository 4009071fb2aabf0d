// Layers: the two structured value kinds of scene files — transforms
// (16 numbers or a list of CATransform3D operations) and paths (SVG data or
// the rect / roundedRect / ellipse shorthands). Operations are applied the
// way Core Animation code composes them: each one premultiplies the matrix
// built so far (CATransform3DTranslate(t, …) = translate · t), and
// `perspective` sets m34 = −1/d on that matrix, as `t.m34 = -1.0 / d` does.

import Foundation
import Geometry

extension SceneReader {
    static let transformOperations: Set<String> = ["translate", "scale", "rotate", "perspective"]

    /// A transform: 16 numbers (m11…m44) or a list of one-key operation objects.
    func transform(_ v: JSONValue, _ path: SceneKeyPath) throws -> Transform3D {
        let expected = "16 numbers (m11…m44) or a list of operations"
        guard case .array(let items) = v else { throw mismatch(v, path, expected) }
        if let first = items.first, case .number = first {
            guard items.count == 16 else { throw fail(path, "expected \(expected), got \(Self.describe(v))") }
            return Transform3D(try numbers(v, path, count: 16))
        }
        var t = Transform3D.identity
        for (i, item) in items.enumerated() {
            let p = path[i]
            let m = try members(item, p, what: "an operation object such as {\"rotate\": 45}",
                                known: Self.transformOperations)
            guard m.count == 1 else {
                throw fail(p, "expected exactly one operation (translate, scale, rotate or perspective), got \(m.count) keys")
            }
            let (op, arg) = m[0]
            let q = p.appending(op)
            switch op {
            case "translate":
                let n = try vector3(arg, q, defaultZ: 0)
                t = t.translatedBy(n[0], n[1], n[2])
            case "scale":
                let n = try vector3(arg, q, defaultZ: 1)
                t = t.scaledBy(n[0], n[1], n[2])
            case "rotate":
                if case .array = arg {
                    let n = try numbers(arg, q, count: 4)
                    guard n[1] != 0 || n[2] != 0 || n[3] != 0 else {
                        throw fail(q, "the rotation axis [x, y, z] must not be zero")
                    }
                    t = t.rotatedBy(n[0] * .pi / 180, n[1], n[2], n[3])
                } else {
                    guard case .number = arg else {
                        throw mismatch(arg, q, "degrees or [degrees, x, y, z]")
                    }
                    t = t.rotatedBy(try number(arg, q) * .pi / 180, 0, 0, 1)
                }
            default:  // perspective
                let d = try positive(arg, q)
                t.m34 = -1 / d
            }
        }
        return t
    }

    /// [x, y, z] or [x, y] (z taking `defaultZ`).
    private func vector3(_ v: JSONValue, _ path: SceneKeyPath, defaultZ: Double) throws -> [Double] {
        guard case .array(let items) = v, items.count == 2 || items.count == 3 else {
            throw fail(path, "expected 3 numbers (or 2, z defaulting to \(fmt(defaultZ))), got \(Self.describe(v))")
        }
        let n = try numbers(v, path, count: items.count)
        return items.count == 2 ? n + [defaultZ] : n
    }

    static let pathShorthandKeys: Set<String> = ["rect", "roundedRect", "cornerRadius", "cornerRadii", "ellipse"]

    /// SVG path data, `{"rect": […]}`, `{"roundedRect": […], "cornerRadius": r}`,
    /// `{"roundedRect": […], "cornerRadii": [tl, tr, br, bl]}`,
    /// `{"ellipse": […]}`, or null (nil).
    func path(_ v: JSONValue, _ path: SceneKeyPath) throws -> Path? {
        switch v {
        case .null:
            return nil
        case .string(let s):
            let p: Path
            do {
                p = try Path(svg: s)
            } catch let e as SVGPathError {
                throw fail(path, "invalid SVG path data: \(e.description)")
            }
            let b = p.controlBounds, m = SceneLimits.maximumMagnitude
            guard p.elements.isEmpty || (b.minX >= -m && b.minY >= -m && b.maxX <= m && b.maxY <= m) else {
                throw fail(path, "a coordinate in the path data is beyond ±1e9, the largest a scene may hold")
            }
            return p
        case .object:
            let m = try members(v, path, what: "a path", known: Self.pathShorthandKeys)
            let keys = Set(m.map(\.key))
            func value(_ k: String) -> JSONValue { m.first { $0.key == k }!.value }
            if keys == ["rect"] { return .rect(try rect(value("rect"), path.appending("rect"))) }
            if keys == ["ellipse"] { return .ellipse(try rect(value("ellipse"), path.appending("ellipse"))) }
            if keys == ["roundedRect", "cornerRadii"] {
                let r = try rect(value("roundedRect"), path.appending("roundedRect"))
                let q = path.appending("cornerRadii")
                let radii = try numbers(value("cornerRadii"), q, count: 4)
                for (i, v) in radii.enumerated() where v < 0 {
                    throw fail(q[i], "must not be negative (got \(fmt(v)))")
                }
                return .roundedRect(r, radii: radii)
            }
            if keys.contains("roundedRect"), keys.isSubset(of: ["roundedRect", "cornerRadius"]) {
                let r = try rect(value("roundedRect"), path.appending("roundedRect"))
                let radius = keys.contains("cornerRadius")
                    ? try nonNegative(value("cornerRadius"), path.appending("cornerRadius")) : 0
                return .roundedRect(r, radius: radius)
            }
            if keys.isSuperset(of: ["cornerRadius", "cornerRadii"]) {
                throw fail(path, "use either cornerRadius or cornerRadii, not both")
            }
            throw fail(path, "expected one of {\"rect\": [x,y,w,h]}, {\"roundedRect\": [x,y,w,h], \"cornerRadius\": r}, {\"roundedRect\": [x,y,w,h], \"cornerRadii\": [tl,tr,br,bl]} or {\"ellipse\": [x,y,w,h]}")
        default:
            throw mismatch(v, path, "SVG path data (a string), a path object or null")
        }
    }
}
