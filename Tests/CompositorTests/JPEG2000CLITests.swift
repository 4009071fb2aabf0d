// JPEG 2000 contents end to end through `compositor render`: a damaged file
// fails the render with exit 2, one line naming the key path, the file and
// the byte offset, and no output file; with --downscale-images a .jp2 drawn
// smaller decodes at a reduced resolution (fewer bytes decoded, counted in
// the stats) and draws like the PNG it was made from box-filtered to the same
// size, within a measured bound.

import Foundation
import XCTest
import Compositor

final class JPEG2000CLITests: XCTestCase {
    func tmp(_ name: String) throws -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("jp2cli-\(UUID())")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.appendingPathComponent(name).path
    }

    func scene(_ contents: String, frame: String, in path: String) throws {
        let images = FixturePaths.scenes.deletingLastPathComponent().path
        try Data(##"{"canvas": {"width": 40, "height": 30, "backgroundColor": "#FFFFFF"}, "sublayers": [{"frame": \##(frame), "contents": "\##(images)/\##(contents)"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: path))
    }

    func testDamagedFilesFailWithTheOffsetAndNoOutput() throws {
        for (file, expected) in [("invalid/images/truncated.jp2", "(at byte offset 77)"),
                                 ("invalid/images/corrupt.j2k", "(at byte offset 2819)")] {
            let path = try tmp("s.json"), out = try tmp("o.png")
            try scene(file, frame: "[0, 0, 40, 30]", in: path)
            for mode in [[], ["--lazy"], ["--downscale-images"]] {
                let r = try runCompositor(["render", path, "-o", out, "--backend", "cpu"] + mode)
                if mode == ["--lazy"] {
                    // Lazy loading reports a failed image once and draws the layer without it.
                    XCTAssertEqual(r.status, 0, r.stderr)
                    XCTAssertTrue(r.stderr.contains(expected), r.stderr)
                    try? FileManager.default.removeItem(atPath: out)
                    continue
                }
                XCTAssertEqual(r.status, 2, "\(file) \(mode): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("sublayers[0].contents"), r.stderr)
                XCTAssertTrue(r.stderr.contains("corrupt JPEG 2000") && r.stderr.contains(expected), r.stderr)
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(file) \(mode): partial output")
            }
        }
    }

    /// Measured: mean 6.1 levels per channel over the layer (max 137, at the sun's
    /// rim) between the reduced JPEG 2000 decode (the 5/3 LL band two levels down,
    /// 32×24) and the PNG box-filtered 4×4 to the same size; bound 8.
    static let reducedVersusBoxMeanTolerance = 8.0

    func testDownscaledJPEG2000DecodesReducedAndDrawsLikeTheBoxFilteredPNG() throws {
        let jp2 = try tmp("jp2.json"), png = try tmp("png.json")
        try scene("images/photo.jp2", frame: "[4, 3, 32, 24]", in: jp2)
        try scene("images/photo.png", frame: "[4, 3, 32, 24]", in: png)
        let a = try tmp("a.png"), b = try tmp("b.png")
        let ra = try runCompositor(["render", jp2, "-o", a, "--backend", "cpu", "--downscale-images", "--stats"])
        let rb = try runCompositor(["render", png, "-o", b, "--backend", "cpu", "--downscale-images", "--stats"])
        XCTAssertEqual(ra.status, 0, ra.stderr); XCTAssertEqual(rb.status, 0, rb.stderr)
        // The JPEG 2000 decode stops two levels down: 32×24 pixels decoded, not 128×96.
        XCTAssertTrue(ra.stdout.contains("imageBytesDecoded: \(32 * 24 * 4)\n"), ra.stdout)
        XCTAssertTrue(rb.stdout.contains("imageBytesDecoded: \(32 * 24 * 4)\n"), rb.stdout)  // after the box filter
        let ia = try PNG.read(path: a), ib = try PNG.read(path: b)
        var total = 0
        for y in 3..<27 {
            for x in 4..<36 {
                let p = ia[x, y], q = ib[x, y]
                total += abs(Int(p.0) - Int(q.0)) + abs(Int(p.1) - Int(q.1)) + abs(Int(p.2) - Int(q.2))
            }
        }
        let mean = Double(total) / Double(32 * 24 * 3)
        XCTAssertGreaterThan(mean, 0, "the JPEG 2000 layer must come from its own reduced decode")
        XCTAssertLessThanOrEqual(mean, Self.reducedVersusBoxMeanTolerance)
        // Without --downscale-images the JPEG 2000 file decodes whole and draws like the PNG exactly.
        try runCompositor(["render", jp2, "-o", a, "--backend", "cpu"]).status == 0 ? () : XCTFail("render failed")
        try runCompositor(["render", png, "-o", b, "--backend", "cpu"]).status == 0 ? () : XCTFail("render failed")
        XCTAssertEqual(try PNG.read(path: a), try PNG.read(path: b))
    }
}
