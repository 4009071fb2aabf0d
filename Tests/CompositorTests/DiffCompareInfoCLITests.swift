// `compositor diff`, `compare` and `info` end to end: exit statuses (0 pass,
// 1 over the tolerance, 2 bad input), the text and JSON reports, the images
// they write, and no output files when a command fails.

import Foundation
import XCTest
import Compositor

final class DiffCompareInfoCLITests: XCTestCase {
    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCompositor(args)
    }

    func folder() throws -> String { try scratchFolder("cli-verbs") }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// An 8×8 grey PNG; `changed` pixels (from the top-left, row by row) get red raised by `by`.
    func writeImage(_ path: String, changed: Int = 0, by: UInt8 = 0) throws {
        var px = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in 0..<64 {
            px[4 * i] = 100 + (i < changed ? by : 0); px[4 * i + 1] = 100; px[4 * i + 2] = 100; px[4 * i + 3] = 255
        }
        try PNG.write(straightRGBA: px, width: 8, height: 8, to: path)
    }

    func testDiffVerdictsReportsAndDiffImage() throws {
        let dir = try folder()
        try writeImage("\(dir)/a.png")
        try writeImage("\(dir)/same.png")
        try writeImage("\(dir)/one.png", changed: 1, by: 40)
        // Identical: PASS, exit 0, the text report names both files.
        let same = try run(["diff", "\(dir)/a.png", "\(dir)/same.png", "--tolerance", "0,0"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains("verdict                   PASS"), same.stdout)
        // One pixel 40 off in 64: over the default tolerance (max 16): exit 1; the diff image is still written.
        let over = try run(["diff", "\(dir)/a.png", "\(dir)/one.png", "--json", "--diff-image", "\(dir)/d.png"])
        XCTAssertEqual(over.status, 1, over.stderr)
        let report = try XCTUnwrap(json(over.stdout), over.stdout)
        XCTAssertEqual(report["pass"] as? Bool, false)
        let difference = report["difference"] as? [String: Any]
        XCTAssertEqual((difference?["maxChannelDifference"] as? [String: Int])?["r"], 40)
        XCTAssertEqual((difference?["maxChannelDifference"] as? [String: Int])?["g"], 0)
        let diff = try PNG.read(path: "\(dir)/d.png")
        XCTAssertEqual([diff.width, diff.height], [8, 8])
        // A wide tolerance passes the same pair.
        XCTAssertEqual(try run(["diff", "\(dir)/a.png", "\(dir)/one.png", "--tolerance", "max=64,share=0.5"]).status, 0)
    }

    func testDiffBadInputExitsTwoAndWritesNothing() throws {
        let dir = try folder()
        try writeImage("\(dir)/a.png")
        try PNG.write(straightRGBA: [UInt8](repeating: 200, count: 4 * 4 * 4), width: 4, height: 4, to: "\(dir)/small.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.png"))
        let out = "\(dir)/d.png"
        for (b, extra, message) in [("missing.png", [String](), "missing.png"), ("small.png", [], "sizes differ"),
                                    ("bad.png", [], "bad.png"), ("a.png", ["--tolerance", "lots"], "tolerance")] {
            let r = try run(["diff", "\(dir)/a.png", "\(dir)/\(b)", "--diff-image", out] + extra)
            XCTAssertEqual(r.status, 2, "\(b) \(extra): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(b) \(extra): \(r.stderr)")
            XCTAssertFalse(exists(out), "\(b) \(extra) left a diff image")
        }
    }

    func testCompareWritesBothRendersDiffAndReport() throws {
        let dir = try folder()
        try Data(##"""
            {"canvas": {"width": 40, "height": 30, "backgroundColor": "#FFFFFF"},
             "sublayers": [{"frame": [5, 5, 20, 14], "backgroundColor": "#3366CC", "cornerRadius": 4,
                            "opacity": 0.8}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/s.json"))
        let outputs = ["--report": "\(dir)/r.json", "--diff-image": "\(dir)/d.png",
                       "--gpu-output": "\(dir)/g.png", "--cpu-output": "\(dir)/c.png"]
        let r = try run(["compare", "\(dir)/s.json"] + outputs.flatMap { [$0.key, $0.value] })
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("verdict: PASS (GPU vs CPU)"), r.stdout)
        let report = try XCTUnwrap(json(String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(dir)/r.json")),
                                                as: UTF8.self)))
        XCTAssertEqual(report["pass"] as? Bool, true)
        XCTAssertEqual(report["width"] as? Int, 40)
        XCTAssertEqual(report["height"] as? Int, 30)
        XCTAssertNotNil(report["difference"] as? [String: Any])
        let gpu = try PNG.read(path: "\(dir)/g.png"), cpu = try PNG.read(path: "\(dir)/c.png")
        XCTAssertEqual([gpu.width, gpu.height, cpu.width, cpu.height], [40, 30, 40, 30])
        XCTAssertTrue(cpu[15, 12] != (255, 255, 255, 255), "the layer is drawn")
        XCTAssertEqual(try PNG.read(path: "\(dir)/d.png").width, 40)

        // A bad scene: exit 2, one error line naming the key path, none of the four outputs.
        try Data(##"{"canvas": {"width": 40, "height": 30}, "sublayers": [{"frame": [0, 0, "x", 1]}]}"##.utf8)
            .write(to: URL(fileURLWithPath: "\(dir)/bad.json"))
        for path in outputs.values { try FileManager.default.removeItem(atPath: path) }
        let bad = try run(["compare", "\(dir)/bad.json"] + outputs.flatMap { [$0.key, $0.value] })
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("sublayers[0].frame"), bad.stderr)
        for path in outputs.values { XCTAssertFalse(exists(path), "a failed compare left \(path)") }
    }

    /// `compare --repeat` runs the GPU executor on the plan again (what it
    /// keeps across frames then draws too): every run must repeat the first.
    func testCompareRepeatRunsTheGPUAgain() throws {
        let dir = try folder()
        // Opaque squares over translucent ones: later runs replay kept schedules with hidden overlaps.
        try Data(##"""
            {"canvas": {"width": 64, "height": 40, "backgroundColor": "#FFFFFF"},
             "sublayers": [{"frame": [2, 4, 20, 20], "backgroundColor": "#CC336699"},
                           {"frame": [16, 4, 10, 20], "backgroundColor": "#33CC66"},
                           {"frame": [22, 4, 20, 20], "backgroundColor": "#3366CC99", "cornerRadius": 5},
                           {"frame": [36, 4, 10, 20], "backgroundColor": "#226644"},
                           {"frame": [42, 4, 20, 20], "backgroundColor": "#CC993399"}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/s.json"))
        let r = try run(["compare", "\(dir)/s.json", "--repeat", "3", "--report", "\(dir)/r.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let report = try XCTUnwrap(json(String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(dir)/r.json")),
                                                as: UTF8.self)))
        XCTAssertEqual(report["gpuRuns"] as? Int, 3)
        XCTAssertEqual(report["gpuRunsDiffering"] as? Int, 0)
        XCTAssertTrue(r.stdout.contains("GPU runs: 3, all byte for byte the first"), r.stdout)
        XCTAssertTrue(r.stdout.contains("verdict: PASS (GPU vs CPU)"), r.stdout)
        for bad in ["0", "1001", "x"] {
            let b = try run(["compare", "\(dir)/s.json", "--repeat", bad])
            XCTAssertEqual(b.status, 2, "--repeat \(bad): \(b.stderr)")
            XCTAssertTrue(b.stderr.contains("repeat"), b.stderr)
        }
    }

    func testInfoDescribesTheGLContext() throws {
        let r = try run(["info"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for label in ["EGL platform:", "GL_RENDERER:", "GL_VERSION:", "max texture size:", "extensions:",
                      "GL_IMG_texture_compression_pvrtc", "PVRTC textures:"] {
            XCTAssertTrue(r.stdout.contains(label), "info lacks '\(label)': \(r.stdout)")
        }
        let bad = try run(["info", "--egl-platform", "wayland"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("wayland"), bad.stderr)
    }
}
