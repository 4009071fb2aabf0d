// Hybrid images (`contentsAlphaMask`): a JPEG's colour with a PNG mask's
// gray value (or alpha channel) as alpha, combined at load time. Exact alpha
// and premultiplied colour, the cache key naming both files, mismatched
// sizes, and errors at the key path for missing or misplaced masks.

import Foundation
import XCTest
@testable import Images
@testable import Layers

final class HybridImageTests: XCTestCase {
    static let images = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images").path

    /// make_jpeg_images.py's mask formula.
    static func maskValue(_ x: Int, _ y: Int) -> Int { max(0, min(255, 400 - 6 * abs(x - 48) - 8 * abs(y - 32))) }

    private var dir = ""

    override func setUpWithError() throws {
        dir = try makeScratchDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func hybridLayer(_ extra: String = "") throws -> Layer {
        let json = sceneJSON(layers: #"{"contents": "photo.jpg", "contentsAlphaMask": "photo-mask.png"\#(extra)}"#)
        return try parseScene(json, base: Self.images).root.sublayers[0]
    }

    func testAlphaComesFromTheMaskGrayValue() throws {
        let layer = try hybridLayer()
        let c = try XCTUnwrap(layer.contents)
        let color = try JPEG.read(path: Self.images + "/photo.jpg")
        XCTAssertEqual(c.image.width, 96)
        XCTAssertEqual(c.image.height, 64)
        for (x, y) in [(0, 0), (48, 32), (30, 20), (70, 16), (60, 40), (95, 63), (10, 32), (48, 5)] {
            let m = Self.maskValue(x, y)
            let px = c.image[x, y]
            XCTAssertEqual(Int(px.3), m, "alpha at (\(x), \(y))")
            let rgb = color[x, y]
            XCTAssertEqual(px.0, Image.mul255(UInt32(rgb.0), UInt32(m)), "red at (\(x), \(y))")
            XCTAssertEqual(px.1, Image.mul255(UInt32(rgb.1), UInt32(m)), "green at (\(x), \(y))")
            XCTAssertEqual(px.2, Image.mul255(UInt32(rgb.2), UInt32(m)), "blue at (\(x), \(y))")
        }
        // Spot values straight from the formula: transparent corner, opaque centre, a soft edge.
        XCTAssertEqual(c.image[0, 0].3, 0)
        XCTAssertEqual(c.image[48, 32].3, 255)
        XCTAssertEqual(c.image[30, 20].3, 196)  // 400 − 6·18 − 8·12
    }

    func testMaskWithAlphaChannelUsesAlpha() throws {
        // An RGBA mask whose colour says "black" but alpha says 200: alpha wins.
        var mask = Image(width: 2, height: 1)
        mask[0, 0] = (0, 0, 0, 200)
        mask[1, 0] = (0, 0, 0, 255)
        var color = Image(width: 2, height: 1)
        color.fill(100, 150, 250, 255)
        let out = try ImageLoader.applyAlphaMask(mask, maskName: "m.png", to: color, colorName: "c.jpg")
        XCTAssertTrue(out[0, 0] == (78, 118, 196, 200), "\(out[0, 0])")
        XCTAssertTrue(out[1, 0] == (100, 150, 250, 255), "\(out[1, 0])")
        // Opaque RGB mask: luminance, round(0.299 R + 0.587 G + 0.114 B).
        var rgbMask = Image(width: 2, height: 1)
        rgbMask.fill(255, 0, 0, 255)  // luminance 76
        let lum = try ImageLoader.applyAlphaMask(rgbMask, maskName: "m.png", to: color, colorName: "c.jpg")
        XCTAssertEqual(lum[1, 0].3, 76)
    }

    func testCacheKeyNamesBothFilesAndColourIsShared() throws {
        let layers = [#"{"contents": "photo.jpg"}"#,
                      #"{"contents": "photo.jpg", "contentsAlphaMask": "photo-mask.png"}"#,
                      #"{"contentsAlphaMask": "photo-mask.png", "contents": "photo.jpg"}"#].joined(separator: ",")
        let reader = SceneReader(file: "scene.json", baseDirectory: Self.images)
        let scene = try reader.scene(JSONParser.parse(Array(sceneJSON(layers: layers).utf8)))
        let plain = try XCTUnwrap(scene.root.sublayers[0].contents)
        let hybrid = try XCTUnwrap(scene.root.sublayers[1].contents)
        XCTAssertEqual(plain.key, Self.images + "/photo.jpg")
        XCTAssertEqual(hybrid.key, LayerContents.hybridKey(color: Self.images + "/photo.jpg",
                                                           alphaMask: Self.images + "/photo-mask.png"))
        XCTAssertNotEqual(plain.key, hybrid.key)
        XCTAssertEqual(scene.root.sublayers[2].contents?.key, hybrid.key)  // key order does not matter
        XCTAssertEqual(plain.image[0, 0].3, 255)  // the plain layer keeps the opaque JPEG
        XCTAssertEqual(hybrid.image[0, 0].3, 0)
        XCTAssertEqual(reader.images.count, 3)  // photo.jpg, photo-mask.png, the hybrid: each once
    }

    func testNullMaskIsPlainContents() throws {
        let layer = try hybridLayer().contents?.key
        XCTAssertNotNil(layer)
        let plain = parseLayer(#"{"contents": "\#(Self.images)/photo.jpg", "contentsAlphaMask": null}"#)
        XCTAssertEqual(plain.contents?.key, Self.images + "/photo.jpg")
    }

    func testMismatchedSizes() throws {
        try PNG.write(Image(width: 48, height: 32), to: dir + "/small-mask.png")
        try FileManager.default.copyItem(atPath: Self.images + "/photo.jpg", toPath: dir + "/photo.jpg")
        assertSceneError(sceneJSON(layers: #"{}, {"contents": "photo.jpg", "contentsAlphaMask": "small-mask.png"}"#),
                         keyPath: "sublayers[1].contentsAlphaMask",
                         contains: "small-mask.png: the alpha mask is 48×32 pixels but the colour image photo.jpg is 96×64",
                         base: dir)
    }

    func testMissingMask() {
        assertSceneError(sceneJSON(layers: #"{}, {}, {}, {"contents": "photo.jpg", "contentsAlphaMask": "photo-mask-x.png"}"#),
                         keyPath: "sublayers[3].contentsAlphaMask",
                         contains: "image file 'photo-mask-x.png' not found", base: Self.images)
    }

    func testMaskWithoutContents() {
        assertLayerError(#"{"contentsAlphaMask": "photo-mask.png"}"#, keyPath: "sublayers[0].contentsAlphaMask",
                         contains: "needs a colour image in 'contents'")
        assertLayerError(#"{"contents": null, "contentsAlphaMask": "photo-mask.png"}"#,
                         keyPath: "sublayers[0].contentsAlphaMask", contains: "needs a colour image in 'contents'")
        assertLayerError(#"{"contentsAlphaMask": 3}"#, keyPath: "sublayers[0].contentsAlphaMask",
                         contains: "expected")
    }

    func testCorruptJPEGContents() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.images + "/photo.jpg"))
        _ = FileManager.default.createFile(atPath: dir + "/cut.jpg", contents: data.prefix(300))
        assertSceneError(sceneJSON(layers: #"{"contents": "cut.jpg"}"#), keyPath: "sublayers[0].contents",
                         contains: "cannot read image 'cut.jpg': corrupt JPEG", base: dir)
    }
}
