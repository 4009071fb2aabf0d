// Tests for RegularFile, the one way input files are read: regular files
// only (checked before open, and again on the open descriptor), a size
// limit before reading, and no NUL in names.

import XCTest
import Foundation
@testable import Images

final class RegularFileTests: XCTestCase {
    func testReadsARegularFileAndRefusesTheRest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("regular-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.bin").path
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try RegularFile.read(file, maxBytes: 3), [1, 2, 3])
        XCTAssertThrowsError(try RegularFile.read(file, maxBytes: 2)) {
            XCTAssertEqual($0 as? RegularFileError, .tooLarge(limitBytes: 2))
        }
        XCTAssertThrowsError(try RegularFile.read(file + "\u{0}.txt", maxBytes: 10)) {
            XCTAssertEqual($0 as? RegularFileError, .nameContainsNUL)
        }
        let fifo = dir.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try RegularFile.read(fifo, maxBytes: 10)) {
            XCTAssertEqual($0 as? RegularFileError, .notRegular(kind: "a FIFO (named pipe)"))
        }
        XCTAssertThrowsError(try RegularFile.read("/dev/zero", maxBytes: 10)) {
            XCTAssertEqual($0 as? RegularFileError, .notRegular(kind: "a character device"))
        }
        XCTAssertThrowsError(try RegularFile.read(dir.path, maxBytes: 10)) {
            XCTAssertEqual($0 as? RegularFileError, .notRegular(kind: "a directory"))
        }
        XCTAssertThrowsError(try RegularFile.read(dir.appendingPathComponent("none").path, maxBytes: 10)) {
            XCTAssertEqual($0 as? RegularFileError, .notFound)
        }
    }
}
