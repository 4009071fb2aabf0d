// Tests for stroking: outline areas of simple cases (caps, joins) measured
// after the non-zero union, dash lengths and phase, strokeStart/strokeEnd
// trimming across subpaths, and flattening that keeps open subpaths open.

import Foundation
import XCTest
@testable import Geometry

final class StrokerTests: XCTestCase {
    func strokeArea(_ svg: String, _ style: StrokeStyle, tolerance: Double = 1e-4) -> Double {
        let lines = try! Path(svg: svg).subpaths(tolerance: tolerance)
        let polys = Stroker.outline(lines, style: style, tolerance: tolerance)
        return TrapezoidTests.area(Trapezoids.decompose(polys, rule: .nonZero))
    }

    func testCapsAddTheirArea() {
        let w = 6.0, l = 40.0
        XCTAssertEqual(strokeArea("M 0 0 L 40 0", StrokeStyle(lineWidth: w)), l * w, accuracy: 1e-9)
        XCTAssertEqual(strokeArea("M 3 7 L 27 39", StrokeStyle(lineWidth: w)), l * w, accuracy: 1e-9)
        XCTAssertEqual(strokeArea("M 0 0 L 40 0", StrokeStyle(lineWidth: w, lineCap: .square)),
                       l * w + w * w, accuracy: 1e-9)
        XCTAssertEqual(strokeArea("M 0 0 L 40 0", StrokeStyle(lineWidth: w, lineCap: .round)),
                       l * w + Double.pi * w * w / 4, accuracy: 2e-3)  // chords within 1e-4 of the arc
    }

    func testJoins() {
        let svg = "M 0 0 L 10 0 L 10 10"
        XCTAssertEqual(strokeArea(svg, StrokeStyle(lineWidth: 2, lineJoin: .miter)), 40, accuracy: 1e-9)
        XCTAssertEqual(strokeArea(svg, StrokeStyle(lineWidth: 2, lineJoin: .bevel)), 39.5, accuracy: 1e-9)
        XCTAssertEqual(strokeArea(svg, StrokeStyle(lineWidth: 2, lineJoin: .round)), 39 + Double.pi / 4,
                       accuracy: 2e-3)
        // A right angle's miter ratio is √2: a limit of 1.4 falls back to bevel.
        XCTAssertEqual(strokeArea(svg, StrokeStyle(lineWidth: 2, lineJoin: .miter, miterLimit: 1.4)), 39.5,
                       accuracy: 1e-9)
        // A closed square gets a join at its start too: the full outer square.
        XCTAssertEqual(strokeArea("M 0 0 L 10 0 L 10 10 L 0 10 Z", StrokeStyle(lineWidth: 2)), 12 * 12 - 8 * 8,
                       accuracy: 1e-9)
    }

    func testLineWidthZeroStrokesNothing() {
        XCTAssertEqual(Stroker.outline(Path.rect(Rect(x: 0, y: 0, width: 5, height: 5)).subpaths(tolerance: 0.1),
                                       style: StrokeStyle(lineWidth: 0), tolerance: 0.1).count, 0)
    }

    func testDashLengthsAndPhase() {
        let line = [Polyline(points: [Vec2(0, 0), Vec2(100, 0)], closed: false)]
        let pieces = StrokeTrimming.trim(line, start: 0, end: 1)
        let d = StrokeTrimming.dash(pieces, pattern: [10, 5], phase: 0)
        XCTAssertEqual(d.count, 7)
        for piece in d { XCTAssertEqual(Polyline(points: piece.points, closed: false).length, 10, accuracy: 1e-9) }
        let shifted = StrokeTrimming.dash(pieces, pattern: [10, 5], phase: 5)
        XCTAssertEqual(shifted.first?.points, [Vec2(0, 0), Vec2(5, 0)])
        XCTAssertEqual(shifted[1].points, [Vec2(10, 0), Vec2(20, 0)])
        // Odd patterns repeat with on and off swapped: [4] is 4 on, 4 off.
        XCTAssertEqual(StrokeTrimming.dash(pieces, pattern: [4], phase: 0).count, 13)
        // Zero-length dashes are dots that keep their direction (for caps).
        let dots = StrokeTrimming.dash(pieces, pattern: [0, 25], phase: 0)
        XCTAssertEqual(dots.count, 5)
        XCTAssertEqual(dots[1].points, [Vec2(25, 0)])
        XCTAssertEqual(dots[1].direction, Vec2(1, 0))
        let area = TrapezoidTests.area(Trapezoids.decompose(
            Stroker.outline(line, style: StrokeStyle(lineWidth: 2, lineCap: .square, dashPattern: [0, 25]),
                            tolerance: 0.01), rule: .nonZero))
        XCTAssertEqual(area, 5 * 4, accuracy: 1e-9)
    }

