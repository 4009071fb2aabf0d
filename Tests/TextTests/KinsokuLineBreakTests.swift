// CJK line-breaking prohibitions (kinsoku shori, UAX #14): wrapped Chinese
// and Japanese strings at widths where breaking beside every ideograph
// would start a line with 。、」？ー or a small kana, or end one with （.
// Every character here is full width in Noto Sans CJK (advance 1 em, 24
// pixels at 24 px), so a 80-pixel line holds three of them; the expected
// lines follow from the rule by hand: greedy, each line as many segments
// (text between two break opportunities) as fit.

import XCTest
@testable import Text

final class KinsokuLineBreakTests: XCTestCase {
    func lines(_ s: String, width: Double = 80) throws -> [String] {
        var r = TextImageRequest(string: s, fontPath: FontResolver.defaultFontPath, fontSize: 24,
                                 width: width, height: 1000, scale: 1, color: .white, alignment: .natural,
                                 wrapped: true, truncation: .none)
        r.attributed = AttributedText(plain: s)
        let l = try TextRasterizer.layout(r)
        // The premise: every glyph advances one em.
        for line in l.lines {
            XCTAssertEqual(line.width, Double(line.text.unicodeScalars.count) * 24, "'\(line.text)'")
        }
        return l.lines.map(\.text)
    }

    func testAFullStopStaysWithTheIdeographBeforeIt() throws {
        // Segments 特 | 殊 | 图。 | 层: "特殊" + "图。" is 96 pixels, so "图。" opens the second line
        // (beside every ideograph: "特殊图" | "。层").
        XCTAssertEqual(try lines("特殊图。层"), ["特殊", "图。层"])
    }

    func testQuestionAndExclamationMarksNeverStartALine() throws {
        // 你 | 好 | 吗？ | 我 | 很 | 好！ (beside every ideograph: "你好吗" | "？我很" | "好！").
        XCTAssertEqual(try lines("你好吗？我很好！"), ["你好", "吗？我", "很好！"])
    }

    func testCornerBracketsAndCommaKeepTheirSides() throws {
        // 「東 | 京」、 | 大 | 阪: no break after 「, none before 」 or 、 (beside every
        // ideograph: "「東京" | "」、大" | "阪").
        XCTAssertEqual(try lines("「東京」、大阪"), ["「東", "京」、", "大阪"])
    }

    func testAnOpeningParenthesisNeverEndsALine() throws {
        // 我 | 们 | （特 | 殊）: "我们" + "（特" is 96 pixels (beside every ideograph: "我们（" | "特殊）").
        XCTAssertEqual(try lines("我们（特殊）"), ["我们", "（特", "殊）"])
    }

    func testSmallKanaAndTheProlongedSoundMarkNeverStartALine() throws {
        // コー | ヒー | と | チョ | コ (beside every kana: "コーヒ" | "ーとチ" | "ョコ").
        XCTAssertEqual(try lines("コーヒーとチョコ"), ["コー", "ヒーと", "チョコ"])
    }

    func testIdeographsStillBreakBetweenThemselvesAndAtSpaces() throws {
        // Unchanged rules: between two ideographs, and at spaces (a space is no prohibition's concern).
        XCTAssertEqual(try lines("特殊图层特殊图层"), ["特殊图", "层特殊", "图层"])
        XCTAssertEqual(try lines("特殊图 。层"), ["特殊图", "。层"])
    }
}
