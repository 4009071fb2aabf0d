// A justified paragraph's unstretched lines (its last line, a line without
// a gap, unwrapped text) are natural-aligned, as NSTextAlignment.justified
// aligns its last line: flush right in a right-to-left paragraph, flush
// left in a left-to-right one. Expected positions follow from the box width
// and the line's own width, not from a rendering.

import XCTest
@testable import Text

final class JustifiedNaturalAlignmentTests: XCTestCase {
    func layout(_ text: String, wrapped: Bool, width: Double = 300) throws -> ShapedTextLayout {
        var r = TextImageRequest(string: text, fontPath: FontResolver.defaultFontPath, fontSize: 20,
                                 width: width, height: 200, scale: 1, color: .white, alignment: .justified,
                                 wrapped: wrapped, truncation: .none)
        r.attributed = nil
        return try TextRasterizer.layout(r)
    }

    func testTheLastLineOfARightToLeftParagraphIsFlushRight() throws {
        // Two lines: the first stretched across the box, the last (one word) flush right.
        let l = try layout("אבגד הוזח טיכל מנסע פצקר שתאב", wrapped: true, width: 150)
        XCTAssertGreaterThan(l.lines.count, 1)
        XCTAssertEqual(l.lines[0].originX, 0, accuracy: 1e-9)
        XCTAssertEqual(l.lines[0].width, 150, accuracy: 1e-9)
        let last = l.lines[l.lines.count - 1]
        XCTAssertLessThan(last.width, 150)
        XCTAssertEqual(last.originX + last.width, 150, accuracy: 1e-9, "the last line ends at the right edge")
    }

    func testUnwrappedRightToLeftTextIsFlushRightAndLatinFlushLeft() throws {
        let rtl = try layout("שלום עולם", wrapped: false)
        XCTAssertEqual(rtl.lines[0].originX + rtl.lines[0].width, 300, accuracy: 1e-9)
        let ltr = try layout("hello world", wrapped: false)
        XCTAssertEqual(ltr.lines[0].originX, 0, accuracy: 1e-9)
    }
}
