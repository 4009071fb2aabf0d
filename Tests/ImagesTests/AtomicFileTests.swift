// Tests for AtomicFile: several outputs published together, output paths
// checked before work, and temporary files of killed writers cleaned up by
// the next write into their directory (never a live process's).

import XCTest
import Foundation
@testable import Images

final class AtomicFileTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    func testWriteAllWritesNothingWhenOneOutputFails() throws {
        let good = dir.appendingPathComponent("a.txt").path
        XCTAssertThrowsError(try AtomicFile.writeAll([(good, [1]), ("/nonexistent/b.txt", [2])]))
        XCTAssertEqual(try names(), [], "neither the output nor a temporary file is left")
        try AtomicFile.writeAll([(good, [1]), (dir.appendingPathComponent("b.txt").path, [2])])
        XCTAssertEqual(try names(), ["a.txt", "b.txt"])
    }

    func testCheckWritable() throws {
        XCTAssertNoThrow(try AtomicFile.checkWritable(dir.appendingPathComponent("x.png").path))
        XCTAssertThrowsError(try AtomicFile.checkWritable("/nonexistent/x.png"))
        XCTAssertThrowsError(try AtomicFile.checkWritable(dir.path))
        XCTAssertThrowsError(try AtomicFile.checkWritable(dir.path + "/x\u{0}.png"))
    }

    func testStaleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        // A process that has ended: its PID is free (unless reused at once, which a live check then respects).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let dead = p.processIdentifier
        let stale = ".out.png.tmp-\(dead)-1a2b"
        let live = ".out.png.tmp-\(getppid())-3c4d"
        let unrelated = ".out.png.tmp-notapid"
        for n in [stale, live, unrelated] {
            _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(n).path, contents: Data([0]))
        }
        try AtomicFile.write([1, 2, 3], to: dir.appendingPathComponent("out.png").path)
        let left = try names()
        XCTAssertFalse(left.contains(stale), "\(left)")
        XCTAssertTrue(left.contains(live) && left.contains(unrelated) && left.contains("out.png"), "\(left)")
    }

    func testTemporaryNamesAreRecognised() {
        XCTAssertEqual(StaleTemporaryFiles.pid(inTemporaryName: ".out.png.tmp-1234-beef"), 1234)
        XCTAssertNil(StaleTemporaryFiles.pid(inTemporaryName: "out.png.tmp-1234-beef"))
        XCTAssertNil(StaleTemporaryFiles.pid(inTemporaryName: ".out.png.tmp-12x4-beef"))
        XCTAssertNil(StaleTemporaryFiles.pid(inTemporaryName: ".out.png.tmp-1234-"))
    }
}
