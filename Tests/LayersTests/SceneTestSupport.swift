// Helpers shared by the scene tests: parse a JSON string, expect an error
// with an exact key path, and a scratch directory holding a tiny PNG.

import Foundation
import XCTest
@testable import Layers

/// A valid 2 × 1 RGBA PNG: opaque red, then blue at alpha 128.
let tinyPNG: [UInt8] = [
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0,
    244, 34, 127, 138, 0, 0, 0, 14, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 0, 66, 13, 0, 15, 122,
    3, 126, 119, 233, 127, 151, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
]

/// Wraps layer JSON in a minimal scene.
func sceneJSON(layers: String, canvas: String = #"{"width": 100, "height": 50}"#) -> String {
    #"{"canvas": \#(canvas), "sublayers": [\#(layers)]}"#
}

func parseScene(_ json: String, base: String = "/nonexistent-scene-dir") throws -> Scene {
    try SceneLoader.parse(json: Array(json.utf8), baseDirectory: base, name: "scene.json")
}

/// The first sublayer of the root of a one-layer scene.
func parseLayer(_ layerJSON: String, file: StaticString = #filePath, line: UInt = #line) -> Layer {
    do {
        let scene = try parseScene(sceneJSON(layers: layerJSON))
        XCTAssertEqual(scene.root.sublayers.count, 1, file: file, line: line)
        return scene.root.sublayers.first ?? Layer()
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return Layer()
    }
}

/// Asserts that parsing fails with exactly this key path and a message containing `contains`.
func assertSceneError(_ json: String, keyPath: String, contains: String, base: String = "/nonexistent-scene-dir",
                      file: StaticString = #filePath, line: UInt = #line) {
    do {
        _ = try parseScene(json, base: base)
        XCTFail("expected an error at \(keyPath)", file: file, line: line)
    } catch let e as SceneError {
        XCTAssertEqual(e.file, "scene.json", file: file, line: line)
        XCTAssertEqual(e.keyPath, keyPath, e.description, file: file, line: line)
        XCTAssertTrue(e.message.contains(contains), "'\(e.message)' lacks '\(contains)'", file: file, line: line)
    } catch {
        XCTFail("not a SceneError: \(error)", file: file, line: line)
    }
}

/// Asserts an error for a single layer object at `sublayers[0]…`.
func assertLayerError(_ layerJSON: String, keyPath: String, contains: String,
                      file: StaticString = #filePath, line: UInt = #line) {
    assertSceneError(sceneJSON(layers: layerJSON), keyPath: keyPath, contains: contains, file: file, line: line)
}

/// A fresh directory for image files, removed by the caller.
func makeScratchDirectory() throws -> String {
    let dir = NSTemporaryDirectory() + "layers-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
