// Scene contents: images relative to the scene, shared decoding, and the
// errors for missing, corrupt and PVR files.

import Foundation
import XCTest
@testable import Layers

final class SceneContentsTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = try makeScratchDirectory()
        _ = FileManager.default.createFile(atPath: dir + "/dot.png", contents: Data(tinyPNG))
        _ = FileManager.default.createFile(atPath: dir + "/bad.png", contents: Data("not a png at all".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/cut.png", contents: Data(tinyPNG.prefix(40)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testContentsLoadedAndShared() throws {
        let layers = Array(repeating: #"{"contents": "dot.png"}"#, count: 1000).joined(separator: ",")
        let reader = SceneReader(file: "scene.json", baseDirectory: dir)
        let scene = try reader.scene(JSONParser.parse(Array(sceneJSON(layers: layers).utf8)))
        XCTAssertEqual(reader.images.count, 1)  // decoded once, shared by all 1000 layers
        XCTAssertEqual(scene.root.sublayers.count, 1000)
        let c = try XCTUnwrap(scene.root.sublayers[999].contents)
        XCTAssertEqual(c.key, dir + "/dot.png")
        XCTAssertEqual(c.image.width, 2)
        XCTAssertEqual(c.image.height, 1)
        // Absolute paths are used as they are.
        let abs = try parseScene(sceneJSON(layers: #"{"contents": "\#(dir)/dot.png"}"#), base: "/elsewhere")
        XCTAssertEqual(abs.root.sublayers[0].contents?.key, dir + "/dot.png")
    }

    func testMissingFile() {
        assertSceneError(sceneJSON(layers: #"{}, {"contents": "nope.png"}"#), keyPath: "sublayers[1].contents",
                         contains: "image file 'nope.png' not found", base: dir)
    }

    func testCorruptFiles() {
        assertSceneError(sceneJSON(layers: #"{"contents": "bad.png"}"#), keyPath: "sublayers[0].contents",
                         contains: "cannot read image 'bad.png'", base: dir)
        assertSceneError(sceneJSON(layers: #"{"mask": {"contents": "cut.png"}}"#), keyPath: "sublayers[0].mask.contents",
                         contains: "cannot read image 'cut.png'", base: dir)
    }

    /// A PVR v3 file: 8 × 8 PVRTC1 4 bpp RGBA, one level of 32 zero bytes.
    private func tinyPVR() -> [UInt8] {
        var b: [UInt8] = []
        func u32(_ v: UInt32) { b += withUnsafeBytes(of: v.littleEndian, Array.init) }
        u32(0x0352_5650); u32(0)        // version, flags
        u32(3); u32(0)                  // pixel format (u64): PVRTC 4bpp RGBA
        u32(0); u32(0)                  // colour space, channel type
        u32(8); u32(8)                  // height, width
        u32(1); u32(1); u32(1); u32(1)  // depth, surfaces, faces, mip levels
        u32(0)                          // metadata size
        return b + [UInt8](repeating: 0, count: 32)
    }

    func testPVRContentsDecodeLevelZero() throws {
        _ = FileManager.default.createFile(atPath: dir + "/tex.pvr", contents: Data(tinyPVR()))
        _ = FileManager.default.createFile(atPath: dir + "/bad.pvr", contents: Data(tinyPVR().prefix(60)))
        let s = try parseScene(sceneJSON(layers: #"{"contents": "tex.pvr"}"#), base: dir)
        let c = try XCTUnwrap(s.root.sublayers[0].contents)
        XCTAssertEqual(c.image.width, 8)
        XCTAssertEqual(c.image.height, 8)
        // The compressed blocks ride along for the GLES executor.
        let blocks = try XCTUnwrap(c.pvrtc)
        XCTAssertEqual(blocks.width, 8)
        XCTAssertEqual(blocks.height, 8)
        assertSceneError(sceneJSON(layers: #"{"contents": "bad.pvr"}"#), keyPath: "sublayers[0].contents",
                         contains: "cannot read image 'bad.pvr'", base: dir)
    }

    func testOtherContentsErrors() {
        assertSceneError(sceneJSON(layers: #"{"contents": ""}"#), keyPath: "sublayers[0].contents",
                         contains: "empty string", base: dir)
        assertSceneError(sceneJSON(layers: #"{"contents": 3}"#), keyPath: "sublayers[0].contents",
                         contains: "expected a string", base: dir)
        assertSceneError(sceneJSON(layers: #"{"contents": "."}"#), keyPath: "sublayers[0].contents",
                         contains: "is a directory", base: dir)
    }

    func testLoadErrors() {
        XCTAssertThrowsError(try SceneLoader.load(path: dir + "/missing.json")) { e in
            XCTAssertEqual((e as? SceneError)?.file, "missing.json")
            XCTAssertTrue("\(e)".contains("no such file"), "\(e)")
        }
    }
}
