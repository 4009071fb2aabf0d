// RasterTests: what the geometry property test checks for one case — the
// coverage the plan's trapezoid items give each pixel (the polygon the
// tessellator draws for each item, and Coverage.evaluate at each pixel
// centre inside it, composited source-over as the executors do) against
// the pixel's area inside the flattened fill or the stroker's polygons,
// by 8×8 supersampled winding numbers (TestSupport's crossing rule).
// Three properties: every pixel within `maxError` of the reference; nothing
// drawn outside the geometry's bounding box widened by 1 px; nothing drawn
// in a pixel more than a pixel away from the geometry (no boundary and no
// partial reference coverage in its 3×3 neighbourhood), where no
// antialiasing ramp can reach.

import Foundation
import TestSupport
import Geometry
@testable import Plan
@testable import Rendering

enum GeometryPropertyCheck {
    /// Subsamples per pixel along each axis for the reference coverage.
    static let samples = 8
    /// Flattening tolerance and widest trapezoid item, in pixels (what shape
    /// layers used when they were drawn as trapezoid items).
    static let tolerancePixels = 0.2, maxTrapezoidPixels = 16.0

    /// The largest |rendered − reference| coverage allowed in any pixel.
    ///
    /// Why 0.5: each flagged edge contributes a 1-px linear ramp, which is
    /// within 0.043 of the exact box-filtered area of a single straight edge
    /// at any angle, plus the reference's own sampling error (≤ 1/8 per
    /// edge crossing a pixel). Where several edges meet inside one pixel
    /// (corners, sub-pixel slivers, an almost horizontal edge whose slab is
    /// thinner than a pixel) a trapezoid combines only its own edges'
    /// ramps, an estimate the renderer documents as up to ~0.4 off
    /// (TrapezoidCoverageTests.testAlmostHorizontalEdgeNearItsEndIsApproximate).
    /// Past 0.5 a pixel is on the wrong side of half covered: something was
    /// added or lost, not approximated.
    static let maxError = 0.5

    /// The most outline vertices a case may have to be checked.
    static let maxVertices = ProcessInfo.processInfo.environment["PROPERTY_MAX_VERTICES"].flatMap { Int($0) } ?? 3000

    /// Coverage treated as nothing drawn: under half an 8-bit level, it
    /// rounds to 0 in the image.
    static let nothing = 1.0 / 512

    struct Failure: CustomStringConvertible {
        var what: String
        /// True when the pixel lies within a pixel of a trapezoid less than
        /// a pixel tall whose top or bottom is an internal cut: the open
        /// limitation of per-trapezoid antialiasing (see `subPixelSlab`).
        var subPixelSlab = false
        var description: String { what + (subPixelSlab ? " [sub-pixel slab with an internal cut]" : "") }
    }

    /// Whether pixel (x, y) lies within a pixel of a trapezoid thinner than
    /// a pixel whose top or bottom is an internal cut. Each trapezoid ramps
    /// only its own flagged edges and the slab holding a pixel's centre
    /// decides its coverage, so a region thinner than a pixel that the sweep
    /// cuts into several slabs (a hairline or a sliver crossed by other
    /// vertices' heights) draws the middle slab's pixels full and may leave
    /// the pixels beside it empty: errors up to 1, not an approximation.
    /// Open (reported with issue 12); counted apart from other failures so
    /// the default run stays a guard for everything else.
    static func subPixelSlab(_ x: Int, _ y: Int, _ traps: [Trapezoid], _ h: Homography) -> Bool {
        let p = Vec2(Double(x) + 0.5, Double(y) + 0.5)
        for z in traps where z.edges & (Trapezoid.top | Trapezoid.bottom) != (Trapezoid.top | Trapezoid.bottom) {
            let c = z.corners.map { h.apply($0) }
            let b = Rect.bounding(c)
            guard p.x > b.minX - 1.5, p.x < b.maxX + 1.5, p.y > b.minY - 1.5, p.y < b.maxY + 1.5 else { continue }
            // Height in pixels: the slab's top-to-bottom distance on screen.
            let down = h.apply(Vec2(z.xl0, z.y1)) - h.apply(Vec2(z.xl0, z.y0))
            let across = h.apply(Vec2(z.xl0 + 1, z.y0)) - h.apply(Vec2(z.xl0, z.y0))
            let height = abs(across.cross(down)) / max(across.length, 1e-300)
            if height < 1 { return true }
        }
        return false
    }

