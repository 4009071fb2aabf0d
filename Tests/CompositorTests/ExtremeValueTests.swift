// Reproducers of issue 18's traps on huge numbers, rebuilt as scenes: each
// must give one clear error line naming the key path and exit 2, or render,
// in well under 10 s — never a trap (SIGILL) from a Double converted to Int
// out of range, and never an output file after an error.

import XCTest
import Foundation

final class ExtremeValueTests: XCTestCase {
    /// Writes a 200 × 200 scene with `layers` and renders it on the CPU.
    func render(_ layers: [[String: Any]], extra: [String] = [], backend: String = "cpu", timed: Bool = true)
        throws -> (status: Int32, stderr: String, wroteOutput: Bool) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("extreme-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc: [String: Any] = ["canvas": ["width": 200, "height": 200], "sublayers": layers]
        let scene = dir.appendingPathComponent("scene.json")
        try JSONSerialization.data(withJSONObject: doc).write(to: scene)
        let out = dir.appendingPathComponent("out.png").path
        let start = Date()
        let r = try runCompositor(["render", scene.path, "-o", out, "--backend", backend] + extra)
        if timed { XCTAssertLessThan(Date().timeIntervalSince(start), 10, "must finish well within 10 s") }
        return (r.status, r.stderr, FileManager.default.fileExists(atPath: out))
    }

