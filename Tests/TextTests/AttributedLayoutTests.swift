// Rich text and shaped layout: the seed headings in Korean and Chinese
// draw real glyphs (no .notdef) from a fallback font; line breaking never
// splits a cluster (ligature, base + marks) and may break between
// ideographs; reftests on images (one run == the plain string, two runs of
// equal attributes == one run); per-run colours land in the image.

import XCTest
import Geometry
import Images
@testable import Text

final class AttributedLayoutTests: XCTestCase {
    func layout(_ t: AttributedText, width: Double = 1000, height: Double = 1000, wrapped: Bool = false,
                truncation: TextLayoutOptions.Truncation = .none, fontSize: Double = 24) throws -> ShapedTextLayout {
        var r = TextImageRequest(string: "", fontPath: FontResolver.defaultFontPath, fontSize: fontSize,
                                 width: width, height: height, scale: 1, color: .white, alignment: .natural,
                                 wrapped: wrapped, truncation: truncation)
        r.attributed = t
        return try TextRasterizer.layout(r)
    }

    func image(_ t: AttributedText?, plain: String = "", width: Double = 200, height: Double = 60,
               wrapped: Bool = false) throws -> Image {
        var r = TextImageRequest(string: plain, fontPath: FontResolver.defaultFontPath, fontSize: 20,
                                 width: width, height: height, scale: 1, color: Color(r: 1, g: 0.5, b: 0.25),
                                 alignment: .left, wrapped: wrapped, truncation: .none)
        r.attributed = t
        return try TextRasterizer.render(r)
    }

    func testSeedHeadingsDrawRealGlyphsFromACJKFont() throws {
        for heading in ["레이어 성능", "特殊图层", "Layer 레이어 特殊图层 mixed"] {
            let l = try layout(AttributedText(plain: heading))
            XCTAssertFalse(l.glyphs.isEmpty)
            for g in l.glyphs {
                XCTAssertNotEqual(g.id, 0, "'\(heading)': a glyph is .notdef (font \(l.fonts[g.font].face.familyName))")
            }
            let families = Set(l.glyphs.map { l.fonts[$0.font].face.familyName })
            XCTAssertTrue(families.contains { $0.contains("CJK") }, "'\(heading)' drew with \(families)")
        }
        // Korean prefers the Korean face of the collection, Chinese the simplified Chinese one.
        let ko = try layout(AttributedText(plain: "레이어"))
        XCTAssertEqual(ko.fonts[ko.glyphs[0].font].face.familyName, "Noto Sans CJK KR")
        let zh = try layout(AttributedText(plain: "特殊图层"))
        XCTAssertEqual(zh.fonts[zh.glyphs[0].font].face.familyName, "Noto Sans CJK SC")
    }

    func testLineBreaksNeverSplitALigatureOrABaseFromItsMarks() throws {
        let serif = AttributedText([TextRun("offoffoff", font: "DejaVu Serif")])
        // Narrow enough that the word breaks between clusters.
        let l = try layout(serif, width: 30, wrapped: true, fontSize: 24)
        XCTAssertGreaterThan(l.lines.count, 2)
        XCTAssertEqual(l.lines.map(\.text).joined(), "offoffoff")
        for line in l.lines { XCTAssertFalse(line.text.hasSuffix("of") && !line.text.hasSuffix("off"), "\(l.lines.map(\.text))") }
        let marks = "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}"
        let m = try layout(AttributedText(plain: marks), width: 25, wrapped: true)
        XCTAssertGreaterThan(m.lines.count, 1)
        for line in m.lines { XCTAssertFalse(line.text.unicodeScalars.first == "\u{301}", "a mark starts a line") }
    }

    func testCJKBreaksBetweenIdeographsLatinAtSpaces() throws {
        let l = try layout(AttributedText(plain: "特殊图层特殊图层"), width: 80, wrapped: true)
        XCTAssertEqual(l.lines.map(\.text), ["特殊图", "层特殊", "图层"])
        let latin = try layout(AttributedText(plain: "layers draw text"), width: 130, wrapped: true)
        XCTAssertEqual(latin.lines.map(\.text), ["layers", "draw text"])
    }

    func testOneRunEqualsThePlainString() throws {
        let s = "Rich text, kerned: AVATAR"
        XCTAssertEqual(try image(AttributedText([TextRun(s)])).pixels, try image(nil, plain: s).pixels)
        // Attributes spelled out equal to the defaults change nothing either.
        let explicit = TextRun(s, font: "DejaVu Sans", fontSize: 20, foregroundColor: Color(r: 1, g: 0.5, b: 0.25))
        XCTAssertEqual(try image(AttributedText([explicit])).pixels, try image(nil, plain: s).pixels)
    }

    func testTwoRunsOfEqualAttributesEqualOneRun() throws {
        // Split inside a word and inside a kerning pair (A|T): the pair must still kern.
        let a = AttributedText([TextRun("Hello, AVA", fontSize: 18), TextRun("TAR layers", fontSize: 18)])
        let b = AttributedText([TextRun("Hello, AVATAR layers", fontSize: 18)])
        XCTAssertEqual(try image(a).pixels, try image(b).pixels)
        let wrappedA = try image(a, width: 60, height: 80, wrapped: true)
        XCTAssertEqual(wrappedA.pixels, try image(b, width: 60, height: 80, wrapped: true).pixels)
    }

