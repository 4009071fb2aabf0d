// Plan: per-pixel coverage, the one piece of fragment math every item
// shares. This Swift code is the specification: the CPU executor calls it,
// and Shaders/coverage.glsl is a line-by-line twin in GLSL ES 1.00. All
// arithmetic is Float (GLSL highp), in the same order, so the two agree to
// the last bit in all but rare cases.
//
// Distances are measured in the item's local plane and converted to pixels
// through the gradient of the distance function on screen (Jacobian of
// local w.r.t. screen), so AA stays one pixel wide under any transform.

public enum Coverage {
    /// Coverage in 0...1 of the pixel whose centre has local coordinates
    /// (lx, ly), for the shape attributes of `VertexLayout`.
    /// `jac` = (∂lx/∂sx, ∂ly/∂sx, ∂lx/∂sy, ∂ly/∂sy).
    @inline(__always)
    public static func evaluate(lx: Float, ly: Float,
                                jac: (Float, Float, Float, Float),
                                rect: (Float, Float, Float, Float),
                                params: (Float, Float, Float, Float)) -> Float {
        let code = params.3
        let kind = (code / 16).rounded(.down)
        let mask = code - kind * 16
        if kind == 4 {
            return blurredRectCoverage(lx: lx, ly: ly, rect: rect, sigmaX: params.0, sigmaY: params.1)
        }
        if kind == 5 {
            return blurredRoundedRectCoverage(lx: lx, ly: ly, rect: rect, sigma: params.0, radius: params.1)
        }
        if kind == 0 {
            if mask == 0 { return 1 }
            return edgeCoverage(lx: lx, ly: ly, jac: jac, rect: rect, mask: Int(mask))
        }
        let outer = roundedRectCoverage(lx: lx, ly: ly, jac: jac,
                                        x0: rect.0, y0: rect.1, x1: rect.2, y1: rect.3, r: params.0)
        if kind == 1 { return outer }
        let w = params.1
        let inner = roundedRectCoverage(lx: lx, ly: ly, jac: jac,
                                        x0: rect.0 + w, y0: rect.1 + w, x1: rect.2 - w, y1: rect.3 - w,
                                        r: params.2)
        return clamp01(outer - inner)
    }

    /// Product of per-edge coverages for the flagged edges of an axis-aligned
    /// local rect (exact box-filter area for axis-aligned pixels).
    @inline(__always)
    static func edgeCoverage(lx: Float, ly: Float, jac: (Float, Float, Float, Float),
                             rect: (Float, Float, Float, Float), mask: Int) -> Float {
        // Screen-space lengths of the gradients of lx and ly.
        let gx = max((jac.0 * jac.0 + jac.2 * jac.2).squareRoot(), 1e-6)
        let gy = max((jac.1 * jac.1 + jac.3 * jac.3).squareRoot(), 1e-6)
        var c: Float = 1
        if mask & 1 != 0 { c *= clamp01(0.5 + (lx - rect.0) / gx) }
        if mask & 2 != 0 { c *= clamp01(0.5 + (ly - rect.1) / gy) }
        if mask & 4 != 0 { c *= clamp01(0.5 + (rect.2 - lx) / gx) }
        if mask & 8 != 0 { c *= clamp01(0.5 + (rect.3 - ly) / gy) }
        return c
    }

