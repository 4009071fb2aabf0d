// Tests for dashes across the start point of a closed subpath: the dash
// that runs into the end and the one that leaves the start are one dash,
// joined at the start (the line join at a corner, round on a curve), as
// Skia's dash effect and cairo's stroker draw it. Expected areas and points
// are worked out by hand from the pattern; the edge cases (a dash that only
// begins at the end, a zero-length dash at the start, one dash all the way
// round, a trimmed path) are the rule in docs/scene-format.md.

import Foundation
import XCTest
import TestSupport
@testable import Geometry

final class StrokeDashAcrossStartTests: XCTestCase {
    /// The square of docs/reliability.md: perimeter 320, pattern [25, 10]
    /// (period 35): dashes start at 0, 35, …, 315; the last one, 315…320,
    /// runs into the start corner (10, 10).
    static let square = "M 10 10 L 90 10 L 90 90 L 10 90 Z"

    func pieces(_ svg: String, _ pattern: [Double], phase: Double = 0, start: Double = 0, end: Double = 1)
        -> [StrokePiece] {
        let lines = try! Path(svg: svg).subpaths(tolerance: 0.01, tangentEnds: true)
        return StrokeTrimming.dash(StrokeTrimming.trim(lines, start: start, end: end), pattern: pattern, phase: phase)
    }

    func area(_ svg: String, _ style: StrokeStyle) -> Double {
        let lines = try! Path(svg: svg).subpaths(tolerance: 1e-4, tangentEnds: true)
        return TrapezoidTests.area(Trapezoids.decompose(Stroker.outline(lines, style: style, tolerance: 1e-4),
                                                        rule: .nonZero))
    }

    func testLastDashJoinsTheFirstAtTheStartCorner() {
        let d = pieces(Self.square, [25, 10])
        // Ten dashes, the last (315…320, up the left side) and the first
        // (0…25, along the top) now one piece through the corner.
        XCTAssertEqual(d.count, 9)
        XCTAssertEqual(d[0].points, [Vec2(10, 15), Vec2(10, 10), Vec2(35, 10)])
        XCTAssertFalse(d[0].closed)
        XCTAssertEqual(d[0].smooth, [false, false, false])  // a corner: the style's join
        XCTAssertFalse(d.contains { $0.points.last == Vec2(10, 10) })
        // Area, width 8: a dash going round a right angle with a miter covers
        // its length × 8 (the 4 × 4 miter square outside the corner makes up
        // for the same square covered twice inside), so 230 points of dashes
        // give 1840 with the dashes at 80 (70…95), 160 (140…165) and the start
        // going round. Capped at the start instead, the two dashes there
        // overlap inside the corner and the miter square is missing: 1824,
        // and the pixels (6…10, 6…10) stay empty.
        let style = StrokeStyle(lineWidth: 8, dashPattern: [25, 10])
        XCTAssertEqual(area(Self.square, style), 230 * 8, accuracy: 1e-9)
        let lines = try! Path(svg: Self.square).subpaths(tolerance: 0.1)
        let outline = Stroker.outline(lines, style: style, tolerance: 0.1)
        for y in 6..<10 {
            for x in 6..<10 {
                XCTAssertNotEqual(windingNumber(outline, Vec2(Double(x) + 0.5, Double(y) + 0.5)), 0, "pixel \(x), \(y)")
            }
        }
        // The join there is the path's lineJoin: a bevel fills half the outer
        // square (8 of 16), a round join a quarter disc of radius 4 (4π), at
        // each of the three corners.
        var bevel = style; bevel.lineJoin = .bevel
        XCTAssertEqual(area(Self.square, bevel), 230 * 8 - 3 * 8, accuracy: 1e-9)
        var round = style; round.lineJoin = .round
        XCTAssertEqual(area(Self.square, round), 230 * 8 - 3 * (16 - 4 * Double.pi), accuracy: 2e-3)  // chords within 1e-4 of the arcs
    }

    func testPhaseDecidesWhetherTheStartIsOn() {
        // Phase 5: dashes start where s + 5 ≡ 0 (mod 35): on at the start
        // (0…20) and at the end (310…320, 325 ≡ 10 into the period).
        let on = pieces(Self.square, [25, 10], phase: 5)
        XCTAssertEqual(on[0].points, [Vec2(10, 20), Vec2(10, 10), Vec2(30, 10)])
        // Phase −3 (≡ 32, in the gap): the stroke starts at 3 along the top;
        // the end (352 ≡ 2) is on, its dash (318…320) ends with a cap at the corner.
        let off = pieces(Self.square, [25, 10], phase: -3)
        XCTAssertEqual(off.first?.points, [Vec2(13, 10), Vec2(38, 10)])
        XCTAssertEqual(off.last?.points, [Vec2(10, 12), Vec2(10, 10)])
        // Phase 25, exactly where the first gap starts: off at the start.
        XCTAssertEqual(pieces(Self.square, [25, 10], phase: 25).first?.points, [Vec2(20, 10), Vec2(45, 10)])
    }