    /// 2000 dashes on one horizontal line all share one slab: crossings are
    /// found in time ∝ edges + crossings, not edges², and the count of
    /// dashes is capped for patterns far finer than a pixel.
    func testManyDashesStayCheap() {
        let start = Date()
        let a = strokeArea("M 0 0 L 2000 0", StrokeStyle(lineWidth: 2, dashPattern: [0.5, 0.5]))
        XCTAssertEqual(a, 2000, accuracy: 1e-6)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let line = [Polyline(points: [Vec2(0, 0), Vec2(1e6, 0)], closed: false)]
        let tiny = StrokeTrimming.dash(StrokeTrimming.trim(line, start: 0, end: 1), pattern: [1e-3, 1e-3], phase: 0)
        XCTAssertEqual(tiny.count, StrokeTrimming.maximumDashes)
    }

    func testTrimmingUsesTheWholeLength() {
        let lines = try! Path(svg: "M 0 0 L 100 0 M 0 10 L 100 10").subpaths(tolerance: 0.1)
        let t = StrokeTrimming.trim(lines, start: 0.25, end: 0.75)
        XCTAssertEqual(t.map(\.points), [[Vec2(50, 0), Vec2(100, 0)], [Vec2(0, 10), Vec2(50, 10)]])
        XCTAssertEqual(StrokeTrimming.trim(lines, start: 0.6, end: 0.6), [])
        XCTAssertEqual(StrokeTrimming.trim(lines, start: 0.8, end: 0.2), [])
        // Trimming, then dashing from the trimmed start.
        let style = StrokeStyle(lineWidth: 2, dashPattern: [10, 10], strokeStart: 0.25, strokeEnd: 0.75)
        XCTAssertEqual(strokeArea("M 0 0 L 100 0 M 0 10 L 100 10", style), 2 * (10 + 10 + 10) * 2, accuracy: 1e-9)
        // A trimmed closed path is open: no join where it was cut.
        let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10)).subpaths(tolerance: 0.1)
        let half = StrokeTrimming.trim(square, start: 0, end: 0.5)
        XCTAssertEqual(half.count, 1)
        XCTAssertFalse(half[0].closed)
        XCTAssertEqual(half[0].points, [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)])
    }

    func testFlatteningKeepsOpenSubpathsOpen() {
        let s = try! Path(svg: "M 0 0 L 10 0 M 0 5 L 10 5 L 5 9 Z M 20 20").subpaths(tolerance: 0.1)
        XCTAssertEqual(s.count, 2)
        XCTAssertFalse(s[0].closed)
        XCTAssertTrue(s[1].closed)
        XCTAssertEqual(s[1].points.count, 3)
    }

    func testPerCornerRoundedRect() {
        let p = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), radii: [0, 5, 10, 0])
        let polys = p.subpaths(tolerance: 1e-4).map(\.points)
        let area = TrapezoidTests.area(Trapezoids.decompose(polys, rule: .nonZero))
        let cut = (25 + 100) * (1 - Double.pi / 4)
        XCTAssertEqual(area, 800 - cut, accuracy: 0.05)
        // Radii that overlap on a side shrink together.
        let big = Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radii: [10, 10, 10, 10])
        XCTAssertEqual(big.controlBounds, Rect(x: 0, y: 0, width: 10, height: 10))
    }
}
