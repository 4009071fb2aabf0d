// RasterTests: what the geometry property test checks for one case — the
// exact coverage shape layers are drawn from (the polygons mapped to
// pixels, cut into trapezoids by the slab sweep, each pixel's area summed
// by TrapezoidCoverage, as PlanBuilder+ShapeMask does) against the pixel's
// area inside the flattened fill or the stroker's polygons, by 8×8
// supersampled winding numbers (TestSupport's crossing rule).
// Three properties: every pixel within `maxError` of the reference; nothing
// drawn outside the geometry's bounding box widened by 1 px; nothing drawn
// in a pixel more than a pixel away from the geometry (no boundary and no
// partial reference coverage in its 3×3 neighbourhood).

import Foundation
import TestSupport
import Geometry

enum GeometryPropertyCheck {
    /// Subsamples per pixel along each axis for the reference coverage.
    static let samples = 8
    /// Flattening tolerance, in pixels.
    static let tolerancePixels = 0.2

    /// The largest |rendered − reference| coverage allowed in any pixel.
    /// The rendered coverage is exact (to Double rounding); the reference's
    /// own sampling error is up to 1/8 per edge crossing a pixel, and a
    /// pixel may hold many edges (a dash pattern, a round join's chords).
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
        var description: String { what }
    }

    /// Nil when the case passes; otherwise what went wrong where. Cases the
    /// sweep refuses as too complex pass (they are refused, not drawn).
    static func check(_ c: GeometryCase) -> Failure? {
        let n = GeometryCase.canvas
        let path = c.path
        guard !path.elements.isEmpty else { return nil }
        let scale = c.pixelsPerUnit
        let tol = tolerancePixels / scale
        let lines = path.subpaths(tolerance: tol)
        let polys = c.fills ? lines.map(\.points) : Stroker.outline(lines, style: c.style, tolerance: tol)
        let rule: FillRule = c.fills ? c.rule : .nonZero
        // Outlines this large (long dashed curves far off the canvas) take
        // seconds each in a debug build: left to PROPERTY_CASES runs.
        guard polys.reduce(0, { $0 + $1.count }) <= maxVertices else { return nil }
        let pixelPolys = polys.map { $0.map { c.transform.flattened.apply($0) } }
        guard let traps = try? Trapezoids.decomposeChecked(pixelPolys, rule: rule) else { return nil }

        // Rendered coverage, as shape layers' masks compute it.
        var window = CoverageWindow(x0: 0, y0: 0, width: n, height: n)
        TrapezoidCoverage.accumulate(traps, into: &window)
        let rendered = (0..<(n * n)).map { window[$0 % n, $0 / n] }

        // Reference coverage: supersampled winding numbers.
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
                    return Failure(what: "coverage error over \(maxError) at \(at)")
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

