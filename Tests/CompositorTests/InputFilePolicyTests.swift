// Issue 18 items 3–4 through the command line: only regular files are read
// (a FIFO named as an image, a font, the scene or a `diff` input is refused
// at once instead of blocking open(2) forever; /dev/zero and directories
// too), a NUL in a file name is an error rather than a shorter name,
// `--confine-to-scene-dir` keeps files inside the scene's folder, and
// control characters from scene strings are escaped in the one-line error.
// Every run has a 10 s watchdog, so a regression fails instead of hanging.

import XCTest
import Foundation

final class InputFilePolicyTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("scene"), withIntermediateDirectories: true)
        let photo = FixturePaths.root.appendingPathComponent("Fixtures/images/photo.png")
        try FileManager.default.copyItem(at: photo, to: dir.appendingPathComponent("scene/photo.png"))
        try FileManager.default.copyItem(at: photo, to: dir.appendingPathComponent("outside.png"))
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("scene/pipe.png").path, 0o644), 0)
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("scene/pipe.ttf").path, 0o644), 0)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Runs the compositor under a 10 s watchdog (timeout(1) exits 124).
    func run(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let binary = FixturePaths.compositorBinary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("compositor not built") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["10", binary.path] + args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    /// Renders a scene holding `layer` from scene/scene.json.
    func render(_ layer: [String: Any], extra: [String] = []) throws -> (status: Int32, stderr: String) {
        let doc: [String: Any] = ["canvas": ["width": 20, "height": 20], "sublayers": [layer]]
        let scene = dir.appendingPathComponent("scene/scene.json")
        try JSONSerialization.data(withJSONObject: doc).write(to: scene)
        let out = dir.appendingPathComponent("out.png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try run(["render", scene.path, "-o", out, "--backend", "cpu"] + extra)
        if r.status != 0 { XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output after an error") }
        return r
    }

    func assertRefused(_ r: (status: Int32, stderr: String), _ needle: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(needle), r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)", file: file, line: line)
    }

    func testSpecialFilesAreRefusedWithoutBlocking() throws {
        assertRefused(try render(["frame": [0, 0, 10, 10], "contents": "pipe.png"]),
                      "sublayers[0].contents: 'pipe.png' is a FIFO")
        assertRefused(try render(["type": "text", "frame": [0, 0, 10, 10], "string": "x", "font": "pipe.ttf"]),
                      "sublayers[0].font:")
        assertRefused(try render(["frame": [0, 0, 10, 10], "contents": "/dev/zero"]), "is a character device")
        assertRefused(try render(["frame": [0, 0, 10, 10], "contents": "."]), "is a directory")
        // Deferred image loading reads through the same check (a file that
        // cannot be loaded is a warning there, and the layer has no contents).
        let lazy = try render(["frame": [0, 0, 10, 10], "contents": "pipe.png"], extra: ["--lazy"])
        XCTAssertEqual(lazy.status, 0, lazy.stderr)
        XCTAssertTrue(lazy.stderr.contains("FIFO"), lazy.stderr)
    }

    func testSceneAndDiffInputsMustBeRegularFiles() throws {
        let pipe = dir.appendingPathComponent("scene/pipe.png").path
        assertRefused(try run(["render", pipe, "-o", dir.appendingPathComponent("o.png").path, "--backend", "cpu"]),
                      "not a regular file")
        let photo = dir.appendingPathComponent("scene/photo.png").path
        let d = try run(["diff", pipe, photo])
        XCTAssertEqual(d.status, 2, d.stderr)
        XCTAssertTrue(d.stderr.contains("FIFO"), d.stderr)
    }

    func testNULInAFileNameIsAnError() throws {
        assertRefused(try render(["frame": [0, 0, 10, 10], "contents": "photo.png\u{0}.txt"]),
                      "sublayers[0].contents: the file name contains a NUL character")
        XCTAssertEqual(try render(["frame": [0, 0, 10, 10], "contents": "photo.png"]).status, 0)
    }

    func testConfineToSceneDirectory() throws {
        let outside = ["frame": [0, 0, 10, 10], "contents": "../outside.png"] as [String: Any]
        XCTAssertEqual(try render(outside).status, 0, "the default allows files outside the folder")
        assertRefused(try render(outside, extra: ["--confine-to-scene-dir"]),
                      "sublayers[0].contents: '../outside.png' is outside the scene's folder")
        let absolute = ["frame": [0, 0, 10, 10], "contents": dir.appendingPathComponent("outside.png").path] as [String: Any]
        assertRefused(try render(absolute, extra: ["--confine-to-scene-dir"]), "outside the scene's folder")
        // A symbolic link inside the folder that leads out is outside too.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("scene/link.png").path,
                                                   withDestinationPath: dir.appendingPathComponent("outside.png").path)
        assertRefused(try render(["frame": [0, 0, 10, 10], "contents": "link.png"], extra: ["--confine-to-scene-dir"]),
                      "outside the scene's folder")
        XCTAssertEqual(try render(["frame": [0, 0, 10, 10], "contents": "./photo.png"],
                                  extra: ["--confine-to-scene-dir"]).status, 0)
    }

    func testControlCharactersAreEscapedInOneLine() throws {
        let r = try render(["frame": [0, 0, 10, 10], "contents": "\u{1B}[2J\nred\u{7}.png"])
        assertRefused(r, "image file '\\u{1B}[2J\\nred\\u{7}.png' not found")
        XCTAssertFalse(r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, r.stderr)
    }
}
