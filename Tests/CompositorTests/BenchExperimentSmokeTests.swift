// A smoke run of every `compositor bench` and `experiment` subcommand at tiny
// sizes on both backends: exit status 0, --json output that parses with the
// expected keys, the report files written; and bad options exit 2 with one
// error line and no output folder. Timings are not judged here.

import Foundation
import XCTest
import Compositor

final class BenchExperimentSmokeTests: XCTestCase {
    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCompositor(args)
    }

    func folder() throws -> String { try scratchFolder("bench-smoke") }

    /// Runs a --json command and returns its parsed output (an object, or the first element of an array).
    func benchJSON(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try run(args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)", file: file, line: line)
        let value = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        if let array = value as? [[String: Any]], let first = array.first { return first }
        return try XCTUnwrap(value as? [String: Any], "\(args): not JSON: \(r.stdout.prefix(300))", file: file, line: line)
    }

    func testEveryBenchSubcommandRunsOnBothBackends() throws {
        let dir = try folder()
        try Data(##"""
            {"canvas": {"width": 32, "height": 24},
             "sublayers": [{"frame": [2, 2, 20, 12], "backgroundColor": "#CC3366", "cornerRadius": 3,
                            "shadowOpacity": 0.5, "shadowRadius": 2}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/s.json"))
        let images = FixturePaths.root.appendingPathComponent("Fixtures/images").path
        let tiny = ["--frames", "1", "--warmup", "0", "--json"]
        for backend in ["cpu", "gpu"] {
            let scene = try benchJSON(["bench", "scene", "\(dir)/s.json", "--backend", backend] + tiny)
            XCTAssertEqual(scene["backend"] as? String, backend)
            XCTAssertEqual(scene["frames"] as? Int, 1)
            XCTAssertNotNil(scene["frameMs"] as? Double)
            let fill = try benchJSON(["bench", "fillrate", "--backend", backend, "--quads", "1"] + tiny)
            XCTAssertNotNil(fill["frameMs"] as? [String: Any], "\(fill)")
            let raster = try benchJSON(["bench", "raster", "--backend", backend, "--frames", "2", "--warmup", "0", "--json"])
            XCTAssertNotNil(raster["case"] as? String, "\(raster)")
            let rounded = try benchJSON(["bench", "roundedrect", "--backend", backend, "--count", "3", "--images", images] + tiny)
            XCTAssertEqual(rounded["count"] as? Int, 3)
            XCTAssertNotNil(rounded["clip"] as? [String: Any])
        }
        let pvrtc = try benchJSON(["bench", "pvrtc", "--size", "32", "--quads", "1"] + tiny)
        XCTAssertNotNil(pvrtc["pvrtcMode"] as? String, "\(pvrtc)")
        XCTAssertNotNil(pvrtc["frameMs"] as? [String: Any])
    }

    /// `--time-step` moves an animated scene from frame to frame: the GPU
    /// backend then cannot draw last frame's batches again, as it does for
    /// a still scene.
    func testTimeStepMovesTheFrames() throws {
        let dir = try folder()
        try Data(##"""
            {"canvas": {"width": 64, "height": 32},
             "sublayers": [{"frame": [2, 2, 20, 12], "backgroundColor": "#CC336680"},
                           {"frame": [20, 4, 20, 20], "backgroundColor": "#33CC66",
                            "animations": [{"keyPath": "position.x", "from": 30, "to": 50, "duration": 1}]},
                           {"frame": [30, 2, 20, 12], "backgroundColor": "#3366CC80"}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/moving.json"))
        let frames = ["--frames", "2", "--warmup", "1", "--no-floor", "--json"]
        let still = try benchJSON(["bench", "scene", "\(dir)/moving.json", "--backend", "gpu"] + frames)
        XCTAssertEqual(still["schedulesReplayed"] as? Int, 1, "\(still)")
        let moving = try benchJSON(["bench", "scene", "\(dir)/moving.json", "--backend", "gpu", "--time-step", "0.25"] + frames)
        XCTAssertEqual(moving["timeStep"] as? Double, 0.25)
        XCTAssertEqual(moving["schedulesReplayed"] as? Int, 0, "\(moving)")
    }

    func testBenchBadOptionsExitTwo() throws {
        let demo = FixturePaths.scenes.appendingPathComponent("demo.json").path
        for (args, message) in [(["bench", "scene", "/nonexistent/scene.json"], "scene.json"),
                                (["bench", "scene", demo, "--frames", "0"], "--frames"),
                                (["bench", "scene", demo, "--time-step", "-1"], "--time-step"),
                                (["bench", "pvrtc", "--size", "48"], "power of two"),
                                (["bench", "fillrate", "--size", "10x10"], "--size"),
                                (["bench", "roundedrect", "--images", "/nonexistent", "--frames", "1"], "photo.png")] {
            let r = try run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(args): one line: \(r.stderr)")
            XCTAssertTrue(r.stdout.isEmpty, "\(args) printed a partial report: \(r.stdout)")
        }
    }

    func testEveryExperimentWritesItsReport() throws {
        let dir = try folder()
        for backend in ["cpu", "gpu"] {
            let out = "\(dir)/layers-\(backend)"
            let r = try run(["experiment", "layers", "--backend", backend, "--frames", "1", "--sizes", "2x2x2",
                             "--out", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
            XCTAssertTrue(report.contains("# experiment layers (\(backend))"), report)
            XCTAssertTrue(report.contains("2x2x2") || report.contains("2×2×2"), report)
            XCTAssertEqual(try PNG.read(path: out + "/frame-time.png").width > 0, true)
        }
        let out = "\(dir)/images"
        let r = try run(["experiment", "image-loading", "--backend", "gpu", "--runs", "1", "--sizes", "32x24",
                         "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        for format in ["png", "jpeg", "pvrtc"] {
            XCTAssertTrue(report.contains("| photo | 32×24 | \(format) |") || report.contains("| photo | 32×24 (as 32×32) | \(format) |"),
                          "report lacks the \(format) row: \(report)")
        }
        XCTAssertEqual(try PNG.read(path: out + "/image-loading.png").width > 0, true)

        // The drawing experiment, tiny: both backends, three strategies, a report with its table and a plot.
        let drawing = "\(dir)/drawing"
        let d = try run(["experiment", "drawing", "--frames", "6", "--size", "32x24", "--scale", "1", "--out", drawing])
        XCTAssertEqual(d.status, 0, d.stderr)
        let drawingReport = try String(contentsOfFile: drawing + "/report.md", encoding: .utf8)
        for row in ["| cpu | shape layer |", "| cpu | drawing, whole redraw |", "| gpu | drawing, dirty rects |"] {
            XCTAssertTrue(drawingReport.contains(row), "report lacks \(row): \(drawingReport)")
        }
        XCTAssertTrue(drawingReport.contains("3 KiB"), "backing store of 32 × 24 × 4 bytes: \(drawingReport)")
        XCTAssertEqual(try PNG.read(path: drawing + "/frame-time.png").width > 0, true)

        // Bad options: exit 2, one line, and no output folder at all.
        for (i, args) in [["experiment", "layers", "--sizes", "0x2x2"], ["experiment", "image-loading", "--sizes", "0x5"],
                          ["experiment", "image-loading", "--formats", "gif"], ["experiment", "drawing", "--frames", "1"],
                          ["experiment", "drawing", "--size", "8x8"], ["experiment", "drawing", "--backends", "vulkan"]].enumerated() {
            let bad = "\(dir)/bad\(i)"
            let e = try run(args + ["--out", bad])
            XCTAssertEqual(e.status, 2, "\(args): \(e.stderr)")
            XCTAssertEqual(e.stderr.split(separator: "\n").count, 1, "\(args): \(e.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: bad), "\(args) left \(bad)")
        }
    }
}
