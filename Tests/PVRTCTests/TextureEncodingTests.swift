// TextureEncodingTests: encodeTexture's fitting (pad, stretch), mip chains and
// the RGB/RGBA format choice, down to a written and re-read .pvr file.

import XCTest
import PVRTC

final class TextureEncodingTests: XCTestCase {
    func testPadPlacesImageTopLeftOnTransparentSquare() throws {
        let img = PVRTCImage(width: 40, height: 20, fill: (30, 160, 220, 255))
        let tex = try PVRTCEncoder(quality: .normal).encodeTexture(img, fit: .pad)
        XCTAssertEqual(tex.width, 64)
        XCTAssertEqual(tex.height, 64)
        XCTAssertTrue(tex.hasAlpha)
        let out = try tex.decode()
        XCTAssertEqual(rgba(out, 10, 10)[1], 160, accuracy: 6)
        XCTAssertGreaterThan(rgba(out, 10, 10)[3], 235)
        XCTAssertLessThan(rgba(out, 50, 50)[3], 20)
        XCTAssertLessThan(rgba(out, 10, 40)[3], 20)
    }

    func testStretchResamplesToNearestSquarePowerOfTwo() throws {
        // 40×20: larger side 40 is nearer 32 than 64; a flat colour stays flat and opaque.
        let img = PVRTCImage(width: 40, height: 20, fill: (30, 160, 220, 255))
        let tex = try PVRTCEncoder(bitsPerPixel: .two).encodeTexture(img, fit: .stretch)
        XCTAssertEqual(tex.width, 32)
        XCTAssertFalse(tex.hasAlpha)
        let out = try tex.decode()
        for (x, y) in [(0, 0), (31, 31), (16, 5)] {
            XCTAssertEqual(rgba(out, x, y)[2], 220, accuracy: 6)
            XCTAssertEqual(rgba(out, x, y)[3], 255)
        }
    }

    func testMipChainIsBoxFilteredAndWritable() throws {
        // Left half red, right half blue: level 0 keeps the halves; the 1×1 level averages them.
        var img = PVRTCImage(width: 32, height: 32, fill: (255, 0, 0, 255))
        for y in 0..<32 { for x in 16..<32 { img[x, y] = (0, 0, 255, 255) } }
        let tex = try PVRTCEncoder().encodeTexture(img, mipmaps: true)
        XCTAssertEqual(tex.levels.count, 6)   // 32, 16, 8, 4, 2, 1
        for (i, level) in tex.levels.enumerated() {
            let s = tex.levelSize(i)
            XCTAssertEqual(level.count, PVRTCBitsPerPixel.four.dataSize(width: s.width, height: s.height))
        }
        let top = try tex.decode(level: 5)
        XCTAssertEqual(rgba(top, 0, 0)[0], 128, accuracy: 6)
        XCTAssertEqual(rgba(top, 0, 0)[2], 128, accuracy: 6)
        XCTAssertEqual(try PVRFile.read(try PVRFile.write(tex)), tex)
    }

    func testUnchangedKeepsRectangularPowerOfTwoSizes() throws {
        // Top half orange, bottom half teal, 128×32 and 32×128: stored at that size, the halves survive.
        for (w, h) in [(128, 32), (32, 128)] {
            var img = PVRTCImage(width: w, height: h, fill: (240, 120, 20, 255))
            for y in (h / 2)..<h { for x in 0..<w { img[x, y] = (20, 140, 150, 255) } }
            let tex = try PVRTCEncoder().encodeTexture(img, fit: .unchanged, mipmaps: true)
            XCTAssertEqual(tex.width, w)
            XCTAssertEqual(tex.height, h)
            XCTAssertEqual(tex.levels.count, PVRTCSize.fullMipCount(width: w, height: h))
            let out = try tex.decode()
            XCTAssertEqual(rgba(out, w / 2, h / 8)[0], 240, accuracy: 8)
            XCTAssertEqual(rgba(out, w / 2, h - 1 - h / 8)[2], 150, accuracy: 8)
            XCTAssertEqual(try PVRFile.read(try PVRFile.write(tex)), tex)
        }
        XCTAssertThrowsError(try PVRTCEncoder().encodeTexture(PVRTCImage(width: 40, height: 32), fit: .unchanged)) { e in
            XCTAssertEqual(e as? PVRTCError, .unsupportedSize(width: 40, height: 32, reason: "not a power of two"))
        }
    }

    func testEmptyAndOversizedImagesAreRefused() {
        XCTAssertThrowsError(try PVRTCEncoder().encodeTexture(PVRTCImage(width: 0, height: 5)))
        XCTAssertThrowsError(try PVRTCEncoder().encodeTexture(PVRTCImage(width: 8193, height: 1), fit: .pad)) { e in
            XCTAssertTrue("\(e)".contains("16384×16384"), "\(e)")
        }
    }
}
