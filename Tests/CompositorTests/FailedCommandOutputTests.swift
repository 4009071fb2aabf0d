// Issue 18: a command that fails writes none of its outputs. Every output
// path is checked before rendering and all outputs are published together
// at the end, so a bad --stats-json or --report directory leaves no image
// behind either.

import XCTest
import Foundation

final class FailedCommandOutputTests: XCTestCase {
    var dir: URL!
    var scene: String { FixturePaths.scenes.appendingPathComponent("background-border.json").path }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Exit 2, one line naming the bad path, and `dir` empty afterwards.
    func assertFailsLeavingNothing(_ args: [String], naming bad: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try runCompositor(args)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(bad), r.stderr, file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(left, [], "a failed command leaves no outputs", file: file, line: line)
    }

    func testRenderWithABadStatsPathWritesNoImage() throws {
        try assertFailsLeavingNothing(["render", scene, "-o", path("out.png"), "--backend", "cpu",
                                       "--stats-json", "/nonexistent/s.json"], naming: "/nonexistent/s.json")
    }

    func testCompareWithABadReportPathWritesNoImages() throws {
        try assertFailsLeavingNothing(["compare", scene, "--gpu-output", path("g.png"), "--cpu-output", path("c.png"),
                                       "--diff-image", path("d.png"), "--report", "/nonexistent/r.json"],
                                      naming: "/nonexistent/r.json")
    }

    func testOverdrawWithABadStatsPathWritesNoHeatMap() throws {
        try assertFailsLeavingNothing(["overdraw", scene, "-o", path("heat.png"), "--backend", "cpu",
                                       "--stats-json", "/nonexistent/o.json"], naming: "/nonexistent/o.json")
    }

    func testOutputThatIsADirectoryIsRefusedFirst() throws {
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        let r = try runCompositor(["render", scene, "-o", path("sub"), "--backend", "cpu", "--stats-json", path("s.json")])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("s.json")))
    }
}
