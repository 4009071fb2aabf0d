// Tests for Path(svg:): every command in absolute and relative form,
// implicit repetition, the number grammar, arcs against known coordinates,
// and error offsets.

import XCTest
@testable import Geometry

final class SVGPathTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> Vec2 { Vec2(x, y) }

    private func parse(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> [PathElement] {
        do { return try Path(svg: s).elements } catch {
            XCTFail("\(s): \(error)", file: file, line: line)
            return []
        }
    }

    private func assertError(_ s: String, _ message: String, at offset: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Path(svg: s), s, file: file, line: line) { e in
            guard let e = e as? SVGPathError else { return XCTFail("not an SVGPathError: \(e)", file: file, line: line) }
            XCTAssertEqual(e.message, message, s, file: file, line: line)
            XCTAssertEqual(e.offset, offset, s, file: file, line: line)
        }
    }

    private func assertClose(_ a: Vec2, _ b: Vec2, _ tol: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual((a - b).length, tol, "\(a) vs \(b)", file: file, line: line)
    }

    // MARK: Commands

    func testMoveLineAbsoluteAndRelative() {
        XCTAssertEqual(parse("M 10 20 L 30 40"), [.move(p(10, 20)), .line(p(30, 40))])
        XCTAssertEqual(parse("m 10 20 l 5 -5"), [.move(p(10, 20)), .line(p(15, 15))])
        XCTAssertEqual(parse(""), [])
        XCTAssertEqual(parse("  \n "), [])
    }

    func testHorizontalVertical() {
        XCTAssertEqual(parse("M1 2 H 5 V 7 h -2 v -3"),
                       [.move(p(1, 2)), .line(p(5, 2)), .line(p(5, 7)), .line(p(3, 7)), .line(p(3, 4))])
    }

    func testImplicitRepetition() {
        // Extra pairs after M are lines; after m, relative lines.
        XCTAssertEqual(parse("M0 0 1 1 2 2"), [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2))])
        XCTAssertEqual(parse("m1 1 2 2 1 0"), [.move(p(1, 1)), .line(p(3, 3)), .line(p(4, 3))])
        XCTAssertEqual(parse("M0 0 L1 1,2 2"), [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2))])
        XCTAssertEqual(parse("M0 0 h1 2 3"), [.move(p(0, 0)), .line(p(1, 0)), .line(p(3, 0)), .line(p(6, 0))])
        // A second relative m is relative to the current point.
        XCTAssertEqual(parse("m1 1 l1 0 m2 2"), [.move(p(1, 1)), .line(p(2, 1)), .move(p(4, 3))])
    }

    func testNumberFormats() {
        XCTAssertEqual(parse("M.5.5-1-2"), [.move(p(0.5, 0.5)), .line(p(-1, -2))])
        XCTAssertEqual(parse("M1e-3 2E+1"), [.move(p(0.001, 20))])
        XCTAssertEqual(parse("M1.e2,+3"), [.move(p(100, 3))])
        XCTAssertEqual(parse("M-.5-.5"), [.move(p(-0.5, -0.5))])
        XCTAssertEqual(parse("M\t1\r\n2"), [.move(p(1, 2))])
    }

    func testCubicAndSmoothCubic() {
        XCTAssertEqual(parse("M0 0 C 1 2 3 4 5 6 S 9 10 11 12"), [
            .move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 10), p(11, 12)),
        ])
        XCTAssertEqual(parse("M1 1 c 1 2 3 4 5 6 s 1 1 2 2"), [
            .move(p(1, 1)), .cubic(p(2, 3), p(4, 5), p(6, 7)), .cubic(p(8, 9), p(7, 8), p(8, 9)),
        ])
        // S without a preceding C uses the current point as the first control point.
        XCTAssertEqual(parse("M1 1 L 2 2 S 3 3 4 4"),
                       [.move(p(1, 1)), .line(p(2, 2)), .cubic(p(2, 2), p(3, 3), p(4, 4))])
    }

    func testQuadAndSmoothQuad() {
        XCTAssertEqual(parse("M0 0 Q 1 1 2 0 T 4 0 T 6 0"), [
            .move(p(0, 0)), .quad(p(1, 1), p(2, 0)), .quad(p(3, -1), p(4, 0)), .quad(p(5, 1), p(6, 0)),
        ])
        XCTAssertEqual(parse("m1 1 q 1 1 2 0 t 2 0"),
                       [.move(p(1, 1)), .quad(p(2, 2), p(3, 1)), .quad(p(4, 0), p(5, 1))])
        // T after a cubic does not reflect.
        XCTAssertEqual(parse("M0 0 C 1 1 2 2 3 3 T 5 5"),
                       [.move(p(0, 0)), .cubic(p(1, 1), p(2, 2), p(3, 3)), .quad(p(3, 3), p(5, 5))])
    }

    func testCloseAndReopen() {
        XCTAssertEqual(parse("M1 1 L 2 2 Z L 3 3"),
                       [.move(p(1, 1)), .line(p(2, 2)), .close, .move(p(1, 1)), .line(p(3, 3))])
        XCTAssertEqual(parse("M1 1 l 2 2 z l 1 0 z m 5 5 z"), [
            .move(p(1, 1)), .line(p(3, 3)), .close, .move(p(1, 1)), .line(p(2, 1)), .close,
            .move(p(6, 6)), .close,
        ])
        XCTAssertEqual(parse("M0 0 H 1 ZM5 5"), [.move(p(0, 0)), .line(p(1, 0)), .close, .move(p(5, 5))])
    }

    // MARK: Arcs

    /// The end points of the cubics an arc became.
    private func arcJoints(_ s: String) -> [Vec2] {
        parse(s).compactMap { if case .cubic(_, _, let e) = $0 { return e } else { return nil } }
    }

    func testQuarterArcIsOneCubicWithKnownControls() {
        let k = 0.5522847498307936
        let e = parse("M 1 0 A 1 1 0 0 1 0 1")
        XCTAssertEqual(e.count, 2)
        guard case .cubic(let c1, let c2, let end) = e[1] else { return XCTFail("\(e)") }
        assertClose(c1, p(1, k)); assertClose(c2, p(k, 1)); assertClose(end, p(0, 1))
    }

    func testHalfCircleThroughKnownPoint() {
        // Sweep 1 turns clockwise on screen: from (0,0) to (2,0) over the top, through (1,-1).
        let joints = arcJoints("M 0 0 A 1 1 0 0 1 2 0")
        XCTAssertEqual(joints.count, 2)
        assertClose(joints[0], p(1, -1), 1e-6)
        assertClose(joints[1], p(2, 0), 0)
        // Sweep 0 goes the other way, under the bottom.
        assertClose(arcJoints("M 0 0 A 1 1 0 0 0 2 0")[0], p(1, 1), 1e-6)
        // Scaled: radius 100, tolerance 1e-6 × scale; midpoint of each cubic on the circle.
        let big = parse("M 0 0 A 100 100 0 0 1 200 0")
        assertClose(arcJoints("M 0 0 A 100 100 0 0 1 200 0")[0], p(100, -100), 1e-4)
        var start = p(0, 0)
        for el in big {
            guard case .cubic(let a, let b, let e) = el else { if case .move(let m) = el { start = m }; continue }
            let mid = start * 0.125 + a * 0.375 + b * 0.375 + e * 0.125
            XCTAssertEqual((mid - p(100, 0)).length, 100, accuracy: 100 * 3e-4)
            start = e
        }
    }

    func testRelativeArcAndFlagsWithoutSeparators() {
        let compact = parse("M0 0 a1 1 0 00 1 1")
        XCTAssertEqual(compact, parse("M0 0 a1 1 0 0 0 1 1"))
        XCTAssertEqual(compact, parse("M0 0 A1,1,0,0,0,1,1"))
        assertClose(arcJoints("M0 0 a1 1 0 00 1 1").last!, p(1, 1), 0)
        // Small arc, sweep 0 (counter-clockwise on screen) from (0,0) to (1,1): centre (1,0),
        // so it leaves straight down.
        guard case .cubic(let c1, _, _) = compact[1] else { return XCTFail("\(compact)") }
        XCTAssertEqual(c1.x, 0, accuracy: 1e-12)
        XCTAssertGreaterThan(c1.y, 0)
        // Large arc, sweep 1: three quarters of a circle.
        XCTAssertEqual(arcJoints("M0 0 a1 1 0 11 1 1").count, 3)
        XCTAssertEqual(parse("M0 0 a1 1 0 1 1 1 1"), parse("M0 0 a1 1 0 111 1"))
    }

    func testArcRadiiScaledUpAndDegenerateArcs() {
        // Radii too small to span the endpoints are scaled up: a half circle of radius 1.
        assertClose(arcJoints("M 0 0 A 0.5 0.5 0 0 1 2 0")[0], p(1, -1), 1e-6)
        // Negative radii are taken as absolute values.
        XCTAssertEqual(parse("M 0 0 A -1 -1 0 0 1 2 0"), parse("M 0 0 A 1 1 0 0 1 2 0"))
        // A zero radius is a straight line; equal endpoints draw nothing.
        XCTAssertEqual(parse("M 0 0 A 0 5 0 0 1 3 4"), [.move(p(0, 0)), .line(p(3, 4))])
        XCTAssertEqual(parse("M 2 2 A 5 5 0 0 1 2 2"), [.move(p(2, 2))])
    }

    func testRotatedEllipticalArc() {
        // rx 2 along the rotated (vertical) axis: half ellipse from (0,0) to (0,4), centre (0,2),
        // clockwise on screen through the right side (1,2).
        let joints = arcJoints("M 0 0 A 2 1 90 0 1 0 4")
        XCTAssertEqual(joints.count, 2)
        assertClose(joints[0], p(1, 2), 1e-6)
        assertClose(joints[1], p(0, 4), 0)
    }

    // MARK: Errors

    func testErrorsCarryOffsets() {
        assertError("M 10 10 L x", "expected a number", at: 10)
        assertError("M 0 0 L 1", "expected a number", at: 9)
        assertError("L 1 1", "path data must start with a moveto ('M' or 'm')", at: 0)
        assertError("  10 10", "path data must start with a moveto ('M' or 'm')", at: 2)
        assertError("M 1 2 X 3", "unknown command 'X'", at: 6)
        assertError("M1 1 A 1 1 0 2 0 3 3", "expected a flag (0 or 1)", at: 13)
        assertError("M1e 1", "expected exponent digits", at: 3)
        assertError("M 1e999 0", "number out of range", at: 2)
        assertError("M0 0 Z 5", "expected a command letter after 'Z'", at: 7)
        assertError("M 0 0 # 1", "unexpected character '#'", at: 6)
        assertError("M 0,,0", "expected a number", at: 4)
        assertError("M 0 0,,1", "unexpected character ','", at: 6)
        assertError("M .", "expected a number", at: 2)
    }

    func testErrorDescription() {
        XCTAssertEqual(SVGPathError(message: "expected a number", offset: 14).description,
                       "expected a number at character 14")
    }
}

final class NumberFormatTests: XCTestCase {
    /// Error messages quote bad input: huge and non-finite numbers must format, not trap.
    func testFormatsEveryDouble() {
        XCTAssertEqual(fmt(3), "3")
        XCTAssertEqual(fmt(-2.5), "-2.5")
        XCTAssertEqual(fmt(0.12345), "0.1235")
        XCTAssertEqual(fmt(-1e308), "-1e+308")
        XCTAssertEqual(fmt(123456789012345.5), "123456789012345.5")
        XCTAssertEqual(fmt(.infinity), "inf")
        XCTAssertEqual(fmt(.nan), "nan")
    }
}