    func testEdgeCasesJoinNothing() {
        // [20, 12]: 320 is ten periods, so a dash only begins at the end, with
        // no length: the first dash keeps its cap (cairo joins here; Skia does not).
        let begins = pieces(Self.square, [20, 12])
        XCTAssertEqual(begins.count, 10)
        XCTAssertEqual(begins[0].points, [Vec2(10, 10), Vec2(30, 10)])
        XCTAssertEqual(area(Self.square, StrokeStyle(lineWidth: 8, dashPattern: [20, 12])),
                       200 * 8, accuracy: 1e-9)  // joined, the corner's miter square would add 16
        // A zero-length dash at the start (period 40: a dot at 0, gap 10, dash
        // 30, gap 0): the dash 290…320 and the dot at the corner stay apart.
        let dot = pieces(Self.square, [0, 10, 30, 0])
        XCTAssertEqual(dot.first?.points, [Vec2(10, 10)])
        XCTAssertEqual(dot.first?.direction, Vec2(1, 0))
        XCTAssertTrue(dot.contains { $0.points == [Vec2(10, 40), Vec2(10, 10)] })
        // A trimmed closed subpath is open (strokeEnd 0.99: 0…316.8): nothing joins.
        let trimmed = pieces(Self.square, [25, 10], end: 0.99)
        XCTAssertEqual(trimmed.first?.points, [Vec2(10, 10), Vec2(35, 10)])
        let tail = try! XCTUnwrap(trimmed.last?.points)
        XCTAssertEqual(tail.count, 2)
        XCTAssertEqual(tail[0], Vec2(10, 15))
        XCTAssertEqual(tail[1].y, 13.2, accuracy: 1e-9)
    }

    func testOneDashAllTheWayRoundIsTheSolidStroke() {
        let solid = try! Path(svg: Self.square).subpaths(tolerance: 0.01, tangentEnds: true)
        let whole = StrokePiece(points: solid[0].points, closed: true, smooth: solid[0].smooth)
        XCTAssertEqual(pieces(Self.square, [400, 10]), [whole])
        XCTAssertEqual(pieces(Self.square, [320, 10]), [whole])  // the dash ends exactly at the end
        XCTAssertEqual(pieces(Self.square, [330, 10], phase: 10), [whole])
        XCTAssertEqual(area(Self.square, StrokeStyle(lineWidth: 8, dashPattern: [400, 10])), 88 * 88 - 72 * 72,
                       accuracy: 1e-9)
    }

    /// A circle (r = 24, centre 50, 50) starts on a smooth stretch: the
    /// joined dash runs round through the start point, which stays smooth
    /// (a round join, following the curve). With square caps at the start
    /// instead, the caps' outer corners (16.97 from the start point) would
    /// lie 1.95 past the stroke's outer radius 36.
    func testDashAcrossASmoothStartFollowsTheCurve() {
        let circle = Path.ellipse(Rect(x: 26, y: 26, width: 48, height: 48))
        let lines = circle.subpaths(tolerance: 0.01, tangentEnds: true)
        let len = lines[0].length  // 150.8: the dashes are 0…20, 60…100, 140…end
        let style = StrokeStyle(lineWidth: 24, lineCap: .square, dashPattern: [40, 40], dashPhase: 20)
        let d = StrokeTrimming.dash(StrokeTrimming.trim(lines, start: 0, end: 1), pattern: [40, 40], phase: 20)
        XCTAssertEqual(d.count, 2)
        let joined = Polyline(points: d[0].points, closed: false, smooth: d[0].smooth, spans: d[0].spans)
        XCTAssertEqual(joined.length, len - 140 + 20, accuracy: 1e-9)
        let k = try! XCTUnwrap(d[0].points.firstIndex(of: Vec2(74, 50)))
        XCTAssertTrue(d[0].smooth[k])
        let outline = Stroker.outline(lines, style: style, tolerance: 0.01)
        for p in outline.joined() where (p - Vec2(74, 50)).length < 18 {
            XCTAssertLessThanOrEqual((p - Vec2(50, 50)).length, 36 + 0.02, "\(p)")
        }
    }
}
