// `compositor check` end to end: a list of scenes becomes index.html,
// summary.json and images with the right verdicts and exit status; three
// shards merged give the same summary as one run; bad usage exits 2 and
// writes nothing; the page loads in a real headless browser (Debian's
// chromium; skipped with a message when it is not installed).

import Foundation
import XCTest

final class CheckCLITests: XCTestCase {
    /// Small, quick scenes of Fixtures/scenes.
    static let quickScenes = ["background-border", "hidden", "opacity-nested", "corner-radius-border",
                              "gradient-axial", "transform-rotate-z"]

    /// Runs the binary with extra environment variables (and no inherited shard variables).
    func run(_ args: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        var env: [String: String?] = [:]
        for k in ["JOB_COMPLETION_INDEX", "COMPOSITOR_SHARD_COUNT", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT",
                  "SLURM_ARRAY_TASK_MIN"] { env[k] = .some(nil) }
        for (k, v) in environment { env[k] = v }
        let r = try runCompositor(args, environment: env)
        if r.status == 2, r.stderr.contains("EGL") { throw XCTSkip("no EGL display: \(r.stderr)") }
        return r
    }

    func folder() throws -> String { try scratchFolder("check-cli") }

    /// A list of the quick scenes (absolute paths), plus `extra` lines.
    func writeList(_ dir: String, extra: [String] = []) throws -> String {
        let lines = Self.quickScenes.map { FixturePaths.scenes.appendingPathComponent("\($0).json").path } + extra
        let path = "\(dir)/scenes.list"
        try ("# quick scenes\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func summary(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/summary.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testListRunWritesReportSummaryAndImagesWithVerdicts() throws {
        let dir = try folder()
        let demo = FixturePaths.scenes.appendingPathComponent("demo.json").path
        let invalid = FixturePaths.invalid.appendingPathComponent("unknown-key.json").path
        // demo.json differs by a few pixels between the backends: exact tolerance fails it.
        let list = try writeList(dir, extra: ["\(demo) tolerance(0,0)", invalid])
        let r = try run(["check", list, "--out", "\(dir)/report", "--scales", "1,2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("check: 16 runs: 12 pass, 2 fail, 2 error — FAIL"), r.stdout)
        let s = try summary("\(dir)/report")
        let counts = try XCTUnwrap(s["counts"] as? [String: Int])
        XCTAssertEqual(counts, ["total": 16, "pass": 12, "fail": 2, "error": 2])
        let rows = try XCTUnwrap(s["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["index"] as? Int }, Array(0..<16))
        let demoRow = try XCTUnwrap(rows.first { ($0["scene"] as? String) == demo && ($0["scale"] as? Double) == 2 })
        XCTAssertEqual(demoRow["status"] as? String, "fail")
        XCTAssertEqual(demoRow["width"] as? Int, 640)  // 320 points at 2 pixels per point
        let errorRow = try XCTUnwrap(rows.first { ($0["status"] as? String) == "error" })
        XCTAssertTrue((errorRow["error"] as? String ?? "").contains("unknown-key.json"), "\(errorRow)")
        let images = try XCTUnwrap(demoRow["images"] as? [String: String])
        for file in images.values {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/report/\(file)"), file)
        }
        let html = try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "<tr data-index=").count - 1, 16)
        XCTAssertTrue(html.contains("image-rendering: pixelated"))
    }

    func testReftestLinesCheckBothScenesAtTheirTimesAndIncludesAreFollowed() throws {
        let dir = try folder()
        let animated = FixturePaths.root.appendingPathComponent("Fixtures/animated/basic-position.json").path
        let hidden = FixturePaths.scenes.appendingPathComponent("hidden.json").path
        try "fuzzy(1, 24) time(0.25) == \(animated) \(hidden) # a pair\n".write(
            toFile: "\(dir)/pairs.list", atomically: true, encoding: .utf8)
        try "include pairs.list\n\(hidden) time(0.5)\n".write(toFile: "\(dir)/all.list", atomically: true, encoding: .utf8)
        let r = try run(["check", "\(dir)/all.list", "--out", "\(dir)/report", "--times", "1"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // hidden.json has no animations: one notice for it.
        XCTAssertTrue(r.stderr.contains("note: 1 scene has no animations but ran at timeline times"), r.stderr)
        XCTAssertTrue(r.stderr.contains(hidden), r.stderr)
        let rows = try XCTUnwrap(try summary("\(dir)/report")["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["scene"] as? String }, [animated, hidden, hidden])
        // The pair's time(0.25) for the test scene; --times for the reference (no ref-time); the plain line's own time.
        XCTAssertEqual(rows.map { $0["time"] as? Double }, [0.25, 1, 0.5])
        // Several sources in one run, in order, a scene named twice at the same times checked once.
        let two = try run(["check", "\(dir)/pairs.list", hidden, "\(dir)/all.list", "--out", "\(dir)/two"])
        XCTAssertEqual(two.status, 0, two.stdout + two.stderr)
        let both = try XCTUnwrap(try summary("\(dir)/two")["rows"] as? [[String: Any]])
        XCTAssertEqual(both.map { $0["scene"] as? String }, [animated, hidden, hidden])
        XCTAssertEqual(both.map { $0["time"] as? Double }, [0.25, nil, 0.5])
    }

    /// Every reftest manifest parses (both scenes of each pair, at their times); a
    /// sixtieth of the runs, spread over all lists by the sharding, renders and passes.
    func testTheReftestManifestsParseAndASampleOfThemPasses() throws {
        let dir = try folder()
        let lists = FixturePaths.root.appendingPathComponent("Fixtures/reftests")
        let names = try FileManager.default.contentsOfDirectory(atPath: lists.path).filter { $0.hasSuffix(".list") }.sorted()
        guard !names.isEmpty else { throw XCTSkip("no Fixtures/reftests/*.list") }
        let r = try run(["check"] + names.map { lists.appendingPathComponent($0).path }
                        + ["--out", "\(dir)/report", "--shard", "0/60"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let s = try summary("\(dir)/report")
        let total = try XCTUnwrap(s["runsInList"] as? Int)
        XCTAssertGreaterThan(total, 300, "both scenes of every pair")
        XCTAssertEqual((s["rows"] as? [Any])?.count, (total + 59) / 60)
    }

    func testThreeShardsMergedGiveTheSameSummaryAsOneRun() throws {
        let dir = try folder()
        let demo = FixturePaths.scenes.appendingPathComponent("demo.json").path
        let list = try writeList(dir, extra: ["\(demo) tolerance(0,0)"])
        let whole = try run(["check", list, "--out", "\(dir)/whole"])
        XCTAssertEqual(whole.status, 1, whole.stderr)
        for i in 0..<3 {
            // Shard 1 through the Kubernetes variables, shard 2 through Slurm's (ids from 1), shard 0 by flag.
            let r: (status: Int32, stdout: String, stderr: String)
            switch i {
            case 1: r = try run(["check", list, "--out", "\(dir)/s1"],
                                environment: ["JOB_COMPLETION_INDEX": "1", "COMPOSITOR_SHARD_COUNT": "3"])
            case 2: r = try run(["check", list, "--out", "\(dir)/s2"],
                                environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
            default: r = try run(["check", list, "--out", "\(dir)/s0", "--shard", "0/3"])
            }
            XCTAssertTrue(r.stdout.contains("(shard \(i)/3)"), r.stdout + r.stderr)
        }
        let merged = try run(["check", "merge", "\(dir)/s2", "\(dir)/s0", "\(dir)/s1", "--out", "\(dir)/merged"])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.hasPrefix("check: 7 runs: 6 pass, 1 fail, 0 error — FAIL"), merged.stdout)
        func comparable(_ s: [String: Any]) -> NSDictionary {
            var s = s
            s["shards"] = nil
            s["rows"] = (s["rows"] as? [[String: Any]] ?? []).map { row -> [String: Any] in
                var row = row
                row["timings"] = nil
                return row
            }
            return s as NSDictionary
        }
        XCTAssertEqual(comparable(try summary("\(dir)/whole")), comparable(try summary("\(dir)/merged")))
        XCTAssertEqual((try summary("\(dir)/merged")["shards"] as? [Any])?.count, 3)
        // Every image the merged summary names is in the merged folder.
        for row in try summary("\(dir)/merged")["rows"] as? [[String: Any]] ?? [] {
            for file in (row["images"] as? [String: String] ?? [:]).values {
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/merged/\(file)"), file)
            }
        }
        // A missing shard is refused.
        let partial = try run(["check", "merge", "\(dir)/s0", "\(dir)/s1", "--out", "\(dir)/partial"])
        XCTAssertEqual(partial.status, 2)
        XCTAssertTrue(partial.stderr.contains("shards missing: 2/3"), partial.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/partial"))
    }

    func testFrameSequenceShardsTogetherEqualOneRun() throws {
        let dir = try folder()
        let scene = FixturePaths.root.appendingPathComponent("Fixtures/animated/rotation.json").path
        let whole = try run(["render", scene, "--frames", "5", "-o", "\(dir)/whole", "--backend", "cpu"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let a = try run(["render", scene, "--frames", "5", "-o", "\(dir)/parts", "--backend", "cpu", "--shard", "0/2"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/parts").sorted(),
                       ["frame-0000.png", "frame-0002.png", "frame-0004.png"])
        let b = try run(["render", scene, "--frames", "5", "-o", "\(dir)/parts", "--backend", "cpu", "--shard", "auto"],
                        environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"])
        XCTAssertEqual(b.status, 0, b.stderr)
        for name in try FileManager.default.contentsOfDirectory(atPath: "\(dir)/whole") {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/whole/\(name)"),
                           FileManager.default.contents(atPath: "\(dir)/parts/\(name)"), name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/parts").count, 5)
        let single = try run(["render", scene, "-o", "\(dir)/one.png", "--shard", "0/2"])
        XCTAssertEqual(single.status, 2)
        XCTAssertTrue(single.stderr.contains("--shard applies to --frames"), single.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/one.png"))
        // A shard count without --shard auto is refused, not ignored.
        let countOnly = try run(["render", scene, "--frames", "5", "-o", "\(dir)/count-only", "--backend", "cpu",
                                 "--shard-count", "2"])
        XCTAssertEqual(countOnly.status, 2, countOnly.stderr)
        XCTAssertTrue(countOnly.stderr.contains("--shard-count goes with --shard auto"), countOnly.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/count-only"))
    }

    func testBadUsageExitsTwoAndWritesNothing() throws {
        let dir = try folder()
        let list = try writeList(dir)
        try "== a.json\n".write(toFile: "\(dir)/bad.list", atomically: true, encoding: .utf8)
        try "scene.json time(soon)\n".write(toFile: "\(dir)/bad-time.list", atomically: true, encoding: .utf8)
        let cases: [([String], [String: String], String)] = [
            (["check", "\(dir)/missing", "--out", "\(dir)/o"], [:], "no such file or folder"),
            (["check", "\(dir)/bad.list", "--out", "\(dir)/o"], [:], "bad.list:1: expected '== TEST REFERENCE'"),
            (["check", "\(dir)/bad-time.list", "--out", "\(dir)/o"], [:], "bad-time.list:1: time(soon) is not a finite number"),
            (["check", list, "--out", "\(dir)/o", "--shard", "3/3"], [:], "shard index must be from 0 to 2"),
            (["check", list, "--out", "\(dir)/o", "--scales", "1,0"], [:], "--scales '1,0'"),
            (["check", list, "--out", "\(dir)/o"], ["JOB_COMPLETION_INDEX": "0"], "the shard count is not"),
            (["check", list, "--out", "\(dir)/o", "--tolerance", "300"], [:], "invalid tolerance"),
            (["check", "merge", "\(dir)", "--out", "\(dir)/o"], [:], "summary.json: cannot read"),
        ]
        for (args, env, message) in cases {
            let r = try run(args, environment: env)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("compositor: error: "), r.stderr)
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/o"), "\(args) left an output folder")
        }
    }

    /// Loads the report in headless chromium: every row is in the DOM after the
    /// script ran, the zoom view opens from the address, and a screenshot is taken.
    func testReportLoadsInHeadlessChromium() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            throw XCTSkip("chromium is not installed (apt-get install -y chromium); the report page was not loaded in a browser")
        }
        let dir = try folder()
        let list = try writeList(dir)
        let r = try run(["check", list, "--out", "\(dir)/report"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = "file://\(dir)/report/index.html"
        let dom = try browser(chromium, ["--dump-dom", page])
        XCTAssertEqual(dom.components(separatedBy: "<tr data-index=").count - 1, Self.quickScenes.count)
        XCTAssertTrue(dom.contains("6 of 6 shown"), "the page script did not run")
        // #zoom=ID clicks the row's image: the zoom view opens and reads both pixel values from the row's pixels script.
        let zoomed = try browser(chromium, ["--virtual-time-budget=3000", "--dump-dom", page + "#zoom=0000-"
            + FixturePaths.scenes.appendingPathComponent("background-border").path.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? String($0) : "_" }.joined()])
        XCTAssertTrue(zoomed.range(of: #"GPU \( *\d+, *\d+, *\d+, *\d+\) +CPU \("#, options: .regularExpression) != nil,
                      "no pixel readout in the zoom view")
        _ = try browser(chromium, ["--screenshot=\(dir)/shot.png", "--window-size=1200,800", page])
        let shot = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/shot.png"))
        XCTAssertGreaterThan(shot.count, 10_000)
    }

    func browser(_ chromium: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] + args
        p.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: o, as: UTF8.self)
    }
}
