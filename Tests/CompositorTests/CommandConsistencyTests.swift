// Commands that behave alike: every verb exits 2 with a "compositor: error:"
// line on bad usage (the argument parser's own 64 included); --version;
// `diff` errors in the common form and as JSON with --json; --time on
// compare and overdraw, with a notice for scenes without animations; the
// deuteranomaly overdraw scheme; cropped diff images with a legend.

import Foundation
import XCTest
import Compositor

final class CommandConsistencyTests: XCTestCase {
    static let verbs: [[String]] = [
        ["render"], ["compare"], ["diff"], ["info"], ["overdraw"], ["check"], ["check", "merge"],
        ["pvrtc", "encode"], ["pvrtc", "decode"], ["pvrtc", "info"],
        ["bench", "scene"], ["bench", "fillrate"], ["bench", "pvrtc"], ["bench", "raster"], ["bench", "roundedrect"],
        ["experiment", "layers"], ["experiment", "image-loading"],
        ["tiles", "make"], ["tiles", "info"], ["bench", "tiles"],
    ]

    func folder() throws -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("consistency-\(UUID())")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.path
    }

    func testEveryVerbExitsTwoOnAnUnknownFlag() throws {
        for verb in Self.verbs {
            let r = try runCompositor(verb + ["--no-such-flag"])
            XCTAssertEqual(r.status, 2, "\(verb): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("compositor: error: "), "\(verb): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--help"), "\(verb): no hint: \(r.stderr)")
        }
        // A value the parser's validate() refuses, and the command's own check: both 2.
        XCTAssertEqual(try runCompositor(["render", "x.json", "-o", "y.png", "--scale", "0"]).status, 2)
        XCTAssertEqual(try runCompositor(["bench", "fillrate", "--size", "0x0"]).status, 2)
        // Help is not an error.
        XCTAssertEqual(try runCompositor(["render", "--help"]).status, 0)
    }

    func testVersion() throws {
        let r = try runCompositor(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.range(of: #"^compositor \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, r.stdout)
    }

    func testDiffErrorsReadLikeTheOthersAndHonourJSON() throws {
        let dir = try folder()
        let r = try runCompositor(["diff", "\(dir)/missing.png", "\(dir)/other.png", "--json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("compositor: error: \(dir)/missing.png"), r.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: String], r.stdout)
        XCTAssertTrue(json["error"]?.contains("missing.png") ?? false, r.stdout)
        let plain = try runCompositor(["diff", "\(dir)/missing.png", "\(dir)/other.png"])
        XCTAssertEqual(plain.stdout, "")
    }

    func testTimeOnCompareAndOverdrawWithANoticeForStaticScenes() throws {
        let dir = try folder()
        let animated = FixturePaths.root.appendingPathComponent("Fixtures/animated/basic-position.json").path
        let still = FixturePaths.scenes.appendingPathComponent("hidden.json").path
        let c = try runCompositor(["compare", animated, "--time", "0.5", "--gpu-output", "\(dir)/g.png"])
        if c.status == 2, c.stderr.contains("EGL") { throw XCTSkip("no EGL display: \(c.stderr)") }
        XCTAssertEqual(c.status, 0, c.stderr)
        XCTAssertFalse(c.stderr.contains("note:"), c.stderr)
        let r = try runCompositor(["render", animated, "--time", "0.5", "-o", "\(dir)/r.png", "--backend", "gpu"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try PNG.read(path: "\(dir)/g.png"), try PNG.read(path: "\(dir)/r.png"),
                       "compare --time must check the frame render --time draws")
        let s = try runCompositor(["compare", still, "--time", "0.5"])
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertTrue(s.stderr.contains("note: \(still) has no animations; --time 0.5"), s.stderr)
        // Overdraw at two times of a moving layer: different heat maps.
        for t in ["0", "1"] {
            let o = try runCompositor(["overdraw", animated, "--time", t, "-o", "\(dir)/o\(t).png", "--backend", "cpu"])
            XCTAssertEqual(o.status, 0, o.stderr)
        }
        XCTAssertNotEqual(try PNG.read(path: "\(dir)/o0.png"), try PNG.read(path: "\(dir)/o1.png"))
        let n = try runCompositor(["render", still, "--frames", "2", "-o", "\(dir)/frames", "--backend", "cpu"])
        XCTAssertTrue(n.stderr.contains("has no animations; --frames 2"), n.stderr)
    }

    func testOverdrawDeuteranomalySchemeUsesItsColours() throws {
        let dir = try folder()
        let scene = FixturePaths.scenes.appendingPathComponent("background-border.json").path
        for scheme in ["android", "deuteranomaly"] {
            let r = try runCompositor(["overdraw", scene, "-o", "\(dir)/\(scheme).png", "--backend", "cpu", "--scheme", scheme])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let android = try PNG.read(path: "\(dir)/android.png"), deut = try PNG.read(path: "\(dir)/deuteranomaly.png")
        // Legend swatches at scale 2: 4 px in, then 34 px apart (box 14, gap 4, one glyph 8, space 8).
        let strip = android.height - 22
        func swatch(_ img: Image, _ i: Int) -> [UInt8] {
            let x = 4 + i * 34 + 2, y = strip + 4
            let p = img[x, y]
            return [p.0, p.1, p.2]
        }
        XCTAssertEqual(swatch(deut, 1), [0, 114, 178])
        XCTAssertEqual(swatch(android, 1), [40, 90, 255])
        XCTAssertEqual(swatch(deut, 2), [86, 180, 233])
        XCTAssertEqual(r(try runCompositor(["overdraw", scene, "-o", "\(dir)/x.png", "--scheme", "protanopia"])), 2)
    }

    func r(_ x: (status: Int32, stdout: String, stderr: String)) -> Int32 { x.status }

    func testImageOutputsAreWrittenInTheFormatTheirNameAsksFor() throws {
        let dir = try folder()
        let scene = FixturePaths.scenes.appendingPathComponent("background-border.json").path
        let png = try runCompositor(["render", scene, "-o", "\(dir)/a.png", "--backend", "cpu"])
        XCTAssertEqual(png.status, 0, png.stderr)
        for (name, extra) in [("a.jpg", ["--quality", "95"]), ("b.JPEG", [])] {
            let r = try runCompositor(["render", scene, "-o", "\(dir)/\(name)", "--backend", "cpu"] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)")))
            XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], "\(name) does not hold JPEG bytes")
        }
        // Quality 95 stays close to the PNG (the scene is opaque).
        let jpeg = try JPEG.read(path: "\(dir)/a.jpg"), reference = try PNG.read(path: "\(dir)/a.png")
        XCTAssertEqual([jpeg.width, jpeg.height], [reference.width, reference.height])
        var total = 0
        for i in 0..<reference.pixels.count { total += abs(Int(jpeg.pixels[i]) - Int(reference.pixels[i])) }
        XCTAssertLessThan(Double(total) / Double(reference.pixels.count), 3.0)
        let o = try runCompositor(["overdraw", scene, "-o", "\(dir)/heat.jpg", "--backend", "cpu"])
        XCTAssertEqual(o.status, 0, o.stderr)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/heat.jpg"))).prefix(2), [0xFF, 0xD8])
        // Other names and misplaced options are refused before anything is written.
        for (args, message) in [(["render", scene, "-o", "\(dir)/x.gif"], "cannot write '.gif' images"),
                                (["render", scene, "-o", "\(dir)/x.png", "--quality", "80"], "--quality applies to JPEG"),
                                (["render", scene, "-o", "\(dir)/x.jpg", "--quality", "0"], "--quality must be from 1 to 100"),
                                (["overdraw", scene, "-o", "\(dir)/x.webp"], "cannot write '.webp'"),
                                (["compare", scene, "--diff-image", "\(dir)/x.bmp"], "cannot write '.bmp'")] {
            let r = try runCompositor(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: args[3]), "\(args) wrote \(args[3])")
        }
    }

    func testBenchPrintsMinMedianP95AndWarnsWhenTheMachineIsBusy() throws {
        let scene = FixturePaths.scenes.appendingPathComponent("hidden.json").path
        let before = try loadAverage()
        let json = try runCompositor(["bench", "scene", scene, "--backend", "cpu", "--frames", "5", "--warmup", "0", "--json"])
        let after = try loadAverage()
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let spread = try XCTUnwrap(object["frameMsSpread"] as? [String: Double], "\(object)")
        let (lo, mid, hi) = (try XCTUnwrap(spread["min"]), try XCTUnwrap(spread["median"]), try XCTUnwrap(spread["p95"]))
        XCTAssertTrue(lo <= mid && mid <= hi, "\(spread)")
        XCTAssertEqual(mid, object["frameMs"] as? Double)
        // The warning follows the load average (skipped when it crossed the core count during the run).
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        if (before > cores) == (after > cores) {
            XCTAssertEqual(json.stderr.contains("warning: load average"), before > cores, json.stderr)
        }
        let text = try runCompositor(["bench", "scene", scene, "--backend", "cpu", "--frames", "3", "--warmup", "0"])
        XCTAssertTrue(text.stdout.range(of: #"frame: min [0-9.]+ / median [0-9.]+ / p95 [0-9.]+ ms"#,
                                        options: .regularExpression) != nil, text.stdout)
        XCTAssertFalse(try runCompositor(["bench", "scene", "--help"]).stderr.contains("warning"))
    }

    func loadAverage() throws -> Double {
        let text = try String(contentsOfFile: "/proc/loadavg", encoding: .utf8)
        return try XCTUnwrap(Double(text.split(separator: " ")[0]))
    }

    func testDiffReadsJPEGAndPVRAsWellAsPNG() throws {
        let images = FixturePaths.root.appendingPathComponent("Fixtures/images").path
        // photo.pillow.png is Pillow's decode of photo.jpg: close, not necessarily identical.
        let jpeg = try runCompositor(["diff", "\(images)/photo.jpg", "\(images)/photo.pillow.png", "--json",
                                      "--tolerance", "8,1"])
        XCTAssertEqual(jpeg.status, 0, jpeg.stdout + jpeg.stderr)
        let pvr = try runCompositor(["diff", "\(images)/photo-4bpp.pvr", "\(images)/photo-4bpp.pvr", "--tolerance", "0,0"])
        XCTAssertEqual(pvr.status, 0, pvr.stdout + pvr.stderr)
        // The .pvr decodes to its padded 128×128 texture, the PNG is 128×96: a clear size error.
        let mixed = try runCompositor(["diff", "\(images)/photo-4bpp.pvr", "\(images)/photo.png"])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("image sizes differ: 128×128 vs 128×96"), mixed.stderr)
    }

    func testDiffCropAutoMagnifiesSparseDifferencesAndAddsALegend() throws {
        let dir = try folder()
        var a = [UInt8](repeating: 0, count: 200 * 100 * 4), b = a
        for i in 0..<(200 * 100) { a[4 * i + 3] = 255; b[4 * i + 3] = 255 }
        b[4 * (50 * 200 + 120)] = 40  // one pixel, 40 off
        try PNG.write(straightRGBA: a, width: 200, height: 100, to: "\(dir)/a.png")
        try PNG.write(straightRGBA: b, width: 200, height: 100, to: "\(dir)/b.png")
        let r = try runCompositor(["diff", "\(dir)/a.png", "\(dir)/b.png", "--diff-image", "\(dir)/d.png", "--diff-crop", "auto"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let d = try PNG.read(path: "\(dir)/d.png")
        // A 9×9 crop around the pixel (margin 4), magnified 11× (99 ≤ 100 rows), legend strip below.
        XCTAssertEqual(d.width, 99)
        XCTAssertEqual(d.height, 99 + 13)
        let centre = d[49, 49]
        XCTAssertEqual([centre.0, centre.1, centre.2], [255, 0, 0])
        let plain = try runCompositor(["diff", "\(dir)/a.png", "\(dir)/b.png", "--diff-image", "\(dir)/p.png"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(try PNG.read(path: "\(dir)/p.png").width, 200)
    }
}
