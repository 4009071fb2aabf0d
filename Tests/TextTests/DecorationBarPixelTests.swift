// Underline and strikethrough bars on whole pixels: thickness rounded (at
// least one pixel) from the row nearest the bar's top edge, clipped to the
// image only afterwards, so a bar above the top edge draws nothing. Expected
// pixels are worked out by hand from the rule and DejaVu Sans' metrics.

import XCTest
import Geometry
import Images
@testable import Text

final class DecorationBarPixelTests: XCTestCase {
    func covered(_ b: DecorationBar, width: Int = 8, height: Int = 4) -> [[Bool]] {
        var cov = [UInt8](repeating: 0, count: width * height)
        TextRasterizer.fill(b, into: &cov, width: width, height: height)
        return (0..<height).map { y in (0..<width).map { x in cov[y * width + x] != 0 } }
    }

    func testABarAboveTheTopEdgeDrawsNothing() {
        // Top edge at −0.6 − 0.2 = −0.8: its nearest row is −1, one pixel thick, all outside.
        let rows = covered(DecorationBar(x0: 2.4, x1: 5.5, y: -0.6, thickness: 0.4, color: 0))
        XCTAssertEqual(rows.flatMap { $0 }.filter { $0 }.count, 0, "\(rows)")
    }

    func testABarNearTheTopEdgeFillsRowZeroBetweenItsNearestPixelEdges() {
        // Top edge 0.2 → row 0; ends 2.4 → 2 and 5.5 → 6 (halves up): columns 2…5.
        let rows = covered(DecorationBar(x0: 2.4, x1: 5.5, y: 0.4, thickness: 0.4, color: 0))
        XCTAssertEqual(rows[0], [false, false, true, true, true, true, false, false])
        XCTAssertEqual(rows[1], Array(repeating: false, count: 8))
        // 1.6 pixels thick rounds to 2 rows: top edge 1.2 − 0.8 = 0.4 → rows 0 and 1.
        let thick = covered(DecorationBar(x0: 0, x1: 1, y: 1.2, thickness: 1.6, color: 0))
        XCTAssertEqual(thick.map { $0[0] }, [true, true, false, false])
    }

    /// DejaVu Sans at 9 px: ascender 1901/2048 × 9 = 8.354, strikethrough 0.3 em = 2.7 above the
    /// baseline, thickness max(1, 90/2048 × 9) = 1. Raised 6 points the bar's centre is at
    /// 8.354 − 6 − 2.7 = −0.346 and its top edge at −0.846: row −1, outside. Raised 5, the top
    /// edge is at 0.154: row 0. No-break spaces draw no glyph pixels but carry the bar.
    func testAStrikethroughRaisedPastTheTopIsClippedNotMovedDown() throws {
        func image(offset: Double) throws -> Image {
            var r = TextImageRequest(string: "", fontPath: FontResolver.defaultFontPath, fontSize: 9,
                                     width: 40, height: 12, scale: 1, color: .white, alignment: .left,
                                     wrapped: false, truncation: .none)
            r.attributed = AttributedText([TextRun("\u{A0}\u{A0}\u{A0}", strikethroughStyle: .single,
                                                   baselineOffset: offset)])
            return try TextRasterizer.render(r)
        }
        func alphaRows(_ im: Image) -> [Int] {
            (0..<im.height).map { y in (0..<im.width).filter { im.pixels[(y * im.width + $0) * 4 + 3] != 0 }.count }
        }
        let six = alphaRows(try image(offset: 6))
        XCTAssertEqual(six.reduce(0, +), 0, "\(six)")
        let five = alphaRows(try image(offset: 5))
        XCTAssertGreaterThan(five[0], 0, "\(five)")
        XCTAssertEqual(five.dropFirst().reduce(0, +), 0, "\(five)")
    }
}