    /// Coverage of a rounded rect. Each pair of straight sides gives a
    /// factor: fx = clamp01(0.5 − (|px| − hx)/gx), the half-plane coverage
    /// of the nearer vertical side, less clamp01(0.5 − (|px| + hx)/gx), the
    /// share of the pixel past the farther one (nonzero only where the rect
    /// is thinner than a pixel: then fx is the pixel's overlap with the
    /// band, not more), and fy likewise (gx, gy the screen lengths of the
    /// gradients of lx and ly, as in `edgeCoverage`). The two are
    /// multiplied (exact for an axis-aligned corner). In a corner's square
    /// (qx, qy > 0) the arc's coverage clamp01(0.5 − d/g), d the distance
    /// to the circle and g its gradient along the radial normal, caps the
    /// product. The value is continuous everywhere but at a corner's centre
    /// (q = 0): where the square meets the straight part (qx = 0) the arc's
    /// value is the nearer side's coverage, never below fx·fy. Taking one
    /// side's distance and gradient, the nearest side's, would jump across
    /// the medial axis (qx = qy) when the Jacobian is anisotropic: there an
    /// ulp of interpolation noise flipped a pixel by 32 levels between the
    /// executors (seed 301700, docs/reliability.md). Where r is at least
    /// half a pixel (r ≥ gx/2 and r ≥ gy/2), the other pair's factor is
    /// exactly 1 outside the corners' squares, so there the value is bit
    /// for bit the nearest side's, as before, unless the rect is thinner
    /// than a pixel.
    @inline(__always)
    static func roundedRectCoverage(lx: Float, ly: Float, jac: (Float, Float, Float, Float),
                                    x0: Float, y0: Float, x1: Float, y1: Float, r: Float) -> Float {
        if x1 <= x0 || y1 <= y0 { return 0 }
        let cx = (x0 + x1) * 0.5, cy = (y0 + y1) * 0.5
        let hx = (x1 - x0) * 0.5, hy = (y1 - y0) * 0.5
        let px = lx - cx, py = ly - cy
        let qx = abs(px) - hx + r, qy = abs(py) - hy + r
        // Screen-space lengths of the gradients of lx and ly.
        let gx = max((jac.0 * jac.0 + jac.2 * jac.2).squareRoot(), 1e-6)
        let gy = max((jac.1 * jac.1 + jac.3 * jac.3).squareRoot(), 1e-6)
        let fx = clamp01(0.5 - (qx - r) / gx) - clamp01(0.5 - (abs(px) + hx) / gx)
        let fy = clamp01(0.5 - (qy - r) / gy) - clamp01(0.5 - (abs(py) + hy) / gy)
        var c = fx * fy
        if qx > 0 && qy > 0 {
            let sx: Float = px < 0 ? -1 : 1
            let sy: Float = py < 0 ? -1 : 1
            let len = (qx * qx + qy * qy).squareRoot()
            let d = len - r
            let nx = sx * qx / len
            let ny = sy * qy / len
            // Gradient of d on screen: n · ∂local/∂screen.
            let gsx = nx * jac.0 + ny * jac.1
            let gsy = nx * jac.2 + ny * jac.3
            let g = max((gsx * gsx + gsy * gsy).squareRoot(), 1e-6)
            c = min(c, clamp01(0.5 - d / g))
        }
        return c
    }

    @inline(__always)
    static func clamp01(_ v: Float) -> Float { min(max(v, 0), 1) }

    /// The rect `rect` = (x0, y0, x1, y1) convolved with a Gaussian of
    /// standard deviations σx, σy, at the point (lx, ly): separable, so
    /// exactly ½(erf((x1 − lx)/(σx√2)) − erf((x0 − lx)/(σx√2))) times the
    /// same in y (up to `erf`'s 3e-7).
    @inline(__always)
    static func blurredRectCoverage(lx: Float, ly: Float, rect: (Float, Float, Float, Float),
                                    sigmaX: Float, sigmaY: Float) -> Float {
        let fx = blurredSpan(lx, rect.0, rect.2, sigmaX)
        let fy = blurredSpan(ly, rect.1, rect.3, sigmaY)
        return clamp01(fx * fy)
    }

    /// ½(erf((hi − v)/(σ√2)) − erf((lo − v)/(σ√2))): the interval [lo, hi]
    /// blurred, at v. At least 6σ inside both ends each erf is 1 to the last
    /// Float bit (1 − 1e-9), so the value is exactly 1 and is returned
    /// without evaluating them.
    @inline(__always)
    static func blurredSpan(_ v: Float, _ lo: Float, _ hi: Float, _ sigma: Float) -> Float {
        let s = max(sigma, 1e-6)
        if v - lo >= 6 * s && hi - v >= 6 * s { return 1 }
        let k = 0.70710678 / s
        return 0.5 * (erf((hi - v) * k) - erf((lo - v) * k))
    }

    /// The error function, Abramowitz & Stegun 7.1.28 (absolute error under
    /// 3e-7): 1 − 1/p(|x|)^16 with a degree-6 polynomial p — no exp, so
    /// coverage.glsl repeats it operation for operation; for large |x| the
    /// power overflows to infinity and the value is exactly ±1.
    @inline(__always)
    static func erf(_ x: Float) -> Float {
        let a = abs(x)
        let p = ((((((0.0000430638 * a + 0.0002765672) * a + 0.0001520143) * a + 0.0092705272) * a
                   + 0.0422820123) * a + 0.0705230784) * a + 1)
        let p2 = p * p, p4 = p2 * p2, p8 = p4 * p4, p16 = p8 * p8
        let y = 1 - 1 / p16
        return x < 0 ? -y : y
    }
}
