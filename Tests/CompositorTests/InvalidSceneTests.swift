// Malformed scenes fail with one clear error naming the key path (or file),
// never a crash; the command line exits with status 2 and leaves no output.

import XCTest
import Compositor

final class InvalidSceneTests: XCTestCase {
    func testEveryInvalidSceneNamesTheKeyPath() throws {
        let files = FixturePaths.jsonFiles(in: FixturePaths.invalid)
        XCTAssertGreaterThanOrEqual(files.count, 20)
        for url in files {
            let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
            let expected = try String(contentsOf: expectedURL, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                _ = try SceneLoader.load(path: url.path)
                XCTFail("\(url.lastPathComponent): loaded without error")
            } catch {
                let message = "\(error)"
                XCTAssertTrue(message.contains(expected),
                              "\(url.lastPathComponent): error '\(message)' does not mention '\(expected)'")
            }
        }
    }
}
