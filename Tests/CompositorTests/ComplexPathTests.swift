// A shape whose path crosses itself millions of times (a scribble, or a
// dash pattern far below a pixel) is refused with an error naming the
// layer, a non-zero exit and no output file — not minutes of work, not an
// image with the layer silently missing.

import XCTest
import Foundation

final class ComplexPathTests: XCTestCase {
    func scene(_ layer: [String: Any]) throws -> String {
        let doc: [String: Any] = ["canvas": ["width": 120, "height": 120], "sublayers": [layer]]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("complex-\(UUID()).json").path
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: path))
        return path
    }

    func assertRefused(_ layer: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try scene(layer)
        let out = s + ".png"
        defer { try? FileManager.default.removeItem(atPath: s); try? FileManager.default.removeItem(atPath: out) }
        let r = try runCompositor(["render", s, "--backend", "cpu", "-o", out])
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains("shape layer 'scribble'") && r.stderr.contains("too complex"), r.stderr,
                      file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no partial output", file: file, line: line)
    }

    func testScribbleFillIsRefused() throws {
        let d = "M 0 0 " + (0..<20000).map { "L \($0 % 97) \(($0 * 37) % 101)" }.joined(separator: " ") + " Z"
        try assertRefused(["type": "shape", "name": "scribble", "frame": [0, 0, 100, 100], "path": d,
                           "fillColor": "#00FF00", "fillRule": "evenOdd"])
    }

    func testDashesFarBelowAPixelAreRefused() throws {
        try assertRefused(["type": "shape", "name": "scribble", "frame": [0, 0, 100, 100],
                           "path": "M 0 0 L 1000000 1000000", "fillColor": NSNull(), "strokeColor": "#000000",
                           "lineDashPattern": [1e-6, 1e-6]])
    }
}
