// CompositorTests: `compositor experiment carousel` at a tiny size: the
// report's structure (a row per strategy, the plots and the contact sheet
// beside it) and the differences the strategies must show. A simulated
// storage latency (--load-latency 40) makes them deterministic whatever
// the machine: the synchronous strategy pays it on the render thread (its
// first frame decodes three photos: ≥ 120 ms, the worst frame of all), the
// threaded ones and the tiled layers never decode on the render thread and
// so show blank cells first (tiles then fade in); the swapping strategy shows reduced photos while the strip moves
// and swaps in full ones after it stops. Bad options exit 2 and write nothing.

import Foundation
import XCTest
import Compositor

final class CarouselExperimentTests: XCTestCase {
    /// The report's table rows by strategy name: column title → cell text.
    func rows(_ report: String) -> [String: [String: String]] {
        let lines = report.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
        guard let header = lines.first else { return [:] }
        func cells(_ l: String) -> [String] {
            l.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let titles = cells(header)
        var out: [String: [String: String]] = [:]
        for l in lines.dropFirst(2) {
            let c = cells(l)
            out[c[0]] = Dictionary(uniqueKeysWithValues: zip(titles, c))
        }
        return out
    }

    func number(_ s: String?) -> Double { Double((s ?? "").split(separator: " ").first ?? "") ?? .nan }

    func testTinyCarouselReportAndStrategyDifferences() throws {
        let dir = try scratchFolder("carousel")
        let out = dir + "/report"
        let r = try runCompositor(["experiment", "carousel", "--out", out, "--backend", "cpu",
                                   "--photos", "4", "--photo-size", "160x120",
                                   "--size", "160x48", "--frames", "30", "--still-frames", "20", "--settle-time", "0.05",
                                   "--load-latency", "40", "--workers", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("# experiment carousel (cpu)"), report)
        XCTAssertTrue(report.contains("Command: `compositor experiment carousel"), report)
        for name in ["sync", "threaded", "tiled", "swapping"] {
            XCTAssertGreaterThan(try PNG.read(path: "\(out)/frames-\(name).png").width, 0)
            XCTAssertTrue(report.contains("**\(name)**"), name)
        }
        let sheet = try PNG.read(path: out + "/contact-sheet.png")
        XCTAssertGreaterThan(sheet.height, 4 * 24, "a block per strategy")
        let photos = try FileManager.default.contentsOfDirectory(atPath: out + "/photos")
        XCTAssertEqual(photos.filter { $0.hasSuffix(".png") }.count, 8, "4 photos, full and reduced: \(photos)")
        XCTAssertEqual(photos.filter { $0.hasSuffix(".dzi") }.count, 4, "a pyramid per photo: \(photos)")

        let t = rows(report)
        let sync = try XCTUnwrap(t["sync"], report), threaded = try XCTUnwrap(t["threaded"], report)
        let swapping = try XCTUnwrap(t["swapping"], report), tiled = try XCTUnwrap(t["tiled"], report)
        let worst = "worst frame (ms)", blank = "blank frames", reduced = "reduced frames"
        let onRender = "render-thread decodes", background = "background decodes"
        // Sync: the first frame waits for three photos on the render thread; never blank.
        XCTAssertGreaterThanOrEqual(number(sync[worst]), 120, report)
        XCTAssertGreaterThan(number(sync[worst]), number(threaded[worst]), report)
        XCTAssertGreaterThan(number(sync[worst]), number(swapping[worst]), report)
        XCTAssertGreaterThan(number(sync[worst]), number(tiled[worst]), report)
        XCTAssertEqual(number(sync[blank]), 0, report)
        XCTAssertGreaterThanOrEqual(number(sync[onRender]), 4, report)
        // Threaded: nothing on the render thread, so the first frames show blank cells; never reduced.
        XCTAssertEqual(number(threaded[onRender]), 0, report)
        XCTAssertGreaterThanOrEqual(number(threaded[background]), 4, report)
        XCTAssertGreaterThan(number(threaded[blank]), 0, report)
        XCTAssertEqual(number(threaded[reduced]), 0, report)
        // Tiled: tiles decode on the loader's workers; the first frame has none yet, then each fades in.
        XCTAssertEqual(number(tiled[onRender]), 0, report)
        XCTAssertGreaterThanOrEqual(number(tiled[background]), 4, report)
        XCTAssertGreaterThan(number(tiled[blank]), 0, report)
        XCTAssertGreaterThan(number(tiled[reduced]), 0, "tiles fading in: \(report)")
        XCTAssertLessThan(number(tiled["photos never at full resolution"]), 4, "some photos finish fading in: \(report)")
        // Swapping: reduced photos while moving, swapped for full ones once still.
        XCTAssertEqual(number(swapping[onRender]), 0, report)
        XCTAssertGreaterThan(number(swapping[reduced]), 0, report)
        XCTAssertGreaterThan(number(swapping["swaps"]), 0, report)
        XCTAssertEqual(number(sync["swaps"]), 0, report)
    }

    func testBadOptionsExitTwoAndWriteNothing() throws {
        let dir = try scratchFolder("carousel-bad")
        for (args, message) in [(["--strategies", "sync,bogus"], "bogus"), (["--frames", "0"], "--frames"),
                                (["--size", "10"], "--size"), (["--reduced-scale", "1"], "--reduced-scale"),
                                (["--format", "gif"], "--format"), (["--still-frames", "30", "--frames", "30"], "--still-frames")] {
            let out = dir + "/out"
            let r = try runCompositor(["experiment", "carousel", "--out", out, "--backend", "cpu"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(args) wrote \(out)")
        }
    }
}
