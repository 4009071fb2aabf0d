// Raster: the columns of a row where a rounded rect's coverage is provably
// exactly 1, following the corner arcs rather than the cross of
// `InteriorBoxes` — so the pixels in the corners' squares inside the arc
// skip `Coverage.evaluate` too. Used for rows along which the local y is
// constant (axis-aligned and scaled items, affine); other rows keep the
// cross.
//
// Why exactly 1: `Coverage.roundedRectCoverage` multiplies the factors
// clamp01(0.5 − (|px| − hx)/gx) and clamp01(0.5 − (|py| − hy)/gy) and,
// inside the corner squares (q = (|px| − hx + r, |py| − hy + r), both
// positive), caps them by clamp01(0.5 − (|q| − r)/g). Each of gx, gy, g is
// some |n·J| ≤ ‖J‖ (n a unit normal, J the Jacobian, ‖J‖ its spectral
// norm, the largest |n·J| — at scale 1 one local unit, where the Frobenius
// norm would be √2). With d the distance max(|px| − hx, |py| − hy) outside
// the corner squares, |q| − r inside them: where d ≤ −M with M = ‖J‖ (one
// pixel), each term's 0.5 − distance/g is ≥ 1.5 (|px| − hx and |py| − hy
// are ≤ d in the squares too, as |q| ≥ qx, qy), so every clamp gives
// exactly 1; each factor's other term, the share past the farther side,
// clamp01(0.5 − (|px| + hx)/gx), is exactly 0 there, as hx ≥ M ≥ gx (and
// the same in y). So the product is exactly 1. The Float error of d and of
// the interpolated local point is ~1e-5 pixel, far below the half pixel
// to spare. The set d ≤ −M is: |py| ≤ hy − M and, on rows with qy > 0,
// qx ≤ √((r − M)² − qy²) (r > M), elsewhere |px| ≤ hx − M. As for the
// cross, one more column is dropped at each end of the row's interval.

import Geometry

/// A rounded rect's interior (coverage exactly 1) per row, for rows of constant local y.
struct RoundedInterior {
    /// Centre and half sizes in local units.
    let cx: Double, cy: Double, hx: Double, hy: Double
    /// Corner radius (≥ 0) and the margin M (one pixel in local units, bounding g from above).
    let r: Double, margin: Double

    /// For a rounded rect (`VertexLayout` shape code 16–31) under a constant Jacobian; nil otherwise.
    static func make(rect: SIMD4<Float>, params: SIMD4<Float>, jacobian j: SIMD4<Float>) -> RoundedInterior? {
        guard (params.w / 16).rounded(.down) == 1, params.x >= 0, rect.x < rect.z, rect.y < rect.w else { return nil }
        let norm = spectralNorm(j)
        let (x0, y0, x1, y1) = (Double(rect.x), Double(rect.y), Double(rect.z), Double(rect.w))
        guard norm.isFinite, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, params.x.isFinite else { return nil }
        return RoundedInterior(cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, hx: (x1 - x0) / 2, hy: (y1 - y0) / 2,
                               r: Double(params.x), margin: max(norm, 1e-6))
    }

    /// The largest |n·J| over unit vectors n, where n·J = (n.x·j.x + n.y·j.y,
    /// n.x·j.z + n.y·j.w) as the coverage spec computes it: the larger
    /// singular value, √((S + √(S² − 4·det²)) / 2) with S the sum of the
    /// squares and det = j.x·j.w − j.y·j.z; in Double, rounded up by a
    /// relative 1e-9 so rounding cannot make it smaller than the true norm.
    static func spectralNorm(_ j: SIMD4<Float>) -> Double {
        let (a, b, c, d) = (Double(j.x), Double(j.y), Double(j.z), Double(j.w))
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        let root = max(0, sum * sum - 4 * det * det).squareRoot()
        return ((sum + root) / 2).squareRoot() * (1 + 1e-9)
    }

    /// The interior columns of a row whose local point is (row + dx·t)/q with t = x + ½ − x0;
    /// nil when the local y varies along the row (then the caller keeps the cross).
    @inline(__always)
    func columns(localRow: SIMD4<Float>, localDx: SIMD4<Float>, x0: Float) -> (lo: Int, hi: Int)? {
        guard localDx.y == 0, localDx.z == 0, localRow.z != 0 else { return nil }
        let q = Double(localRow.z)
        let ax = Double(localRow.x) / q, bx = Double(localDx.x) / q, ay = Double(localRow.y) / q
        guard ax.isFinite, bx.isFinite, ay.isFinite, bx != 0 else { return nil }
        let py = abs(ay - cy)
        guard py <= hy - margin else { return (1, 0) }
        let qy = py - hy + r
        let half: Double
        if qy > 0 {
            let rm = r - margin
            guard rm > 0, qy < rm else { return (1, 0) }
            half = hx - r + (rm * rm - qy * qy).squareRoot()
        } else {
            half = hx - margin
        }
        guard half > 0 else { return (1, 0) }
        let t0 = (cx - half - ax) / bx, t1 = (cx + half - ax) / bx
        let shift = Double(x0) - 0.5
        let first = (min(t0, t1) + shift).rounded(.up) + 1, last = (max(t0, t1) + shift).rounded(.down) - 1
        guard first <= last else { return (1, 0) }
        let limit = Double(CPUExecutor.maxPassSize)
        return (Int(clamping: first, to: -1...Int(limit)), Int(clamping: last, to: -1...Int(limit)))
    }
}
