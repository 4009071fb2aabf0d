// Tests for the non-trapping Double → Int conversions (issue 18) and for
// the geometry paths that used to trap on extreme numbers: a trapezoid
// 1e300 wide and its pixel coverage, an arc with a denormal radius, round joins
// and caps of a huge or tiny stroke.

import XCTest
@testable import Geometry

final class CheckedConversionTests: XCTestCase {
    func testCheckedRejectsWhatWouldTrap() {
        XCTAssertEqual(Int(checked: 3.9), 3)
        XCTAssertEqual(Int(checked: -3.9), -3)
        XCTAssertEqual(Int(checked: 9_007_199_254_740_992), 9_007_199_254_740_992)
        XCTAssertNil(Int(checked: 1e100))
        XCTAssertNil(Int(checked: -1e19))
        XCTAssertNil(Int(checked: .infinity))
        XCTAssertNil(Int(checked: .nan))
    }

    func testClampingSaturates() {
        XCTAssertEqual(Int(clamping: 7.5, to: 1...10), 7)
        XCTAssertEqual(Int(clamping: 1e300, to: 1...1024), 1024)
        XCTAssertEqual(Int(clamping: -1e300, to: 1...1024), 1)
        XCTAssertEqual(Int(clamping: .infinity, to: 0...Int.max), Int.max)
        XCTAssertEqual(Int(clamping: .nan, to: 1...4), 1)
        XCTAssertEqual(Int(clamping: 9.3e18, to: 0...Int.max), Int.max)
    }

    /// A rect 1e300 wide is one trapezoid, and the pixels of a window at
    /// its left end are fully covered (hand-computed: each lies inside it).
    func testHugeTrapezoidCoversItsPixelsWithoutTrapping() {
        let square: [Vec2] = [Vec2(0, 0), Vec2(1e300, 0), Vec2(1e300, 1), Vec2(0, 1)]
        let t = Trapezoids.decompose([square], rule: .nonZero)
        XCTAssertEqual(t.count, 1)
        var window = CoverageWindow(x0: 0, y0: 0, width: 4, height: 2)
        TrapezoidCoverage.accumulate(t, into: &window)
        for x in 0..<4 {
            XCTAssertEqual(window[x, 0], 1, accuracy: 1e-9, "pixel \(x)")
            XCTAssertEqual(window[x, 1], 0, "pixel \(x) below")
        }
    }

    func testArcWithDenormalRadiusDegradesToFinitePoints() throws {
        for d in ["M 0 0 A 5e-324 5e-324 0 1 1 10 10", "M 0 0 A 1e-320 3 0 0 0 100 0",
                  "M 0 0 A 1e300 1e300 0 1 1 1e9 1e9"] {
            let path = try Path(svg: d)
            for line in path.subpaths(tolerance: 0.1) {
                XCTAssertTrue(line.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, d)
            }
        }
    }

    func testExtremeStrokesDoNotTrap() {
        let arc = Path.ellipse(Rect(x: 0, y: 0, width: 80, height: 80)).subpaths(tolerance: 0.1)
        for style in [StrokeStyle(lineWidth: 1e9, lineCap: .round, lineJoin: .round),
                      StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round, dashPattern: [1e-300, 1e-300]),
                      StrokeStyle(lineWidth: .leastNonzeroMagnitude, lineCap: .round, lineJoin: .round)] {
            _ = Stroker.outline(arc, style: style, tolerance: 0.1)
        }
    }
}

final class MessageTextTests: XCTestCase {
    func testControlCharactersAreEscaped() {
        XCTAssertEqual(escapingControlCharacters("plain café"), "plain café")
        XCTAssertEqual(escapingControlCharacters("a\nb\tc\r"), "a\\nb\\tc\\r")
        XCTAssertEqual(escapingControlCharacters("\u{1B}[31mred\u{7F}\u{9B}"), "\\u{1B}[31mred\\u{7F}\\u{9B}")
    }
}
