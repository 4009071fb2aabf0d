// Geometry: the exact antialiased coverage of a region given as trapezoids,
// on a pixel grid. The slab sweep (Trapezoids.swift) tiles a filled region
// with trapezoids that never overlap, so the area of the region inside a
// pixel square is the sum of each trapezoid's area inside it: a box filter
// computed exactly (to Double rounding) whatever the fill rule, however thin
// the slabs and whichever of a trapezoid's edges are internal cuts. Drawing
// the trapezoids one by one with per-edge ramps (the draw items shape
// layers once were) could not do that: a pixel whose centre no trapezoid
// contains, beside a slab a curve vertex cut off, got nothing from any of
// them (docs/reliability.md, "Random scenes against Skia"). Shape layers
// are decomposed in pixel space and drawn from this coverage
// (PlanBuilder+ShapeMask.swift).

/// Coverage of a pixel window: `width` × `height` pixels whose top-left
/// pixel is (x0, y0), row-major, each the covered fraction of its square.
public struct CoverageWindow: Hashable, Sendable {
    public var x0: Int, y0: Int, width: Int, height: Int
    public var coverage: [Double]

    public init(x0: Int, y0: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "CoverageWindow: negative size")
        self.x0 = x0; self.y0 = y0; self.width = width; self.height = height
        coverage = Array(repeating: 0, count: width * height)
    }

    /// The coverage of pixel (x, y) in window coordinates, clamped to 0…1.
    public subscript(x: Int, y: Int) -> Double { min(max(coverage[y * width + x], 0), 1) }
}

public enum TrapezoidCoverage {
    /// Pixel indices conversions are clamped to (far beyond any window).
    static let pixels = -(1 << 40)...(1 << 40)

    /// Adds the area of each trapezoid (pixel coordinates) inside each
    /// pixel of `window` to its coverage. Parts outside the window are
    /// skipped, so the work is bounded by the window, not by the trapezoids'
    /// extent: per trapezoid, the window rows it spans times the columns its
    /// sides sweep on each row, plus its full interior.
    public static func accumulate(_ traps: [Trapezoid], into window: inout CoverageWindow) {
        let wx0 = window.x0, wy0 = window.y0, w = window.width, h = window.height
        guard w > 0, h > 0 else { return }
        window.coverage.withUnsafeMutableBufferPointer { cov in
            for z in traps where z.y1 > z.y0 && z.y0.isFinite && z.y1.isFinite {
                let rowLo = max(wy0, Int(clamping: z.y0.rounded(.down), to: pixels))
                let rowHi = min(wy0 + h - 1, Int(clamping: z.y1.rounded(.up), to: pixels) - 1)
                guard rowLo <= rowHi else { continue }
                for r in rowLo...rowHi {
                    let ya = max(z.y0, Double(r)), yb = min(z.y1, Double(r + 1))
                    let dy = yb - ya
                    guard dy > 0 else { continue }
                    let la = z.left(at: ya), lb = z.left(at: yb), ra = z.right(at: ya), rb = z.right(at: yb)
                    guard la.isFinite, lb.isFinite, ra.isFinite, rb.isFinite else { continue }
                    // Columns the sides sweep get the exact integral; those
                    // wholly between the sides are covered for all of dy.
                    let lMax = max(la, lb), rMin = min(ra, rb)
                    let fullLo = Int(clamping: lMax.rounded(.up), to: pixels), fullHi = Int(clamping: rMin.rounded(.down), to: pixels)
                    let cLo = max(wx0, Int(clamping: min(la, lb).rounded(.down), to: pixels))
                    let cHi = min(wx0 + w - 1, Int(clamping: max(ra, rb).rounded(.up), to: pixels) - 1)
                    guard cLo <= cHi else { continue }
                    let rowBase = (r - wy0) * w - wx0
                    var c = cLo
                    while c <= cHi {
                        if c >= fullLo && c + 1 <= fullHi {
                            // The run of fully spanned columns, to its end in the window.
                            let end = min(cHi, fullHi - 1)
                            for k in c...end { cov[rowBase + k] += dy }
                            c = end + 1
                            continue
                        }
                        let x = Double(c)
                        let inside = meanClamped(ra - x, rb - x) - meanClamped(la - x, lb - x)
                        cov[rowBase + c] += dy * inside
                        c += 1
                    }
                }
            }
        }
    }

    /// The mean of clamp(u, 0, 1) as u runs linearly from `a` to `b`: the
    /// fraction of a unit column left of a side that moves from a to b
    /// across it. Split at 0 and 1 so far-off sides stay exact.
    static func meanClamped(_ a: Double, _ b: Double) -> Double {
        let lo = min(a, b), hi = max(a, b)
        if hi <= 0 { return 0 }
        if lo >= 1 { return 1 }
        let span = hi - lo
        if span < 1e-12 { return min(max((lo + hi) / 2, 0), 1) }
        let m0 = max(lo, 0), m1 = min(hi, 1)
        let ramp = m1 > m0 ? (m1 * m1 - m0 * m0) / 2 : 0
        let full = hi > 1 ? hi - max(lo, 1) : 0
        return (ramp + full) / span
    }
}