    /// Nil when the case passes; otherwise what went wrong where. Cases the
    /// sweep refuses as too complex pass (they are refused, not drawn).
    static func check(_ c: GeometryCase) -> Failure? {
        let n = GeometryCase.canvas
        let path = c.path
        guard !path.elements.isEmpty else { return nil }
        let scale = c.pixelsPerUnit
        let tol = tolerancePixels / scale
        let maxWidth = maxTrapezoidPixels / scale
        let lines = path.subpaths(tolerance: tol)
        let polys = c.fills ? lines.map(\.points) : Stroker.outline(lines, style: c.style, tolerance: tol)
        let rule: FillRule = c.fills ? c.rule : .nonZero
        // Outlines this large (long dashed curves far off the canvas) take
        // seconds each in a debug build: left to PROPERTY_CASES runs.
        guard polys.reduce(0, { $0 + $1.count }) <= maxVertices else { return nil }
        guard let traps = try? Trapezoids.decomposeChecked(polys, rule: rule, maxWidth: maxWidth) else { return nil }

        // Rendered coverage, as the executors compute it.
        var rendered = [Double](repeating: 0, count: n * n)
        for z in traps {
            let item = DrawItem(layer: 0, transform: c.transform, rect: z.bounds, paint: .solid(Color.white.premultiplied),
                                shape: .trapezoid(z), aaEdges: EdgeMask(rawValue: z.edges))
            guard let (poly, inv) = Tessellator.polygon(of: item, width: n, height: n) else { continue }
            let (rect, params) = Tessellator.shapeAttributes(item)
            let b = Rect.bounding(poly)
            let x0 = max(0, Int((b.minX - 0.5).rounded(.down))), x1 = min(n - 1, Int((b.maxX - 0.5).rounded(.up)))
            let y0 = max(0, Int((b.minY - 0.5).rounded(.down))), y1 = min(n - 1, Int((b.maxY - 0.5).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                let py = Double(y) + 0.5
                let inside = windingNumbers([poly], y: py, xs: (x0...x1).map { Double($0) + 0.5 })
                for x in x0...x1 where inside[x - x0] != 0 {
                    let p = Vec2(Double(x) + 0.5, py)
                    let (X, Y, W) = inv.applyHomogeneous(p.x, p.y)
                    let j = Tessellator.jacobian(inv, p)
                    let cov = Coverage.evaluate(lx: Float(X / W), ly: Float(Y / W),
                                                jac: (Float(j.0), Float(j.1), Float(j.2), Float(j.3)),
                                                rect: (rect[0], rect[1], rect[2], rect[3]),
                                                params: (params[0], params[1], params[2], params[3]))
                    let a = rendered[y * n + x]
                    rendered[y * n + x] = a + Double(cov) * (1 - a)
                }
            }
        }

        // Reference coverage: supersampled winding numbers in path units.
        let pixelPolys = polys.map { $0.map { c.transform.flattened.apply($0) } }
        var reference = [Double](repeating: 0, count: n * n)
        let s = samples
        let xs = (0..<(n * s)).map { (Double($0) + 0.5) / Double(s) }
        // Each edge filed under the pixel rows its y range meets.
        var rows = [[(Vec2, Vec2)]](repeating: [], count: n)
        for poly in pixelPolys {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let lo = min(a.y, b.y), hi = max(a.y, b.y)
                guard lo < Double(n), hi >= 0, lo.isFinite, hi.isFinite else { continue }
                for y in max(0, Int(lo.rounded(.down)))...min(n - 1, Int(hi.rounded(.down))) { rows[y].append((a, b)) }
            }
        }
        for row in 0..<(n * s) {
            let y = row / s
            let w = windingNumbers(edges: rows[y], y: (Double(row) + 0.5) / Double(s), xs: xs)
            var count = 0, last = 0
            for (k, v) in w.enumerated() {
                if k / s != last { reference[y * n + last] += Double(count); count = 0; last = k / s }
                if rule == .nonZero ? v != 0 : v & 1 != 0 { count += 1 }
            }
            reference[y * n + last] += Double(count)
        }
        for i in reference.indices { reference[i] /= Double(s * s) }

        // Where the geometry lies, in pixels, widened by 1 px.
        let all = pixelPolys.flatMap { $0 }.filter { $0.x.isFinite && $0.y.isFinite }
        let bounds = all.isEmpty ? Rect(x: 0, y: 0, width: 0, height: 0) : Rect.bounding(all)

        // Pixels the boundary passes through (edges walked in steps of a
        // quarter pixel, clipped to the canvas widened by 2 px) or that the
        // reference sees partly covered: a pixel with none of these in its
        // 3×3 neighbourhood lies more than a pixel from the geometry's
        // boundary, beyond any antialiasing ramp, so outside it must be
        // exactly empty.
        var near = [Bool](repeating: false, count: n * n)
        func mark(_ x: Int, _ y: Int) {
            for dy in -1...1 { for dx in -1...1 where (0..<n).contains(x + dx) && (0..<n).contains(y + dy) {
                near[(y + dy) * n + x + dx] = true
            } }
        }
        for poly in pixelPolys {
            for i in poly.indices {
                guard let (a, b) = clipped(poly[i], poly[(i + 1) % poly.count], to: Double(n)) else { continue }
                let steps = Int(((b - a).length * 4).rounded(.up)) + 1
                for k in 0...steps {
                    let p = a + (b - a) * (Double(k) / Double(steps))
                    mark(Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
                }
            }
        }
        for i in reference.indices where reference[i] > 0 && reference[i] < 1 { mark(i % n, i / n) }

        for y in 0..<n {
            for x in 0..<n {
                let r = rendered[y * n + x], e = reference[y * n + x]
                let at = "pixel (\(x), \(y)): rendered \(fmt(r)), reference \(fmt(e))"
                if abs(r - e) > maxError {
                    return Failure(what: "coverage error over \(maxError) at \(at)",
                                   subPixelSlab: subPixelSlab(x, y, traps, c.transform.flattened))
                }
                if r > nothing {
                    let px = Double(x), py = Double(y)
                    if px + 1 < bounds.minX - 1 || px > bounds.maxX + 1 || py + 1 < bounds.minY - 1 || py > bounds.maxY + 1 {
                        return Failure(what: "drawn outside the geometry's bounds + 1 px at \(at)")
                    }
                }
                if !near[y * n + x] && e == 0 && r > nothing {
                    return Failure(what: "drawn more than a pixel away from the geometry at \(at)")
                }
            }
        }
        return nil
    }

    /// The part of segment a–b inside the square [−2, size + 2]² (Liang–Barsky), or nil.
    static func clipped(_ a: Vec2, _ b: Vec2, to size: Double) -> (Vec2, Vec2)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x + 2), (d.x, size + 2 - a.x), (-d.y, a.y + 2), (d.y, size + 2 - a.y)] {
            if p == 0 { if q < 0 { return nil }; continue }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return nil }
        }
        return (a + d * t0, a + d * t1)
    }

    static func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
}

