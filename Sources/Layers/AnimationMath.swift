// Layers: arithmetic on animation values — interpolation, addition (for
// byValue and additive animations), subtraction and distance (for paced
// keyframes). Numbers, points, sizes, rects, colours (straight, not
// premultiplied) and number lists work componentwise; transforms through
// their decomposition (TransformDecomposition.swift); paths pointwise when
// both have the same elements. Anything else is discrete: it switches at
// the half-way point.

import Geometry

enum AnimationMath {
    /// The value a fraction `f` of the way from `a` to `b`; a pair that does not
    /// interpolate switches half-way (as a basic animation's values do).
    static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue {
        mix(a, b, f) ?? discrete(a, b, f)
    }

    /// The value a fraction `f` of the way from `a` to `b`, or nil when the pair
    /// does not interpolate (booleans, paths of different shapes, transforms that
    /// do not decompose, values of different kinds).
    static func mix(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue? {
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            return DecomposedTransform.interpolate(x, y, f).map { .transform($0) }
        case (.color(let x), .color(let y)):
            guard let (p, q) = colorPair(x, y) else { return .color(nil) }
            return .color(mixColor(p, q, f))
        case (.colors(let x), .colors(let y)) where x.count == y.count:
            return .colors(zip(x, y).map { mixColor($0, $1, f) })
        case (.path(let x?), .path(let y?)):
            return mixPath(x, y, f).map { .path($0) }
        default:
            guard let p = a.components, let q = b.components, p.count == q.count else { return nil }
            return a.with(components: zip(p, q).map { $0 + ($1 - $0) * f })
        }
    }

    static func discrete(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue {
        f < 0.5 ? a : b
    }

    /// `a + b`; for transforms, `b` applied before `a` (b · a); nil when they do not add.
    static func add(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        if case .transform(let x) = a, case .transform(let y) = b { return .transform(y.concatenating(x)) }
        if case .color(nil) = a { return b }
        guard let p = a.components, let q = b.components, p.count == q.count else { return nil }
        return a.with(components: zip(p, q).map { $0 + $1 })
    }

    /// `a − b`, the inverse of `add`; nil when they do not subtract.
    static func subtract(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        if case .transform(let x) = a, case .transform(let y) = b {
            return y.animationInverse.map { .transform($0.concatenating(x)) }
        }
        guard let p = a.components, let q = b.components, p.count == q.count else { return nil }
        return a.with(components: zip(p, q).map { $0 - $1 })
    }

    /// The additive identity of `v`'s type (identity transform, zero vector…).
    static func zero(like v: AnimationValue) -> AnimationValue {
        if case .transform = v { return .transform(.identity) }
        guard let c = v.components else { return v }
        return v.with(components: [Double](repeating: 0, count: c.count))
    }

    /// Euclidean distance between two values (transforms: between their
    /// translations plus their rotation angle), 0 when not comparable.
    static func distance(_ a: AnimationValue, _ b: AnimationValue) -> Double {
        if case .transform(let x) = a, case .transform(let y) = b,
           let p = DecomposedTransform(x), let q = DecomposedTransform(y) {
            let t = zip(p.translation, q.translation).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
            return t.squareRoot() + p.angle(to: q)
        }
        guard let p = a.components, let q = b.components, p.count == q.count else { return 0 }
        return zip(p, q).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// Two colours to mix; a missing one becomes the other one, transparent.
    static func colorPair(_ x: Color?, _ y: Color?) -> (Color, Color)? {
        switch (x, y) {
        case (let p?, let q?): return (p, q)
        case (let p?, nil): return (p, Color(r: p.r, g: p.g, b: p.b, a: 0))
        case (nil, let q?): return (Color(r: q.r, g: q.g, b: q.b, a: 0), q)
        case (nil, nil): return nil
        }
    }

    static func mixColor(_ p: Color, _ q: Color, _ f: Double) -> Color {
        Color(r: p.r + (q.r - p.r) * f, g: p.g + (q.g - p.g) * f,
              b: p.b + (q.b - p.b) * f, a: p.a + (q.a - p.a) * f)
    }

    /// Pointwise mix of two paths with the same sequence of element kinds.
    static func mixPath(_ x: Path, _ y: Path, _ f: Double) -> Path? {
        guard x.elements.count == y.elements.count else { return nil }
        func m(_ p: Vec2, _ q: Vec2) -> Vec2 { Vec2(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) }
        var out: [PathElement] = []
        out.reserveCapacity(x.elements.count)
        for (a, b) in zip(x.elements, y.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): out.append(.move(m(p, q)))
            case (.line(let p), .line(let q)): out.append(.line(m(p, q)))
            case (.quad(let p1, let p), .quad(let q1, let q)): out.append(.quad(m(p1, q1), m(p, q)))
            case (.cubic(let p1, let p2, let p), .cubic(let q1, let q2, let q)):
                out.append(.cubic(m(p1, q1), m(p2, q2), m(p, q)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return Path(out)
    }
}

extension AnimationValue {
    /// The value as a vector of numbers, for componentwise arithmetic; nil
    /// for values that are not vectors (transforms, booleans, paths, nil colours).
    var components: [Double]? {
        switch self {
        case .number(let d): return [d]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.minX, r.minY, r.width, r.height]
        case .color(let c?): return [c.r, c.g, c.b, c.a]
        case .numbers(let n): return n
        case .colors(let cs): return cs.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        default: return nil
        }
    }

    /// A value of the same kind built from `c` (as many numbers as `components`).
    func with(components c: [Double]) -> AnimationValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Vec2(c[0], c[1]))
        case .size: return .size(Size(c[0], c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(r: c[0], g: c[1], b: c[2], a: c[3]))
        case .numbers: return .numbers(c)
        case .colors:
            return .colors(stride(from: 0, to: c.count, by: 4).map { Color(r: c[$0], g: c[$0 + 1], b: c[$0 + 2], a: c[$0 + 3]) })
        default: return self
        }
    }
}
