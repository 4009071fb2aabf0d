// Truncation in bidirectional text: the ellipsis is a neutral character
// placed by rules N1/N2 of the bidi algorithm from the clusters beside it
// (the line's edges count as the paragraph's direction), so a cut at the
// end of a right-to-left paragraph shows "…" at the line's left end and a
// cut at its start at the right end, whatever direction the text beside it
// runs. Expected results come from the rule, not from a rendering.

import XCTest
@testable import Text

final class BidiTruncationTests: XCTestCase {
    func layout(_ text: String, direction: WritingDirection, truncation: TextLayoutOptions.Truncation,
                width: Double = 60) throws -> ShapedTextLayout {
        var r = TextImageRequest(string: "", fontPath: FontResolver.defaultFontPath, fontSize: 24,
                                 width: width, height: 100, scale: 1, color: .white, alignment: .natural,
                                 wrapped: false, truncation: truncation)
        r.attributed = AttributedText([TextRun(text, paragraphStyle: ParagraphStyle(baseWritingDirection: direction))])
        return try TextRasterizer.layout(r)
    }

    /// Latin words in a right-to-left paragraph sit at level 2; the ellipsis at the paragraph's end
    /// (after them logically) takes the paragraph's level 1, so it is the leftmost thing on the line.
    func testEndCutInARightToLeftParagraphPutsTheEllipsisAtTheLeft() throws {
        let l = try layout("abc def ghi", direction: .rightToLeft, truncation: .end)
        XCTAssertEqual(l.lines.count, 1)
        XCTAssertTrue(l.lines[0].text.hasSuffix("\u{2026}"), l.lines[0].text)
        XCTAssertTrue(l.lines[0].visualText.hasPrefix("\u{2026}"), l.lines[0].visualText)
    }

    func testStartCutInARightToLeftParagraphPutsTheEllipsisAtTheRight() throws {
        let l = try layout("abc def ghi", direction: .rightToLeft, truncation: .start)
        XCTAssertTrue(l.lines[0].text.hasPrefix("\u{2026}"), l.lines[0].text)
        XCTAssertTrue(l.lines[0].visualText.hasSuffix("\u{2026}"), l.lines[0].visualText)
    }

    /// Between two right-to-left words in a left-to-right paragraph the ellipsis runs right to left
    /// with them: logically "אבג…טיכ" inside the Latin line shows as "כיט…גבא" between the Latin words.
    func testMiddleCutBetweenRightToLeftWordsRunsWithThem() throws {
        let l = try layout("ab אבגדהוזחטיכ cd", direction: .leftToRight, truncation: .middle, width: 150)
        let line = l.lines[0]
        XCTAssertTrue(line.text.contains("\u{2026}"), line.text)
        let logical = Array(line.text.unicodeScalars), visual = Array(line.visualText.unicodeScalars)
        let i = logical.firstIndex(of: "\u{2026}")!, j = visual.firstIndex(of: "\u{2026}")!
        // Visually the Hebrew letters are reversed around the ellipsis: the one after it logically is before it.
        XCTAssertEqual(visual[j - 1], logical[i + 1], "\(line.text) shown as \(line.visualText)")
        XCTAssertEqual(visual[j + 1], logical[i - 1], "\(line.text) shown as \(line.visualText)")
    }
}