    func testRunColoursLandInTheImage() throws {
        let t = AttributedText([TextRun("HHH", foregroundColor: Color(r: 1, g: 0, b: 0)),
                                TextRun("HHH", foregroundColor: Color(r: 0, g: 0, b: 1))])
        let img = try image(t)
        var red = 0, blue = 0, redRight = false, blueLeft = false
        for y in 0..<img.height {
            for x in 0..<img.width {
                let i = (y * img.width + x) * 4
                if img.pixels[i + 3] == 255 && img.pixels[i] == 255 { red += 1; if x > 45 { redRight = true } }
                if img.pixels[i + 3] == 255 && img.pixels[i + 2] == 255 { blue += 1; if x < 39 { blueLeft = true } }
            }
        }
        XCTAssertGreaterThan(red, 30); XCTAssertGreaterThan(blue, 30)
        XCTAssertFalse(redRight, "red only on the first three letters")
        XCTAssertFalse(blueLeft, "blue only on the last three")
    }

    func testBiggerRunMakesATallerLineAndUnderlineDraws() throws {
        let small = try layout(AttributedText([TextRun("a b")]), fontSize: 20)
        let mixed = try layout(AttributedText([TextRun("a "), TextRun("b", fontSize: 40)]), fontSize: 20)
        XCTAssertGreaterThan(mixed.lines[0].baseline, small.lines[0].baseline + 10)
        let u = try layout(AttributedText([TextRun("under", underlineStyle: .single)]))
        XCTAssertEqual(u.bars.count, 1)
        XCTAssertGreaterThan(u.bars[0].y, u.lines[0].baseline, "an underline is below the baseline")
        let s = try layout(AttributedText([TextRun("gone", strikethroughStyle: .double)]))
        XCTAssertEqual(s.bars.count, 2)
        XCTAssertLessThan(s.bars[0].y, s.lines[0].baseline)
    }

    func testParagraphStyleSpacingAndAlignment() throws {
        let style = ParagraphStyle(alignment: .right, lineSpacing: 10, paragraphSpacing: 20)
        let plain = try layout(AttributedText([TextRun("a\nb\nc")]), width: 100)
        let spaced = try layout(AttributedText([TextRun("a\nb\nc", paragraphStyle: style)]), width: 100)
        let gap = plain.lines[1].baseline - plain.lines[0].baseline
        XCTAssertEqual(spaced.lines[1].baseline - spaced.lines[0].baseline, gap + 30, accuracy: 1e-9)
        XCTAssertEqual(spaced.lines[0].originX + spaced.lines[0].width, 100, accuracy: 1e-9)
        let doubled = try layout(AttributedText([TextRun("a\nb", paragraphStyle: ParagraphStyle(lineHeightMultiple: 2))]))
        XCTAssertEqual(doubled.lines[1].baseline - doubled.lines[0].baseline, 2 * gap, accuracy: 1e-9)
        // An Arabic paragraph with natural alignment sits on the right.
        let ar = try layout(AttributedText(plain: "مرحبا"), width: 300)
        XCTAssertEqual(ar.lines[0].originX + ar.lines[0].width, 300, accuracy: 1e-9)
    }

    /// A paragraph's spacing is its first run's paragraph style, for every line of it, also lines
    /// that start in a later run with another style (docs/scene-format.md, rich text). Baselines by
    /// hand from DejaVu Sans' metrics (ascender 1901, descender −483, no line gap, 2048 units/em) at
    /// 20 px: 18.564 + n × 23.281. The later run's lineSpacing 30 used to push the third line down.
    func testEveryLineOfAParagraphTakesItsFirstRunsSpacing() throws {
        let t = AttributedText([TextRun("aaaa aaaa "), TextRun("bbbb bbbb bbbb", paragraphStyle: ParagraphStyle(lineSpacing: 30))])
        let l = try layout(t, width: 120, wrapped: true, fontSize: 20)
        XCTAssertEqual(l.lines.map(\.text), ["aaaa aaaa", "bbbb bbbb", "bbbb"])
        let ascender = 1901.0 / 2048 * 20, lineHeight = (1901.0 + 483) / 2048 * 20
        for (n, line) in l.lines.enumerated() {
            XCTAssertEqual(line.baseline, ascender + Double(n) * lineHeight, accuracy: 1e-9, "line \(n)")
        }
        // The first run's style counts: with it on the first run, every line is 30 points further on.
        let s = AttributedText([TextRun("aaaa aaaa ", paragraphStyle: ParagraphStyle(lineSpacing: 30)), TextRun("bbbb bbbb bbbb")])
        let m = try layout(s, width: 120, wrapped: true, fontSize: 20)
        for (n, line) in m.lines.enumerated() {
            XCTAssertEqual(line.baseline, ascender + Double(n) * (lineHeight + 30), accuracy: 1e-9, "line \(n)")
        }
    }

    func testTruncationAcrossRunsKeepsTheRunStyleOfItsEllipsis() throws {
        let t = AttributedText([TextRun("The quick brown "), TextRun("fox jumps over the lazy dog", fontSize: 30)])
        let l = try layout(t, width: 200, truncation: .end)
        XCTAssertTrue(l.lines[0].text.hasSuffix("\u{2026}"), l.lines[0].text)
        XCTAssertLessThanOrEqual(l.lines[0].width, 200)
        let m = try layout(t, width: 200, truncation: .middle)
        XCTAssertTrue(m.lines[0].text.contains("\u{2026}"))
        XCTAssertTrue(m.lines[0].text.hasPrefix("The"))
        XCTAssertTrue(m.lines[0].text.hasSuffix("dog"))
    }

    func testUnknownFontInARunIsAnError() {
        XCTAssertThrowsError(try layout(AttributedText([TextRun("x", font: "No Such Font")])))
        XCTAssertThrowsError(try layout(AttributedText([TextRun("x", font: "DejaVu Sans:style=Wobbly")]))) { e in
            XCTAssertTrue("\(e)".contains("its styles are"), "\(e)")
        }
    }
}
