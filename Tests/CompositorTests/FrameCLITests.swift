// End-to-end checks of `compositor render --time / --frames / --debug`:
// files written and their numbering, stats output, and the errors (bad
// --fps, --frames 0, an output directory that is a file) that must leave
// nothing behind.

import XCTest
import Compare
import Compositor
import Foundation

final class FrameCLITests: XCTestCase {
    var scene: String { FixturePaths.scenes.appendingPathComponent("rasterize.json").path }

    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCompositor(args)
    }

    func tmp(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID())-\(name)").path
    }

    func testTimeWritesOnePNG() throws {
        let out = tmp("t.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try run(["render", scene, "--backend", "cpu", "--time", "0.5", "-o", out, "--stats"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNG.read(path: out)
        XCTAssertEqual(image.width, 512)
        XCTAssertTrue(r.stdout.contains("t=0.50 frame"), r.stdout)
        // The model tree has no animations: the frame at 0.5 is the plain render.
        let plain = tmp("p.png")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        XCTAssertEqual(try run(["render", scene, "--backend", "cpu", "-o", plain]).status, 0)
        XCTAssertEqual(try PNG.read(path: plain), image)
    }

    func testFramesWritesANumberedSequenceWithStats() throws {
        let dir = tmp("seq") + "/nested"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = tmp("stats.json")
        let r = try run(["render", scene, "--backend", "cpu", "--frames", "3", "--fps", "30", "--start", "1",
                         "-o", dir + "/", "--stats", "--stats-json", json])
        XCTAssertEqual(r.status, 0, r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("frame ") }.count, 3, r.stdout)
        XCTAssertTrue(r.stdout.contains("frame 1: t=1.03"), r.stdout)
        XCTAssertTrue(r.stdout.contains("summary: 3 frames"), r.stdout)
        // rasterize.json has four rasterized layers: 4 misses, then 4 hits a frame.
        XCTAssertTrue(r.stdout.contains("cache hits 8, misses 4"), r.stdout)
        let obj = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        XCTAssertEqual((obj?["frames"] as? [Any])?.count, 3)
        XCTAssertEqual((obj?["summary"] as? [String: Any])?["cacheHits"] as? Int, 8)
    }

    func testDebugOverlayRendersOnBothSingleAndSequence() throws {
        let out = tmp("d.png"), dir = tmp("dseq")
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: dir) }
        for mode in DebugOverlayMode.allCases.reversed() {  // blended last: it marks every item
            let r = try run(["render", scene, "--backend", "cpu", "--debug", mode.rawValue, "-o", out])
            XCTAssertEqual(r.status, 0, "\(mode): \(r.stderr)")
        }
        let plain = tmp("p.png")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        XCTAssertEqual(try run(["render", scene, "--backend", "cpu", "-o", plain]).status, 0)
        XCTAssertTrue(try PNG.read(path: plain) != PNG.read(path: out), "the overlay shows")
        // The legend strip makes the image taller; --no-legend keeps the canvas size.
        let plainImage = try PNG.read(path: plain), overlaid = try PNG.read(path: out)
        XCTAssertEqual(overlaid.width, plainImage.width)
        XCTAssertGreaterThan(overlaid.height, plainImage.height, "legend strip below")
        XCTAssertEqual(try run(["render", scene, "--backend", "cpu", "--debug", "blended", "--no-legend", "-o", out]).status, 0)
        XCTAssertEqual(try PNG.read(path: out).height, plainImage.height, "--no-legend: canvas size")
        let r = try run(["render", scene, "--backend", "cpu", "--debug", "raster", "--frames", "2", "-o", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Frame 0 misses (red tint), frame 1 hits (green tint): the frames differ.
        let f0 = try PNG.read(path: dir + "/frame-0000.png"), f1 = try PNG.read(path: dir + "/frame-0001.png")
        XCTAssertTrue(f0 != f1)
        XCTAssertGreaterThan(f0.height, try PNG.read(path: plain).height, "frames carry the legend too")
        let a = f0[40, 40], b = f1[40, 40]  // inside the first rasterized layer
        XCTAssertGreaterThan(Int(a.0), Int(a.1), "miss: red")
        XCTAssertGreaterThan(Int(b.1), Int(b.0), "hit: green")
    }

    func testErrorsLeaveNothingBehind() throws {
        let dir = tmp("bad")
        for args in [["--frames", "0"], ["--frames", "2", "--fps", "0"], ["--frames", "2", "--fps", "-5"],
                     ["--frames", "2", "--time", "1"]] {
            let r = try run(["render", scene, "--backend", "cpu", "-o", dir] + args)
            XCTAssertNotEqual(r.status, 0, "\(args)")
            XCTAssertTrue(r.stderr.contains("--"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir), "\(args)")
        }
        // A scene that fails to load creates no directory.
        let bad = FixturePaths.jsonFiles(in: FixturePaths.invalid)[0].path
        let rb = try run(["render", bad, "--backend", "cpu", "--frames", "2", "-o", dir])
        XCTAssertEqual(rb.status, 2, rb.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir))
        let file = tmp("file.png")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try run(["render", scene, "--backend", "cpu", "--frames", "2", "-o", file])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("is a file"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep")
    }

    func testALaterFrameFailingReportsWhatWasWritten() throws {
        let dir = tmp("partial")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A directory where frame 2's PNG must go: its atomic rename fails.
        try FileManager.default.createDirectory(atPath: dir + "/frame-0002.png", withIntermediateDirectories: true)
        let r = try run(["render", scene, "--backend", "cpu", "--frames", "4", "-o", dir])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("frame 2 (t="), r.stderr)
        XCTAssertTrue(r.stderr.contains("2 frames were written to \(dir): frame-0000.png … frame-0001.png"), r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, ["frame-0000.png", "frame-0001.png", "frame-0002.png"], "no temporary files left")
    }

    func testGPUSequenceMatchesCPUSequence() throws {
        let g = tmp("gpu"), c = tmp("cpu")
        defer { try? FileManager.default.removeItem(atPath: g); try? FileManager.default.removeItem(atPath: c) }
        let rg = try run(["render", scene, "--backend", "gpu", "--frames", "3", "--debug", "raster", "-o", g, "--stats"])
        if rg.status != 0, rg.stderr.contains("EGL") { throw XCTSkip("no GPU path: \(rg.stderr)") }
        XCTAssertEqual(rg.status, 0, rg.stderr)
        XCTAssertTrue(rg.stdout.contains("cache hits 8, misses 4"), rg.stdout)
        XCTAssertEqual(try run(["render", scene, "--backend", "cpu", "--frames", "3", "--debug", "raster", "-o", c]).status, 0)
        for i in 0..<3 {
            let name = "/frame-000\(i).png"
            let d = try ImageDifference.compare(try PNG.read(path: g + name), try PNG.read(path: c + name))
            XCTAssertTrue(Tolerance.default.accepts(d), "frame \(i): max \(d.maxChannelDifference.max)")
        }
    }
}
