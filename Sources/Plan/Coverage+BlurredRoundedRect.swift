// Plan: a rounded rect convolved with a Gaussian, per pixel (issue 14 item
// 5): the shadow of a rounded rect without a blur pass or a mask. Like
// Coverage.swift, this Swift code is the specification and
// Shaders/coverage_blurred_rrect.glsl its operation-for-operation twin.
//
// The rounded rect is its rect less four corner pieces K (the r × r corner
// square outside the quarter circle). The blurred rect is closed form
// (blurredRectCoverage); each K splits along the corner's diagonal into the
// square [0, s*]² (s* = r(1 − 1/√2), closed form: a product of two erf
// differences) and two slivers whose arc is within 45° of the axis they are
// integrated along, so each column's (or row's) height c(t) has slope ≤ 1:
// the inner integral is an erf difference and the outer one is smooth on the
// scale of σ, integrated with 8-point Gauss–Legendre over the window
// [a − 4σ, a + 4σ] where the Gaussian lives. A pixel is folded onto the
// nearest corner (distances to the nearest vertical and horizontal edges),
// which is exact to the 4σ cut when the straight sides are at least 8σ long
// (the plan checks that). No exp or other library function besides sqrt:
// the Gaussian weight is a polynomial, so GPU and CPU agree.

extension Coverage {
    /// Gauss–Legendre nodes and weights on [−1, 1], 8 points (4 symmetric pairs).
    static let glNodes: (Float, Float, Float, Float) = (0.18343464, 0.52553241, 0.79666648, 0.96028986)
    static let glWeights: (Float, Float, Float, Float) = (0.36268378, 0.31370665, 0.22238103, 0.10122854)

    /// The rounded rect `rect` (corner radius `radius`) convolved with a
    /// Gaussian of standard deviation σ at the local point (lx, ly).
    @inline(__always)
    static func blurredRoundedRectCoverage(lx: Float, ly: Float, rect: (Float, Float, Float, Float),
                                           sigma: Float, radius: Float) -> Float {
        let s = max(sigma, 1e-6)
        let whole = blurredSpan(lx, rect.0, rect.2, s) * blurredSpan(ly, rect.1, rect.3, s)
        let u = min(lx - rect.0, rect.2 - lx)
        let v = min(ly - rect.1, rect.3 - ly)
        return clamp01(whole - blurredCorner(u: u, v: v, r: radius, sigma: s))
    }

    /// The blurred mass at (u, v) of the corner piece K of a corner at the
    /// origin with the rounded rect in +u, +v.
    @inline(__always)
    static func blurredCorner(u: Float, v: Float, r: Float, sigma s: Float) -> Float {
        let ss = r * 0.29289322
        let square = blurredSpan(u, 0, ss, s) * blurredSpan(v, 0, ss, s)
        return square + blurredSliver(a: u, b: v, r: r, ss: ss, sigma: s)
            + blurredSliver(a: v, b: u, r: r, ss: ss, sigma: s)
    }

    /// ∫ g(a − t)·span(b; 0, c(t)) dt over t ∈ [s*, r] ∩ [a − 4σ, a + 4σ],
    /// c(t) = r − √(r² − (r − t)²): the sliver of K along the axis of `a`.
    @inline(__always)
    static func blurredSliver(a: Float, b: Float, r: Float, ss: Float, sigma s: Float) -> Float {
        let lo = max(ss, a - 4 * s)
        let hi = min(r, a + 4 * s)
        if hi <= lo { return 0 }
        let h = 0.5 * (hi - lo), c = 0.5 * (hi + lo)
        let k = 0.70710678 / s
        let e0 = erf(b * k)
        let q = 0.5 / (s * s)
        var acc: Float = 0
        acc += glWeights.0 * (sliverSample(c - h * glNodes.0, a, b, r, k, e0, q)
                              + sliverSample(c + h * glNodes.0, a, b, r, k, e0, q))
        acc += glWeights.1 * (sliverSample(c - h * glNodes.1, a, b, r, k, e0, q)
                              + sliverSample(c + h * glNodes.1, a, b, r, k, e0, q))
        acc += glWeights.2 * (sliverSample(c - h * glNodes.2, a, b, r, k, e0, q)
                              + sliverSample(c + h * glNodes.2, a, b, r, k, e0, q))
        acc += glWeights.3 * (sliverSample(c - h * glNodes.3, a, b, r, k, e0, q)
                              + sliverSample(c + h * glNodes.3, a, b, r, k, e0, q))
        // ½ from the erf difference, 1/(σ√(2π)) from the Gaussian.
        return acc * h * 0.5 * (0.39894228 / s)
    }

    /// One node: the Gaussian weight at t times the erf difference of the column [0, c(t)] at b.
    @inline(__always)
    static func sliverSample(_ t: Float, _ a: Float, _ b: Float, _ r: Float, _ k: Float, _ e0: Float,
                             _ q: Float) -> Float {
        let d = r - t
        let col = r - max(r * r - d * d, 0).squareRoot()
        let z = a - t
        return gaussExp(-(z * z) * q) * (erf((col - b) * k) + e0)
    }

    /// e^x for x in [−8, 0] (the Gaussian's ±4σ): a degree-6 Taylor
    /// polynomial of e^(x/16) raised to the 16th power by squaring
    /// (relative error about 3e-5), so both executors compute it the same way.
    @inline(__always)
    static func gaussExp(_ x: Float) -> Float {
        let y = x * 0.0625
        let p = (((((y * 0.0013888889 + 0.0083333333) * y + 0.041666667) * y + 0.16666667) * y + 0.5) * y + 1) * y + 1
        let p2 = p * p, p4 = p2 * p2, p8 = p4 * p4
        return p8 * p8
    }
}
