// Every input the fuzzers (scripts/fuzz) found a crash with is kept in
// Fixtures/fuzz-regressions/HARNESS/ and replayed here through the same
// FuzzTargets code the harness runs: it must finish with a clean one-line
// error (or succeed where the input turned out valid). A reproducer may come
// with NAME.expected, a text its error must contain. The fuzzers replay these
// folders too, as seeds, under AddressSanitizer.

import Foundation
import FuzzTargets
import Geometry
import XCTest

final class FuzzRegressionTests: XCTestCase {
    static var folder: URL { FixturePaths.root.appendingPathComponent("Fixtures/fuzz-regressions") }

    override func setUp() {
        FuzzTarget.sceneDirectory = FixturePaths.scenes.path
    }

    /// The reproducers of `harness`, sorted by name (the .expected files are not inputs).
    static func inputs(_ harness: String) -> [URL] {
        let dir = folder.appendingPathComponent(harness)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasSuffix(".expected") && !$0.hasPrefix(".") }.sorted()
            .map { dir.appendingPathComponent($0) }
    }

    /// Runs each reproducer of `harness` (through `target`, the harness's
    /// own code unless given) and checks its outcome.
    func replay(_ harness: String, through target: (([UInt8]) throws -> Void)? = nil,
                file: StaticString = #filePath, line: UInt = #line) throws {
        let target = try target ?? XCTUnwrap(FuzzTarget.all[harness], file: file, line: line)
        try replay(Self.inputs(harness), folder: harness, through: target, file: file, line: line)
    }

    /// Runs each of `inputs` through `target`: it must succeed, or fail with
    /// a one-line error (mentioning the text of INPUT.expected when there is one).
    func replay(_ inputs: [URL], folder: String, through target: ([UInt8]) throws -> Void,
                file: StaticString = #filePath, line: UInt = #line) throws {
        for url in inputs {
            let name = "\(folder)/\(url.lastPathComponent)"
            let bytes = [UInt8](try Data(contentsOf: url))
            let expectedURL = url.appendingPathExtension("expected")
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            do {
                try target(bytes)
                if let expected { XCTFail("\(name): no error, expected one mentioning '\(expected)'", file: file, line: line) }
            } catch {
                let message = "\(error)"
                XCTAssertFalse(message.isEmpty, "\(name): empty error message", file: file, line: line)
                XCTAssertFalse(message.contains("\n"), "\(name): error spans lines: \(message)", file: file, line: line)
                if let expected {
                    XCTAssertTrue(message.contains(expected), "\(name): error '\(message)' does not mention '\(expected)'",
                                  file: file, line: line)
                }
            }
        }
    }

    func testEveryFolderIsAHarness() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []
        for name in names where !name.hasPrefix(".") && !name.hasSuffix(".md") && name != "pending" {
            XCTAssertNotNil(FuzzTarget.all[name], "Fixtures/fuzz-regressions/\(name) names no harness")
        }
    }

    func testScene() throws { try replay("FuzzScene") }
    func testSceneGPU() throws {
        try requireGPU()
        try replay("FuzzSceneGPU")
    }

    /// The FuzzSceneGPU harness's seeds (the fixture scenes, valid and
    /// invalid) go through its code with the CPU comparison on: its frames
    /// alike (FuzzTarget+SceneGPU.swift), no GL error, the GPU frame within
    /// the tolerance of the CPU one (else it traps), at most a clean one-line
    /// error; the valid ones draw.
    func testSceneGPUSeedsRunThroughTheHarness() throws {
        try requireGPU()
        let compared = FuzzTarget.compareWithCPU
        FuzzTarget.compareWithCPU = true
        defer { FuzzTarget.compareWithCPU = compared }
        let scenes = FixturePaths.scenes
        let names = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 50)
        for name in names {
            XCTAssertNoThrow(try FuzzTarget.sceneGPU([UInt8](try Data(contentsOf: scenes.appendingPathComponent(name)))),
                             name)
        }
        let invalid = FixturePaths.root.appendingPathComponent("Fixtures/invalid")
        let invalidScenes = try FileManager.default.contentsOfDirectory(atPath: invalid.path)
            .filter { $0.hasSuffix(".json") }.sorted().map { invalid.appendingPathComponent($0) }
        try replay(invalidScenes, folder: "Fixtures/invalid", through: FuzzTarget.sceneGPU)
    }

    /// Skips only where no EGL display opens at all (as the GLES tests do).
    private func requireGPU() throws {
        if let why = FuzzTarget.prepareGPU() { throw XCTSkip("no GLES executor: \(why)") }
    }
    func testPNG() throws { try replay("FuzzPNG") }
    func testJPEG() throws { try replay("FuzzJPEG") }
    func testJPEG2000() throws { try replay("FuzzJPEG2000") }
    func testPVR() throws { try replay("FuzzPVR") }
    func testSVGPath() throws { try replay("FuzzSVGPath") }
    func testStroke() throws { try replay("FuzzStroke") }
    /// The harness decomposes at an eighth of the renderer's work budget;
    /// its reproducers (the slow sweeps among them) also run at the full one.
    func testStrokeAtTheRenderersBudget() throws {
        try replay("FuzzStroke", through: { try FuzzTarget.stroke($0, budget: Trapezoids.maximumWork) })
    }
    func testDeepZoom() throws { try replay("FuzzDZI") }
    func testDrawing() throws { try replay("FuzzDrawing") }

    /// The FuzzDrawing harness's seeds (the fixtures' drawing lists) run without error through
    /// the harness code, so the harness and the fixtures stay in step.
    func testDrawingSeedsRunCleanly() throws {
        let dir = FixturePaths.root.appendingPathComponent("Fuzzing/seeds/FuzzDrawing")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10)
        for n in names {
            XCTAssertNoThrow(try FuzzTarget.drawing([UInt8](try Data(contentsOf: dir.appendingPathComponent(n)))), n)
        }
    }

    func testText() throws { try replay("FuzzText") }

    /// The FuzzText seeds are valid rich text: each loads, lays out and draws without an error.
    func testTextSeedsRenderCleanly() throws {
        let dir = FixturePaths.root.appendingPathComponent("Fuzzing/seeds/FuzzText")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for name in names {
            XCTAssertNoThrow(try FuzzTarget.text([UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))), name)
        }
    }
}
