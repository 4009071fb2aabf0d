// Tests that the ends a dash pattern or strokeStart/strokeEnd cut inside a
// curve lie on the curve at the true arc length and that their caps face
// along the curve's tangent there. The expected points, parameters and
// tangents come from the curve's formula in this file (arc length by a
// fine trapezoid sum, the tangent from the derivative), not from the
// flattening: the stroke outline must have a vertex at each corner of the
// exact cap (butt: the end normal's two ends; square: the box one half
// width along the tangent).

import XCTest
@testable import Geometry

final class StrokeCurveCutTests: XCTestCase {
    /// A cubic given by its control points, measured here independently.
    struct Cubic {
        var p: [Vec2]
        func point(_ t: Double) -> Vec2 {
            let u = 1 - t
            return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
        }
        func derivative(_ t: Double) -> Vec2 {
            let u = 1 - t
            return (p[1] - p[0]) * (3 * u * u) + (p[2] - p[1]) * (6 * u * t) + (p[3] - p[2]) * (3 * t * t)
        }
        /// Cumulative arc length at 200,000 even parameter steps (trapezoids of the speed).
        var table: [Double] {
            let n = 200_000
            var out = [0.0], prev = derivative(0).length
            for i in 1...n {
                let s = derivative(Double(i) / Double(n)).length
                out.append(out[i - 1] + (prev + s) / 2 / Double(n)); prev = s
            }
            return out
        }
        /// The parameter at arc length `s` (interpolated in `table`).
        func parameter(atLength s: Double, _ table: [Double]) -> Double {
            var lo = 0, hi = table.count - 1
            while hi - lo > 1 { let m = (lo + hi) / 2; if table[m] <= s { lo = m } else { hi = m } }
            let f = (s - table[lo]) / (table[hi] - table[lo])
            return (Double(lo) + f) / Double(table.count - 1)
        }
    }

    /// The corners an exact cap at parameter `t` must put in the outline:
    /// `leaving` for a piece's start (the cap faces backward).
    func capCorners(_ c: Cubic, _ t: Double, leaving: Bool, hw: Double, cap: LineCap) -> [Vec2] {
        let d = c.derivative(t) * (1 / c.derivative(t).length)
        let n = Vec2(-d.y, d.x) * hw, p = c.point(t)
        switch cap {
        case .square:
            let out = d * (leaving ? -hw : hw)
            return [p + n + out, p - n + out]
        default:
            return [p + n, p - n]
        }
    }

    /// How far the nearest outline vertex lies from `q`.
    func nearest(_ q: Vec2, _ polys: [[Vec2]]) -> Double {
        polys.flatMap { $0 }.map { ($0 - q).length }.min() ?? .infinity
    }

    /// The dash ends (arc lengths, and whether each starts a dash) of
    /// `pattern` from phase 0 on a path of length `total`, ends at 0 and
    /// `total` left out.
    func dashEnds(_ pattern: [Double], total: Double) -> [(Double, Bool)] {
        var out: [(Double, Bool)] = [], s = 0.0, i = 0
        while s < total {
            let e = s + pattern[i % pattern.count]
            if i % 2 == 0 {
                if s > 0 { out.append((s, true)) }
                if e < total { out.append((e, false)) }
            }
            s = e; i += 1
        }
        return out
    }

    func testDashEndsOnACubicFaceItsTangent() {
        // A 10-point stroke of an arch 100 wide, dashed [7.3, 6.1]: 23 ends
        // inside the curve, flattened to 0.05 (its chords turn by up to
        // about 0.05 radian from the tangent at their ends).
        let c = Cubic(p: [Vec2(10, 60), Vec2(30, -10), Vec2(90, -10), Vec2(110, 60)])
        let table = c.table, total = table.last!
        let lines = try! Path(svg: "M 10 60 C 30 -10 90 -10 110 60").subpaths(tolerance: 0.05, tangentEnds: true)
        XCTAssertEqual(lines[0].length, total, accuracy: 1e-9 * total, "the curve's arc length")
        let ends = dashEnds([7.3, 6.1], total: total)
        XCTAssertGreaterThan(ends.count, 20)
        for cap in [LineCap.butt, .square] {
            let style = StrokeStyle(lineWidth: 10, lineCap: cap, dashPattern: [7.3, 6.1])
            let polys = Stroker.outline(lines, style: style, tolerance: 0.05)
            for (s, starts) in ends {
                let t = c.parameter(atLength: s, table)
                for q in capCorners(c, t, leaving: starts, hw: 5, cap: cap) {
                    XCTAssertLessThan(nearest(q, polys), 1e-6, "\(cap) cap at length \(s), corner \(q)")
                }
            }
        }
    }

    func testTrimEndsOnAQuadraticFaceItsTangent() {
        // strokeStart 0.137 and strokeEnd 0.781 of a quadratic (as the cubic
        // with the same points at the same parameters), square caps.
        let p0 = Vec2(5, 80), q1 = Vec2(60, -40), p2 = Vec2(115, 80)
        let c = Cubic(p: [p0, p0 + (q1 - p0) * (2.0 / 3), p2 + (q1 - p2) * (2.0 / 3), p2])
        let table = c.table, total = table.last!
        let lines = try! Path(svg: "M 5 80 Q 60 -40 115 80").subpaths(tolerance: 0.05, tangentEnds: true)
        let style = StrokeStyle(lineWidth: 8, lineCap: .square, strokeStart: 0.137, strokeEnd: 0.781)
        let polys = Stroker.outline(lines, style: style, tolerance: 0.05)
        for (f, starts) in [(0.137, true), (0.781, false)] {
            let t = c.parameter(atLength: f * total, table)
            for q in capCorners(c, t, leaving: starts, hw: 4, cap: .square) {
                XCTAssertLessThan(nearest(q, polys), 1e-6, "end at \(f), corner \(q)")
            }
        }
    }

