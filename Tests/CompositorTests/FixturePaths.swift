// Test support: where the fixtures live, and the deliberate switch that
// regenerates reference images (UPDATE_REFERENCES=1), never silently.

import Foundation

enum FixturePaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var scenes: URL { root.appendingPathComponent("Fixtures/scenes") }
    static var references: URL { root.appendingPathComponent("Fixtures/reference") }
    static var invalid: URL { root.appendingPathComponent("Fixtures/invalid") }

    /// Scene files in a folder, sorted by name.
    static func jsonFiles(in dir: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// The `compositor` binary built beside the test bundle (same build folder and configuration).
    static var compositorBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("compositor")
    }

    static var updateReferences: Bool { ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" }
}