    /// Exit 2, one line naming `keyPath`, no output.
    func assertRefused(_ layers: [[String: Any]], naming keyPath: String, extra: [String] = [],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try render(layers, extra: extra)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(keyPath), "\(r.stderr) should name \(keyPath)", file: file, line: line)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(r.wroteOutput, "no output after an error", file: file, line: line)
    }

    func assertRenders(_ layers: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try render(layers)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertTrue(r.wroteOutput, file: file, line: line)
    }

    func layer(_ extra: [String: Any]) -> [String: Any] {
        ["frame": [10, 10, 50, 50], "backgroundColor": "#3366CC"].merging(extra) { $1 }
    }

    func shape(_ extra: [String: Any]) -> [String: Any] {
        ["type": "shape", "frame": [0, 0, 100, 100], "strokeColor": "#000000"].merging(extra) { $1 }
    }

    func testHugeNumbersAreRefusedWithTheirKeyPath() throws {
        try assertRefused([layer(["shadowOpacity": 1, "shadowOffset": [1e100, 1e100]])],
                          naming: "sublayers[0].shadowOffset[0]")
        try assertRefused([layer(["shadowOpacity": 1, "shadowRadius": 1e308])], naming: "sublayers[0].shadowRadius")
        try assertRefused([layer(["shadowOpacity": 1, "shadowPath": ["rect": [0, 0, 1e300, 1e300]]])],
                          naming: "sublayers[0].shadowPath.rect[2]")
        try assertRefused([layer(["frame": [0, 0, 1e308, 50]])], naming: "sublayers[0].frame[2]")
        try assertRefused([layer(["frame": [0, 0, 9e18, 9e18], "cornerRadius": 10])], naming: "sublayers[0].frame[2]")
        try assertRefused([shape(["path": "M 0 0 L 50 50", "lineWidth": 1e100])], naming: "sublayers[0].lineWidth")
        try assertRefused([shape(["path": "M 0 0 A 1e300 1e300 0 1 1 1e300 1e299 Z"])], naming: "sublayers[0].path")
        try assertRefused([layer(["shouldRasterize": true, "rasterizationScale": 1e300])],
                          naming: "sublayers[0].rasterizationScale")
    }

    func testLargestAcceptedNumbersRenderOrAreRefusedCleanly() throws {
        // At the limit: a frame 1e9 points wide with culling on, with a corner radius
        // (the CPU's rounded-rect span solver), a shadow offset of 1e9.
        try assertRenders([layer(["frame": [-5e8, 0, 1e9, 1e9], "cornerRadius": 10])])
        try assertRenders([layer(["shadowOpacity": 1, "shadowOffset": [1e9, -1e9], "shadowRadius": 1e9])])
        try assertRenders([shape(["path": "M 0 0 L 50 50", "lineWidth": 1e4, "lineJoin": "round", "lineCap": "round"])])
        try assertRenders([layer(["transform": [["scale": [1e9, 1e9]], ["scale": [1e9, 1e9]]], "cornerRadius": 5])])
        try assertRenders([shape(["path": "M 0 0 A 1e6 1e6 0 0 1 1e5 1e5 Z", "fillColor": "#000000"])])
    }

    func testDegenerateGeometryRenders() throws {
        try assertRenders([shape(["path": "M 0 0 A 5e-324 5e-324 0 1 1 10 10 Z", "fillColor": "#000000"])])
        // Dashes of 1e-300: butt-capped, 50,000 of them draw nothing and the
        // rest is left undrawn; round-capped, each is a dot at the start, so
        // 50,000 round dots, refused as too complex (as dashes of 1e-9 are:
        // scene-format.md, "dashes far below a pixel"). The dots had drawn
        // nothing only while a dash's direction, its chord over its own
        // length, underflowed to NaN; a cut inside a curve now faces the
        // curve's tangent.
        let arc: [String: Any] = ["path": "M 0 0 A 40 40 0 1 1 80 0", "fillColor": NSNull(), "lineWidth": 2,
                                  "lineJoin": "round", "lineDashPattern": [1e-300, 1e-300]]
        try assertRenders([shape(arc.merging(["lineCap": "butt"]) { $1 })])
        try assertRefused([shape(arc.merging(["lineCap": "round"]) { $1 })], naming: "sublayers[0]")
        XCTAssertTrue(try render([shape(arc.merging(["lineCap": "round"]) { $1 })]).stderr.contains("too complex to fill"))
    }

    func testRasterizingAHugeLayerDrawsItDirectly() throws {
        try assertRenders([layer(["frame": [0, 0, 100000, 100000], "shouldRasterize": true, "rasterizationScale": 8])])
    }

    func testHugeShadowPathsRenderOnlyWhereTheyShow() throws {
        // 40 GB, 6.9 GB and 6.4 GB masks before: now cut to the visible
        // region. The bound is on the work, the bytes of mask the plan makes
        // (--stats-json's shadowMaskBytes), not on the wall clock.
        func maskBytes(_ layers: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("masks-\(UUID())")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let stats = dir.appendingPathComponent("stats.json")
            let r = try render(layers, extra: ["--stats-json", stats.path], timed: false)
            XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
            XCTAssertTrue(r.wroteOutput, file: file, line: line)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: stats)) as? [String: Any]
            return json?["shadowMaskBytes"] as? Int ?? 0
        }
        // The canvas is 200 × 200: a mask cut to it (plus the blur's
        // support) is well under 1 MiB; uncut, the 30000 rect's was 3.6 GB.
        let visible = 1 << 20
        // (A rect shadowPath is drawn analytically, with no mask at all; a
        // triangle as large is masked.)
        for side in [30000, 100000] {
            let rect = try maskBytes([layer(["shadowOpacity": 1, "shadowPath": ["rect": [0, 0, side, side]]])])
            XCTAssertLessThanOrEqual(rect, visible, "shadowPath rect \(side)")
            let path = try maskBytes([layer(["shadowOpacity": 1, "shadowPath": "M 0 0 L \(side) 0 L 0 \(side) Z"])])
            XCTAssertGreaterThan(path, 0, "a path is masked")
            XCTAssertLessThanOrEqual(path, visible, "shadowPath triangle \(side)")
        }
        let far = try maskBytes([layer(["shadowOpacity": 1, "shadowRadius": 2,
                                        "shadowPath": "M 0 0 L 10 0 L 10 10 Z M 40000 40000 L 40010 40000 L 40010 40010 Z"])])
        XCTAssertLessThanOrEqual(far, visible, "far-away SVG shadow path")
        // Under perspective the whole path is masked, at a resolution lowered
        // to at most 4096 pixels a side (shadowMaskScale), so it renders too.
        let tilted = try maskBytes([layer(["name": "big", "shadowOpacity": 1, "shadowPath": ["rect": [0, 0, 30000, 30000]],
                                           "transform": [["perspective": 500], ["rotate": [20, 0, 1, 0]]]])])
        XCTAssertLessThanOrEqual(tilted, (4096 + 16) * (4096 + 16) * 4, "perspective: 4096 pixels a side and the blur's padding")
    }

    /// Renders `layers` on a white canvas and returns the PNG bytes.
    func image(_ layers: [[String: Any]]) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mask-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let doc: [String: Any] = ["canvas": ["width": 200, "height": 200, "backgroundColor": "#FFFFFF"], "sublayers": layers]
        let scene = dir.appendingPathComponent("s.json"), out = dir.appendingPathComponent("o.png")
        try JSONSerialization.data(withJSONObject: doc).write(to: scene)
        let r = try runCompositor(["render", scene.path, "-o", out.path, "--backend", "cpu"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try Data(contentsOf: out)
    }

    func testACutShadowMaskDrawsTheSamePixels() throws {
        // A huge shadow rect whose right edge shows, and a triangle with a far
        // twin, against the same shapes small enough to be masked whole.
        let base: [String: Any] = ["frame": [10, 10, 50, 50], "backgroundColor": "#3366CC", "shadowOpacity": 0.7,
                                   "shadowRadius": 4, "shadowOffset": [3, 5]]
        func l(_ extra: [String: Any]) -> [String: Any] { base.merging(extra) { $1 } }
        let huge = try image([l(["shadowPath": ["rect": [-5000, -5000, 5100, 30000]]]),
                              l(["frame": [100, 100, 50, 50], "shadowColor": "#FF0000",
                                 "shadowPath": "M 0 0 L 50 0 L 50 50 Z M 20000 20000 L 20050 20000 L 20050 20050 Z"])])
        let small = try image([l(["shadowPath": ["rect": [-100, -100, 200, 400]]]),
                               l(["frame": [100, 100, 50, 50], "shadowColor": "#FF0000",
                                  "shadowPath": "M 0 0 L 50 0 L 50 50 Z"])])
        XCTAssertEqual(huge, small)
    }

    func testOptionsOutOfRangeNameTheOption() throws {
        let scale = try render([layer([:])], extra: ["--scale", "1e-300"])
        XCTAssertEqual(scale.status, 2, scale.stderr)
        XCTAssertTrue(scale.stderr.contains("--scale"), scale.stderr)
        XCTAssertFalse(scale.wroteOutput)
        // Huge, negative, NaN and infinite values: exit 2, one line naming
        // the option, no output (the parser's "See … --help" hint was a
        // second line; it ends the line now).
        for (option, value) in [("--image-cache-mb", "99999999999999"), ("--image-cache-mb", "99999999999999999999999"),
                                ("--frames", "99999999999999"), ("--repeat", "99999999999999"), ("--scale", "nan"),
                                ("--time", "inf"), ("--tile-cache-mb", "-1"), ("--memory-limit", "-5")] {
            let r = try render([layer([:])], extra: ["\(option)=\(value)"])
            XCTAssertEqual(r.status, 2, "\(option) \(value): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(option), "\(option) \(value): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)")
            XCTAssertFalse(r.wroteOutput)
        }
        // Benchmarks refuse counts that would allocate petabytes or run for days.
        for args in [["bench", "fillrate", "--quads", "99999999999999"], ["bench", "raster", "--frames", "99999999999999"],
                     ["experiment", "carousel", "--settle-time", "1e308"], ["bench", "tiles", "x.png", "--tile-size", "0"]] {
            let r = try runCompositor(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(args.first { $0.hasPrefix("--") }!), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)")
        }
    }

    func testComplexPathErrorNamesSceneFileAndKeyPath() throws {
        let r = try render([layer([:]), shape(["name": "dashes", "path": "M 0 0 L 1000000 1000000",
                                               "lineDashPattern": [1e-6, 1e-6]])])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("scene.json: sublayers[1] (shape layer 'dashes') stroke:"), r.stderr)
    }
}
