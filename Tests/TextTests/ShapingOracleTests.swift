// Shaping and bidi order checked against tools outside our renderer:
// HarfBuzz's own `hb-shape` (Debian libharfbuzz-bin) for glyph ids,
// clusters and positions (ligatures, GPOS kerning, Arabic joining,
// combining marks), and python-bidi (an independent implementation of the
// Unicode Bidirectional Algorithm; Debian python3-bidi or PyPI) for the
// visual order of mixed-direction lines. Layouts run at a pixel size equal
// to the font's units per em, where hinted advances are the design
// advances, so our pixel positions compare to hb-shape's font units.

import Foundation
import XCTest
@testable import Text

final class ShapingOracleTests: XCTestCase {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    /// Runs a tool and returns its standard output.
    func run(_ tool: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if p.terminationStatus == 127 { throw XCTSkip("'\(tool)' is not installed; scripts/ensure-deps installs it") }
        guard p.terminationStatus == 0 else {
            XCTFail("'\(tool) \(args.joined(separator: " "))' failed with status \(p.terminationStatus)")
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One line laid out at `pixelSize` px (scale 1) in a box wide enough.
    func line(_ s: String, font: String, pixelSize: Double) throws -> ShapedLine {
        let d = ShapedTextLayout.Defaults(font: FontLocation(path: font), fontSize: pixelSize, color: .white,
                                          options: TextLayoutOptions(width: 1e6, height: 1e6), scale: 1)
        let l = try ShapedTextLayout(AttributedText(plain: s), defaults: d) {
            try ScaledFont(face: FontFace.open(path: $0.path, index: $0.index), pixelSize: $1)
        }
        XCTAssertEqual(l.lines.count, 1)
        return l.lines[0]
    }

    /// hb-shape's glyphs: (id, cluster, x of the glyph = pen + x offset).
    func hbShape(_ s: String, font: String) throws -> [(id: UInt32, cluster: Int, x: Double)] {
        let out = try run("hb-shape", ["--no-glyph-names", "--font-funcs=ot", font, s])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var pen = 0.0
        var glyphs: [(UInt32, Int, Double)] = []
        for item in out.dropFirst().dropLast().split(separator: "|") {
            // gid=cluster@dx,dy+advance (offset optional)
            let parts = item.split(separator: "=")
            let id = UInt32(parts[0])!
            var rest = String(parts[1])
            let adv = Double(rest.split(separator: "+").last!)!
            rest = String(rest.split(separator: "+").first!)
            var dx = 0.0
            let clusterAndOffset = rest.split(separator: "@")
            if clusterAndOffset.count == 2 { dx = Double(clusterAndOffset[1].split(separator: ",")[0])! }
            glyphs.append((id, Int(clusterAndOffset[0])!, pen + dx))
            pen += adv
        }
        return glyphs
    }

    func checkAgainstHBShape(_ s: String, font: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
        let upem = Double(try FontFace.open(path: font).designMetrics.unitsPerEm)
        let ours = try line(s, font: font, pixelSize: upem)
        let theirs = try hbShape(s, font: font)
        XCTAssertEqual(ours.glyphIDs, theirs.map(\.id), "glyph ids of '\(s)'", file: file, line: lineNumber)
        XCTAssertEqual(ours.glyphX.count, theirs.count, file: file, line: lineNumber)
        for (a, b) in zip(ours.glyphX, theirs.map(\.x)) {
            XCTAssertEqual(a, b, accuracy: 1, "glyph positions of '\(s)': \(ours.glyphX) vs \(theirs.map(\.x))",
                           file: file, line: lineNumber)
        }
    }

    func testLigatureMatchesHBShape() throws {
        try checkAgainstHBShape("office", font: Self.serif)
        // DejaVu Serif forms "ff" as one glyph (uniFB00): five glyphs for six letters.
        XCTAssertEqual(try line("office", font: Self.serif, pixelSize: 40).glyphIDs.count, 5)
    }

    func testKerningMatchesHBShape() throws {
        try checkAgainstHBShape("AVATAR", font: Self.sans)
        try checkAgainstHBShape("To Yo Ty", font: Self.sans)
    }

    func testArabicShapingMatchesHBShape() throws {
        // Joining forms (initial, medial, final) and right-to-left glyph order.
        try checkAgainstHBShape("طبقة", font: Self.sans)
        try checkAgainstHBShape("مرحبا", font: Self.sans)
    }

    func testCombiningMarksMatchHBShape() throws {
        try checkAgainstHBShape("e\u{301}a\u{308}o\u{302}", font: Self.sans)
        try checkAgainstHBShape("n\u{303}x\u{323}", font: Self.sans)
    }

    func testVisualOrderMatchesPythonBidi() throws {
        for s in ["Layer طبقة النص here", "A שלום עולם B", "مرحبا بالعالم 123", "abc 123 אבג def",
                  "שלום world עולם", "the word مرحبا, then 42 items"] {
            let ours = try line(s, font: Self.sans, pixelSize: 20).visualText
            let script = "import sys; from bidi.algorithm import get_display; sys.stdout.write(get_display(sys.argv[1]))"
            let theirs = try run("python3", ["-c", script, s])
            XCTAssertEqual(ours, theirs, "visual order of '\(s)'")
        }
    }
}
