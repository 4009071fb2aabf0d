// Layout rules on made-up metrics (every character 10 px wide, the
// ellipsis too, one kerning pair): line breaks, paragraphs, alignment
// offsets, justification, truncation strings and kerned pen positions.

import XCTest
@testable import Text

/// Every character 10 px; "AV" kerns by −3.
struct FixedMetrics: GlyphMetrics {
    func advance(_ s: Unicode.Scalar) -> Double { 10 }
    func kerning(_ l: Unicode.Scalar, _ r: Unicode.Scalar) -> Double { l == "A" && r == "V" ? -3 : 0 }
}

final class TextLayoutTests: XCTestCase {
    func layout(_ s: String, width: Double, height: Double = 1000, alignment: TextLayoutOptions.Alignment = .left,
                wrapped: Bool = true, truncation: TextLayoutOptions.Truncation = .none) -> TextLayout {
        TextLayout(s, metrics: FixedMetrics(), ascender: 8, lineHeight: 12,
                   options: TextLayoutOptions(width: width, height: height, alignment: alignment,
                                              wrapped: wrapped, truncation: truncation))
    }

    func testWrappingBreaksAtWordBoundaries() {
        XCTAssertEqual(layout("aaa bbb ccc", width: 75).lines.map(\.text), ["aaa bbb", "ccc"])
        XCTAssertEqual(layout("aaa bbb ccc", width: 70).lines.map(\.text), ["aaa bbb", "ccc"])
        XCTAssertEqual(layout("aaa bbb ccc", width: 69).lines.map(\.text), ["aaa", "bbb", "ccc"])
        XCTAssertEqual(layout("aaa   bbb", width: 50).lines.map(\.text), ["aaa", "bbb"])
    }

    func testLongWordsBreakBetweenCharacters() {
        XCTAssertEqual(layout("abcdefghij", width: 35).lines.map(\.text), ["abc", "def", "ghi", "j"])
        XCTAssertEqual(layout("ab abcdefgh", width: 45).lines.map(\.text), ["ab", "abcd", "efgh"])
    }

    func testUnwrappedTextKeepsOneLinePerParagraph() {
        let l = layout("aaa bbb ccc\nd", width: 20, wrapped: false)
        XCTAssertEqual(l.lines.map(\.text), ["aaa bbb ccc", "d"])
        XCTAssertEqual(l.lines.map(\.baseline), [8, 20])
    }

    func testParagraphsAndEmptyLines() {
        let l = layout("a\n\nb", width: 100)
        XCTAssertEqual(l.lines.map(\.text), ["a", "", "b"])
        XCTAssertEqual(l.lines.map(\.baseline), [8, 20, 32])
    }

    func testAlignmentOffsets() {
        XCTAssertEqual(layout("abc", width: 100, alignment: .left).lines[0].originX, 0)
        XCTAssertEqual(layout("abc", width: 100, alignment: .right).lines[0].originX, 70)
        XCTAssertEqual(layout("abc", width: 100, alignment: .center).lines[0].originX, 35)
        XCTAssertEqual(layout("abc", width: 100, alignment: .center).lines[0].x, [35, 45, 55])
    }

    func testJustifiedLinesSpanTheBoxExceptTheLast() {
        let l = layout("aa bb cc dd", width: 85, alignment: .justified)
        XCTAssertEqual(l.lines.map(\.text), ["aa bb cc", "dd"])
        XCTAssertEqual(l.lines[0].width, 85, accuracy: 1e-9)
        // Two gaps share the 5 px left over.
        XCTAssertEqual(l.lines[0].x[3], 32.5, accuracy: 1e-9)
        XCTAssertEqual(l.lines[0].x[6], 65, accuracy: 1e-9)
        XCTAssertEqual(l.lines[0].x[7] + 10, 85, accuracy: 1e-9)
        XCTAssertEqual(l.lines[1].width, 20)
        // A paragraph's last line, and unwrapped text, are not stretched.
        XCTAssertEqual(layout("aa bb", width: 85, alignment: .justified).lines[0].width, 50)
        XCTAssertEqual(layout("aa bb", width: 85, alignment: .justified, wrapped: false).lines[0].width, 50)
    }

    func testTruncationStrings() {
        func cut(_ mode: TextLayoutOptions.Truncation, _ s: String = "abcdefghij", width: Double = 60) -> String {
            layout(s, width: width, wrapped: false, truncation: mode).lines[0].text
        }
        XCTAssertEqual(cut(.end), "abcde…")
        XCTAssertEqual(cut(.start), "…fghij")
        XCTAssertEqual(cut(.middle), "abc…ij")
        XCTAssertEqual(cut(.none), "abcdefghij")
        XCTAssertEqual(cut(.end, width: 100), "abcdefghij", "a line that fits is left alone")
        XCTAssertEqual(cut(.end, "ab cdefgh", width: 40), "ab…", "spaces next to the ellipsis go")
        XCTAssertEqual(cut(.start, "abcdef gh", width: 40), "…gh")
        XCTAssertEqual(cut(.end, width: 5), "…", "nothing fits: the ellipsis alone")
    }

    func testWrappedTextTruncatesTheLastLineThatFits() {
        let l = layout("aaa bbb ccc ddd eee", width: 75, height: 25, truncation: .end)
        XCTAssertEqual(l.lines.map(\.text), ["aaa bbb", "ccc dd…"])
        let one = layout("aaa bbb ccc", width: 75, height: 12, truncation: .end)
        XCTAssertEqual(one.lines.map(\.text), ["aaa bb…"])
        XCTAssertEqual(layout("aaa bbb ccc", width: 75, height: 12).lines.count, 2, "no truncation: all lines")
    }

    func testKerningMovesThePen() {
        let l = layout("AVA", width: 100)
        XCTAssertEqual(l.lines[0].x, [0, 7, 17])
        XCTAssertEqual(l.lines[0].width, 27)
    }

    func testLongInputLaysOutInLinearTime() {
        let word = String(repeating: "a", count: 100_000)
        XCTAssertEqual(layout(word, width: 15).lines.count, 100_000)
        let words = Array(repeating: "ab", count: 50_000).joined(separator: " ")
        XCTAssertEqual(layout(words, width: 2_000_000).lines.count, 1)
        XCTAssertEqual(layout(words, width: 2_000_000, wrapped: false, truncation: .middle).lines.count, 1)
        XCTAssertEqual(layout(words, width: 100, wrapped: false, truncation: .middle).lines[0].text, "ab ab…b ab")
    }
}
