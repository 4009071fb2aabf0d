// Geometry: where one chord of a flattened curve lies on the curve itself:
// the curve (a cubic Bézier; a quadratic is raised to the cubic that traces
// it with the same parameter) and the parameter interval the chord spans.
// Stroke trimming and dashing (StrokeTrimming) measure such chords by the
// curve's true arc length and cut them at true points of the curve, so a
// cap at a cut end faces along the curve's own tangent there, not along the
// chord (which turns away from the tangent by up to √(2 · tolerance / radius)).

import Foundation

/// A piece of a cubic Bézier curve: the parameters `t0` … `t1` of the curve
/// with control points `p0` … `p3`.
public struct CurveSpan: Hashable, Sendable {
    public var p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2
    public var t0: Double, t1: Double

    /// The span `t0` … `t1` of the cubic `p0` … `p3`.
    public init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, t0: Double, t1: Double) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3; self.t0 = t0; self.t1 = t1
    }

    /// The span `t0` … `t1` of the quadratic from `p` through control `c` to `q`
    /// (as the cubic with the same points at the same parameters).
    public static func quadratic(_ p: Vec2, _ c: Vec2, _ q: Vec2, t0: Double, t1: Double) -> CurveSpan {
        CurveSpan(p, p + (c - p) * (2.0 / 3), q + (c - q) * (2.0 / 3), q, t0: t0, t1: t1)
    }

    /// The same curve between other parameters.
    public func with(t0: Double, t1: Double) -> CurveSpan { CurveSpan(p0, p1, p2, p3, t0: t0, t1: t1) }

    /// The curve's point at parameter `t`.
    public func point(_ t: Double) -> Vec2 {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// The curve's first derivative at `t`.
    public func derivative(_ t: Double) -> Vec2 {
        let u = 1 - t
        return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }

    /// The curve's second derivative at `t`.
    func secondDerivative(_ t: Double) -> Vec2 {
        (p2 - p1 * 2 + p0) * (6 * (1 - t)) + (p3 - p2 * 2 + p1) * (6 * t)
    }

    /// The curve's (constant) third derivative.
    var thirdDerivative: Vec2 { (p3 - p2 * 3 + p1 * 3 - p0) * 6 }

    /// The unit direction the curve runs in at `t`: along the derivative;
    /// where that vanishes (a cusp, or a control point on its end point),
    /// the limit of the direction as the parameter arrives at `t` from
    /// below (`arriving`) or leaves it upward — along ∓ the second
    /// derivative, else the third. Within a millionth of the parameter
    /// range (as the derivative over the second measures it) of such a
    /// point, `t` counts as on it: a cut found by arc length lands there
    /// only to within the square root of the length's rounding, on either
    /// side, and the side must not flip a cap's direction. Nil only for a
    /// curve that is one point.
    public func tangent(at t: Double, arriving: Bool) -> Vec2? {
        let d = derivative(t), dd = secondDerivative(t)
        if d.length > 1e-6 * dd.length, let u = d.normalizedOrNil { return u }
        if let u = dd.normalizedOrNil { return arriving ? -u : u }
        return d.normalizedOrNil ?? thirdDerivative.normalizedOrNil
    }

    /// The arc length of the curve between parameters `a` and `b` (a ≤ b):
    /// 8-point Gauss–Legendre quadrature of the speed, halving the interval
    /// where the halves' sum differs from the whole's (the speed has a kink
    /// at a cusp, where the derivative passes through zero).
    public func length(from a: Double, to b: Double) -> Double {
        guard b > a else { return 0 }
        return length(a, b, whole: gauss(a, b), depth: 0)
    }

    private func length(_ a: Double, _ b: Double, whole: Double, depth: Int) -> Double {
        let m = (a + b) / 2
        let left = gauss(a, m), right = gauss(m, b)
        // (A length that is not a number, from control points out of range, is final.)
        if depth >= 24 || !(left + right).isFinite || abs(left + right - whole) <= 1e-13 * max(whole, 1e-300) {
            return left + right
        }
        return length(a, m, whole: left, depth: depth + 1) + length(m, b, whole: right, depth: depth + 1)
    }

    /// 8-point Gauss–Legendre quadrature of the speed on `a` … `b`.
    private func gauss(_ a: Double, _ b: Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        var s = 0.0
        for (x, w) in Self.gauss8 { s += w * (derivative(m - h * x).length + derivative(m + h * x).length) }
        return s * h
    }

    /// The arc length of the whole span.
    public var length: Double { length(from: t0, to: t1) }

    /// The parameter in `t0` … `t1` at arc length `s` from `t0` (Newton's
    /// method on the arc length, kept inside a shrinking bracket); `total`
    /// is the span's length when the caller knows it. Each step adds the
    /// length between the last guess and the next to the length up to the
    /// last, so a step measures a short stretch, not the span from `t0`
    /// again: a stroke cut into tens of thousands of dashes on one curve
    /// costs a few quadratures a cut.
    public func parameter(atLength s: Double, total known: Double? = nil) -> Double {
        let total = known ?? length
        guard s > 0, total > 0 else { return t0 }
        guard s < total else { return t1 }
        var lo = t0, hi = t1
        var t = t0 + (t1 - t0) * (s / total)
        var at = length(from: t0, to: t)  // the length from t0 to t
        for _ in 0..<40 {
            let f = at - s
            if abs(f) <= 1e-12 * max(1, total) { break }
            if f > 0 { hi = t } else { lo = t }
            let speed = derivative(t).length
            var next = speed > 0 ? t - f / speed : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == t { break }
            at += next > t ? length(from: t, to: next) : -length(from: next, to: t)
            t = next
        }
        return t
    }

    /// Nodes (positive half) and weights of 8-point Gauss–Legendre quadrature on −1…1.
    static let gauss8: [(Double, Double)] = [
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
}
