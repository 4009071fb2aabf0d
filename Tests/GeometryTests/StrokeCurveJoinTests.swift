// Tests that a stroke's lineJoin acts at the path's corners only. Inside a
// flattened curve, and where segments meet on one tangent, the stroke is
// the band within half the line width of the curve, whatever the join:
// checked against the distance to the true curve, sampled densely (not
// against our stroker's own output), and by the smooth flags flattening
// gives each point.

import XCTest
@testable import Geometry

final class StrokeCurveJoinTests: XCTestCase {
    /// Points of the cubic p0…p3 at `n` + 1 evenly spaced parameters.
    func cubicSamples(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, n: Int) -> [Vec2] {
        (0...n).map { i in
            let t = Double(i) / Double(n), u = 1 - t
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }

    /// The farthest any outline vertex lies from the curve sampled in `curve`.
    func farthestVertex(_ polys: [[Vec2]], from curve: [Vec2]) -> Double {
        var worst = 0.0
        for poly in polys {
            for v in poly {
                worst = max(worst, curve.map { ($0 - v).length }.min()!)
            }
        }
        return worst
    }

    func testFlatEllipseStrokeStaysWithinHalfTheWidth() {
        // An ellipse 110 × 1.9 under a 4-point stroke: the radius of curvature
        // at its tips is 0.016. Every join style must stay within w/2 (plus the
        // flattening and sampling tolerance) of the true ellipse.
        let r = Rect(x: 5, y: 8, width: 110, height: 1.9)
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        var truth: [Vec2] = []
        for i in 0..<20000 {
            let a = 2 * Double.pi * Double(i) / 20000
            truth.append(Vec2(cx + rx * cos(a), cy + ry * sin(a)))
        }
        let lines = Path.ellipse(r).subpaths(tolerance: 0.05)
        for join in [LineJoin.miter, .bevel, .round] {
            let polys = Stroker.outline(lines, style: StrokeStyle(lineWidth: 4, lineJoin: join), tolerance: 0.05)
            // The Bézier ellipse strays from the true one by under 3e-4 of rx (0.016 here).
            XCTAssertLessThanOrEqual(farthestVertex(polys, from: truth), 2 + 0.05 + 0.03, "\(join)")
        }
    }

    func testSCurveStrokeStaysWithinHalfTheWidth() {
        let p = [Vec2(5, 30), Vec2(40, 14), Vec2(60, 44), Vec2(115, 24)]
        let truth = cubicSamples(p[0], p[1], p[2], p[3], n: 20000)
        let lines = try! Path(svg: "M 5 30 C 40 14 60 44 115 24").subpaths(tolerance: 0.05)
        for join in [LineJoin.miter, .bevel] {
            let polys = Stroker.outline(lines, style: StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: join),
                                        tolerance: 0.05)
            XCTAssertLessThanOrEqual(farthestVertex(polys, from: truth), 2.5 + 0.05 + 0.01, "\(join)")
        }
    }

    func testSmoothFlags() throws {
        // Corners of a polygon are corners, also where it closes.
        let tri = try Path(svg: "M 0 0 L 10 0 L 5 8 Z").subpaths(tolerance: 0.1)[0]
        XCTAssertEqual(tri.smooth, [false, false, false])
        // A closed ellipse has no corner at all, its start included.
        let e = Path.ellipse(Rect(x: 0, y: 0, width: 40, height: 10)).subpaths(tolerance: 0.1)[0]
        XCTAssertTrue(e.closed)
        XCTAssertTrue(e.smooth.allSatisfy { $0 }, "\(e.smooth)")
        // A rounded rect's sides run into its corner arcs on one tangent.
        let rr = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), radius: 5).subpaths(tolerance: 0.1)[0]
        XCTAssertTrue(rr.smooth.allSatisfy { $0 }, "\(rr.smooth)")
        // A line into a curve at an angle is a corner; the curve's inner points are not.
        let lc = try Path(svg: "M 0 0 L 10 0 C 10 10 20 10 20 0").subpaths(tolerance: 0.01)[0]
        XCTAssertEqual(lc.smooth.first, false)
        XCTAssertEqual(lc.smooth[1], false, "the line turns 90° into the curve")
        XCTAssertTrue(lc.smooth.dropFirst(2).dropLast().allSatisfy { $0 })
        XCTAssertEqual(lc.smooth.last, false, "an open end")
        // A curve with a cusp: the cusp lies inside the curve, so it joins round.
        let cusp = try Path(svg: "M 0 0 C 20 20 -10 20 10 0").subpaths(tolerance: 0.01)[0]
        XCTAssertTrue(cusp.smooth.dropFirst().dropLast().allSatisfy { $0 })
    }

    func testCornersAfterCurvesTurnByTheTrueTangents() throws {
        // The cubic arrives at (20, 20) heading straight down (its last control
        // point is right above); the line leaves heading left: a right-angle
        // corner whose miter tip is (22, 22) for a 4-point stroke. Chords of
        // the flattened curve arrive at a slant, which moves the tip.
        let lines = try Path(svg: "M 0 0 C 10 0 20 10 20 20 L 0 20").subpaths(tolerance: 0.05, tangentEnds: true)
        let polys = Stroker.outline(lines, style: StrokeStyle(lineWidth: 4, lineJoin: .miter), tolerance: 0.05)
        let nearest = polys.joined().map { ($0 - Vec2(22, 22)).length }.min()!
        XCTAssertLessThan(nearest, 1e-9)
        // The added points stay on the curve's tangent lines, within the tolerance of the curve.
        let pts = lines[0].points
        XCTAssertEqual(pts[1].y, 0, accuracy: 1e-12, "a point along the start tangent (1, 0)")
        XCTAssertEqual(pts[pts.count - 3].x, 20, accuracy: 1e-12, "a point along the end tangent (0, 1)")
    }

    func testDashesKeepTheFlagsOfTheirInnerPoints() {
        let line = Path.ellipse(Rect(x: 0, y: 0, width: 40, height: 10)).subpaths(tolerance: 0.1)
        let dashes = StrokeTrimming.dash(StrokeTrimming.trim(line, start: 0, end: 1), pattern: [20, 5], phase: 0)
        XCTAssertGreaterThan(dashes.count, 2)
        for d in dashes where d.points.count > 2 {
            XCTAssertEqual(d.smooth.first, false)
            XCTAssertEqual(d.smooth.last, false)
            XCTAssertTrue(d.smooth.dropFirst().dropLast().allSatisfy { $0 })
        }
    }
}
