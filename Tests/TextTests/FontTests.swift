// Fonts from the system (fonts-dejavu-core): lookup by family and by file,
// errors for unknown families and files that are not fonts, and DejaVu
// Sans's kerning pairs as FreeType reports them.

import Foundation
import XCTest
@testable import Text

final class FontTests: XCTestCase {
    let sans = FontResolver.defaultFontPath

    func testDefaultFontIsDejaVuSansBook() throws {
        XCTAssertEqual(try FontResolver.resolve(nil), sans)
        let face = try FontResolver.face(nil)
        XCTAssertEqual(face.familyName, "DejaVu Sans")
        XCTAssertEqual(face.styleName, "Book")
        XCTAssertTrue(face.hasKerning)
    }

    func testFamilyLookupIsCaseInsensitiveAndPrefersTheRegularStyle() throws {
        XCTAssertEqual(try FontResolver.resolve("dejavu sans"), sans)
        XCTAssertEqual(try FontResolver.resolve("DEJAVU SERIF"), "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        XCTAssertTrue(FontIndex.system.families.contains("DejaVu Sans Mono"))
    }

    func testFileLookupAbsoluteAndRelative() throws {
        XCTAssertEqual(try FontResolver.resolve(sans), sans)
        XCTAssertEqual(try FontResolver.resolve("dejavu/DejaVuSans.ttf", baseDirectory: "/usr/share/fonts/truetype"), sans)
        XCTAssertEqual(try FontResolver.resolve("./../truetype/dejavu/DejaVuSans.ttf",
                                                baseDirectory: "/usr/share/fonts/truetype"), sans)
        XCTAssertEqual(try FontFace.open(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf").styleName, "Bold")
        XCTAssertTrue(FontResolver.isFilePath("Font.ttf"))
        XCTAssertFalse(FontResolver.isFilePath("DejaVu Sans"))
    }

    func testUnknownFamilyNamesTheInstalledOnes() {
        XCTAssertThrowsError(try FontResolver.resolve("No Such Font")) { e in
            let message = "\(e)"
            XCTAssertTrue(message.hasPrefix("no font named 'No Such Font'; installed families include "), message)
            XCTAssertTrue(message.contains("DejaVu Sans"), message)
        }
    }

    func testMissingFilesAndNonFontsAreErrorsNotCrashes() throws {
        XCTAssertThrowsError(try FontFace.open(path: "/nonexistent/Font.ttf")) { e in
            XCTAssertEqual(e as? FontError, .fileNotFound("/nonexistent/Font.ttf"))
        }
        XCTAssertThrowsError(try FontFace.open(path: "/usr/share/fonts")) { e in
            // A directory is named as what it is (only regular files are opened).
            XCTAssertEqual(e as? FontError, .notAFont("/usr/share/fonts", reason: "it is a directory, not a regular file"))
        }
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(getpid()).ttf")
        try Data("definitely not a font".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        XCTAssertThrowsError(try FontFace.open(path: junk.path)) { e in
            XCTAssertEqual("\(e)", "'\(junk.path)' is not a usable font file (unknown file format: the data ends too early)")
        }
    }

    func testDejaVuSansKerningPairs() throws {
        let font = try ScaledFont(face: FontResolver.face(nil), pixelSize: 36)
        XCTAssertEqual(font.kerning("A", "V"), -2)
        XCTAssertLessThan(font.kerning("T", "o"), 0)
        XCTAssertLessThan(font.kerning("W", "A"), 0)
        XCTAssertEqual(font.kerning("H", "H"), 0)
        XCTAssertEqual(font.advance("A"), 25)
        font.usesKerning = false
        XCTAssertEqual(font.kerning("A", "V"), 0)
    }

    func testKernedAdvancesDifferFromUnkerned() throws {
        let kerned = try ScaledFont(face: FontResolver.face(nil), pixelSize: 40)
        let plain = try ScaledFont(face: FontResolver.face(nil), pixelSize: 40)
        plain.usesKerning = false
        let options = TextLayoutOptions(width: 1000, height: 100)
        let a = TextLayout("AVATAR WAVE", metrics: kerned, ascender: 38, lineHeight: 47, options: options)
        let b = TextLayout("AVATAR WAVE", metrics: plain, ascender: 38, lineHeight: 47, options: options)
        XCTAssertLessThan(a.lines[0].width, b.lines[0].width - 5)
        XCTAssertLessThan(a.lines[0].x[1], b.lines[0].x[1], "V moves left towards A")
    }

    func testScaledFontLineMetrics() throws {
        let font = try ScaledFont(face: FontResolver.face(nil), pixelSize: 2048)
        XCTAssertEqual(font.ascender, 1901)
        XCTAssertEqual(font.lineHeight, 1901 + 483)
        XCTAssertThrowsError(try ScaledFont(face: FontResolver.face(nil), pixelSize: 0))
    }
}
