// DrawingTests: what operations appearing over time damage — a stroked
// segment's box grown by the stroke's reach (through the transform), and a
// full redraw (nil) whenever the change is not local to a segment.

import XCTest
import Geometry
@testable import Drawing

final class DrawingDamageTests: XCTestCase {
    private func stroke(_ width: Double, join: LineJoin = .round, dash: [Double] = []) -> DrawingOperation {
        var s = StrokeOptions(color: .black)
        s.lineWidth = width; s.lineJoin = join; s.dashPattern = dash
        return .stroke(s, keepPath: false)
    }

    func testAppearingSegmentDamagesItsBoxGrownByTheReach() throws {
        let ops = [TimedDrawingOperation(.move(Vec2(0, 0))), TimedDrawingOperation(.line(Vec2(10, 0))),
                   TimedDrawingOperation(.line(Vec2(10, 10)), time: 1), TimedDrawingOperation(stroke(4))]
        let rects = try XCTUnwrap(DrawingDamage.dirtyRects(ops, old: [true, true, false, true], new: [true, true, true, true],
                                                           pixelScale: 2))
        // Segment (10,0)–(10,10), round join: reach 2, plus half a point (one pixel at 2×).
        XCTAssertEqual(rects, [Rect(x: 7.5, y: -2.5, width: 5, height: 15)])
        // Through scale 2 and translate (5, 5): the segment is (25,5)–(25,25), the reach 4.
        let scaled = [TimedDrawingOperation(.translate(Vec2(5, 5))), TimedDrawingOperation(.scale(Vec2(2, 2)))] + ops
        let r2 = try XCTUnwrap(DrawingDamage.dirtyRects(scaled, old: [true, true, true, true, false, true],
                                                        new: [true, true, true, true, true, true], pixelScale: 1))
        XCTAssertEqual(r2, [Rect(x: 20, y: 0, width: 10, height: 30)])
        // A miter join reaches miterLimit × half the width.
        let miter = Array(ops.dropLast()) + [TimedDrawingOperation(stroke(4, join: .miter))]
        let r3 = try XCTUnwrap(DrawingDamage.dirtyRects(miter, old: [true, true, false, true], new: [true, true, true, true],
                                                        pixelScale: 1))
        XCTAssertEqual(r3, [Rect(x: 10 - 21, y: -21, width: 42, height: 52)])
    }

    func testNonLocalChangesRedrawEverything() {
        let seg = [TimedDrawingOperation(.move(Vec2(0, 0))), TimedDrawingOperation(.line(Vec2(10, 10)), time: 1)]
        let appear = ([true, false, true], [true, true, true])
        // A filled path: the fill region changes beyond the segment.
        XCTAssertNil(DrawingDamage.dirtyRects(seg + [TimedDrawingOperation(.fill(color: .black, rule: .nonZero, keepPath: false))],
                                              old: appear.0, new: appear.1, pixelScale: 1))
        // A dashed stroke: the dashes after the change move.
        XCTAssertNil(DrawingDamage.dirtyRects(seg + [TimedDrawingOperation(stroke(2, dash: [3, 1]))],
                                              old: appear.0, new: appear.1, pixelScale: 1))
        // A paint or state operation appearing.
        let paint = [TimedDrawingOperation(.rotate(1), time: 1), TimedDrawingOperation(.move(Vec2(0, 0)))]
        XCTAssertNil(DrawingDamage.dirtyRects(paint, old: [false, true], new: [true, true], pixelScale: 1))
        // Nothing changed: nothing to redraw.
        XCTAssertEqual(DrawingDamage.dirtyRects(seg, old: [true, true], new: [true, true], pixelScale: 1), [])
    }
}
