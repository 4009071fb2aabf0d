// End-to-end checks of the `compositor` binary: exit statuses and the
// promise that a failed command leaves no output file behind.

import XCTest
import Foundation

final class CommandLineTests: XCTestCase {
    var binary: URL { FixturePaths.compositorBinary }

    func run(_ args: [String]) throws -> (Int32, String) {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("compositor binary not built at \(binary.path)")
        }
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (p.terminationStatus, text)
    }

    func testBadSceneExitsTwoAndWritesNothing() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID()).png")
        for file in FixturePaths.jsonFiles(in: FixturePaths.invalid).prefix(5) {
            let (status, err) = try run(["render", file.path, "-o", out.path, "--backend", "cpu"])
            XCTAssertEqual(status, 2, "\(file.lastPathComponent): \(err)")
            XCTAssertTrue(err.contains("error"), err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }
    }

    func testRenderWritesAPNG() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let scene = FixturePaths.scenes.appendingPathComponent("demo.json")
        let (status, err) = try run(["render", scene.path, "-o", out.path, "--backend", "cpu"])
        XCTAssertEqual(status, 0, err)
        let bytes = try Data(contentsOf: out)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}