    func testTrimmedPieceDashedAgainStaysOnTheCurve() throws {
        // Trimming first, then dashing the trimmed piece: the dash ends are
        // measured along the curve from the trimmed start.
        let c = Cubic(p: [Vec2(10, 60), Vec2(30, -10), Vec2(90, -10), Vec2(110, 60)])
        let table = c.table, total = table.last!
        let lines = try! Path(svg: "M 10 60 C 30 -10 90 -10 110 60").subpaths(tolerance: 0.05, tangentEnds: true)
        let pieces = StrokeTrimming.dash(StrokeTrimming.trim(lines, start: 0.21, end: 0.93), pattern: [9.1, 4.4],
                                         phase: 0)
        let start = 0.21 * total
        var s = start, i = 0, k = 0
        while s < 0.93 * total {
            let e = min(s + [9.1, 4.4][i % 2], 0.93 * total)
            if i % 2 == 0 {
                let piece = pieces[k]; k += 1
                let first = try XCTUnwrap(piece.spans.first ?? nil), last = try XCTUnwrap(piece.spans.last ?? nil)
                for (at, p, span, param) in [(s, piece.points[0], first, first.t0),
                                             (e, piece.points[piece.points.count - 1], last, last.t1)] {
                    let t = c.parameter(atLength: at, table)
                    XCTAssertLessThan((p - c.point(t)).length, 1e-6, "end at \(at)")
                    XCTAssertEqual(param, t, accuracy: 1e-6, "the end segment's curve ends there")
                }
            }
            s = e; i += 1
        }
        XCTAssertEqual(k, pieces.count)
    }

    func testTangentAtACuspAndAtACoincidentControlPoint() {
        // M 0 0 C 10 10 0 10 10 0 stops at t = 0.5 (a cusp): it arrives
        // there moving down (+y) and leaves moving up.
        let cusp = CurveSpan(Vec2(0, 0), Vec2(10, 10), Vec2(0, 10), Vec2(10, 0), t0: 0, t1: 1)
        XCTAssertEqual(cusp.tangent(at: 0.5, arriving: true), Vec2(0, 1))
        XCTAssertEqual(cusp.tangent(at: 0.5, arriving: false), Vec2(0, -1))
        // A first control point on the start point: the curve leaves toward the second.
        let c = CurveSpan(Vec2(0, 0), Vec2(0, 0), Vec2(3, 4), Vec2(10, 0), t0: 0, t1: 1)
        let d = c.tangent(at: 0, arriving: false)!
        XCTAssertEqual(d.x, 0.6, accuracy: 1e-12); XCTAssertEqual(d.y, 0.8, accuracy: 1e-12)
        // A dash ending right at the cusp (half the length, by symmetry) caps
        // facing the way the curve arrived, without NaNs.
        let lines = try! Path(svg: "M 0 0 C 10 10 0 10 10 0").subpaths(tolerance: 0.01, tangentEnds: true)
        let half = lines[0].length / 2
        let pieces = StrokeTrimming.dash(StrokeTrimming.trim(lines, start: 0, end: 1), pattern: [half, 100], phase: 0)
        let p = pieces[0].points
        XCTAssertLessThan((p[p.count - 1] - Vec2(5, 7.5)).length, 1e-6)
        let polys = Stroker.outline([Polyline(points: p, closed: false, smooth: pieces[0].smooth, spans: pieces[0].spans)],
                                    style: StrokeStyle(lineWidth: 2, lineCap: .square), tolerance: 0.01)
        // The square cap's far corners: one half width on, down from the cusp.
        XCTAssertLessThan(nearest(Vec2(6, 8.5), polys), 1e-6)
        XCTAssertLessThan(nearest(Vec2(4, 8.5), polys), 1e-6)
    }

    func testCurvesOutOfRangeMeasureAtOnce() {
        // Control points at 1e308 or infinity give a length that is not a
        // number: halving the interval must stop there (it would otherwise
        // go 24 levels deep everywhere, 2²⁴ quadratures).
        let huge = CurveSpan(Vec2(0, 0), Vec2(1e308, 1e308), Vec2(-1e308, 1e308), Vec2(0, 1), t0: 0, t1: 1)
        XCTAssertFalse(huge.length.isFinite)
        let inf = CurveSpan(Vec2(0, 0), Vec2(.infinity, 0), Vec2(0, 1), Vec2(0, 1), t0: 0, t1: 1)
        XCTAssertFalse(inf.length.isFinite)
        XCTAssertEqual(inf.parameter(atLength: 1), 0)
        let lines = try! Path(svg: "M 0 0 C 1e308 1e308 -1e308 1e308 0 1").subpaths(tolerance: 0.05, tangentEnds: true)
        _ = Stroker.outline(lines, style: StrokeStyle(lineWidth: 2, dashPattern: [3, 2], strokeEnd: 0.5), tolerance: 0.05)
    }
}
