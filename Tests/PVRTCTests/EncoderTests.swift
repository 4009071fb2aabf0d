// EncoderTests: encode → decode sanity. PSNR bounds on a synthetic image
// (gradient + seeded noise) are set a little under the figures measured when
// the test was written (noted inline), so a regression in the encoder fails.

import XCTest
import TestSupport
import PVRTC

final class EncoderTests: XCTestCase {
    /// Smooth colour gradient plus ±12 seeded noise, opaque.
    func syntheticImage(size: Int = 64) -> PVRTCImage {
        var rng = SplitMix64(seed: 11)
        var img = PVRTCImage(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                func ch(_ v: Int) -> UInt8 { UInt8(min(max(v + Int.random(in: -12...12, using: &rng), 0), 255)) }
                img[x, y] = (ch(x * 255 / size), ch(y * 255 / size), ch(128 + (x - y) * 2), 255)
            }
        }
        return img
    }

    func roundTrip(_ img: PVRTCImage, _ bpp: PVRTCBitsPerPixel, _ q: PVRTCEncoder.Quality) throws -> PVRTCImage {
        let data = try PVRTCEncoder(bitsPerPixel: bpp, quality: q).encode(img)
        XCTAssertEqual(data.count, bpp.dataSize(width: img.width, height: img.height))
        return try PVRTCDecoder.decode(data, width: img.width, height: img.height, bitsPerPixel: bpp)
    }

    func testSyntheticImagePSNR() throws {
        let img = syntheticImage()
        // Measured when written (dB): 4bpp fast 23.20, normal 28.99, best 29.88;
        // 2bpp fast 22.24, normal 28.69, best 29.05. Bounds are about 0.3 dB below.
        let bounds: [(PVRTCBitsPerPixel, PVRTCEncoder.Quality, Double)] = [
            (.four, .fast, 22.9), (.four, .normal, 28.7), (.four, .best, 29.5),
            (.two, .fast, 21.9), (.two, .normal, 28.4), (.two, .best, 28.7),
        ]
        for (bpp, q, bound) in bounds {
            let psnr = PVRTCQuality.psnr(img, try roundTrip(img, bpp, q))
            XCTAssertGreaterThan(psnr, bound, "\(bpp) \(q)")
        }
    }

    func testFlatColourIsNearlyExact() throws {
        let img = PVRTCImage(width: 32, height: 32, fill: (200, 100, 37, 255))
        for bpp in PVRTCBitsPerPixel.allCases {
            let out = try roundTrip(img, bpp, .normal)
            for y in 0..<32 { for x in 0..<32 {
                // 555/554 endpoints can land within 4 of any 8-bit value; blending can only help.
                XCTAssertEqual(rgba(out, x, y)[0], 200, accuracy: 4)
                XCTAssertEqual(rgba(out, x, y)[1], 100, accuracy: 4)
                XCTAssertEqual(rgba(out, x, y)[2], 37, accuracy: 4)
                XCTAssertEqual(rgba(out, x, y)[3], 255)
            } }
        }
    }

    func testAlphaRegionsSurvive() throws {
        // Left half transparent, right half opaque orange: translucent encodings must appear.
        var img = PVRTCImage(width: 32, height: 32)
        for y in 0..<32 { for x in 16..<32 { img[x, y] = (250, 120, 10, 255) } }
        let out = try roundTrip(img, .four, .normal)
        for y in 0..<32 {
            XCTAssertLessThan(rgba(out, 4, y)[3], 20)       // well inside the transparent half
            XCTAssertGreaterThan(rgba(out, 27, y)[3], 235)  // well inside the opaque half
        }
        // Colour only matters where alpha does: deep in the opaque half it must be orange.
        for y in 0..<32 {
            XCTAssertEqual(rgba(out, 24, y)[0], 250, accuracy: 12)
            XCTAssertEqual(rgba(out, 24, y)[1], 120, accuracy: 12)
        }
        var alphaError = 0
        for y in 0..<32 { for x in 0..<32 { alphaError += abs(rgba(out, x, y)[3] - rgba(img, x, y)[3]) } }
        XCTAssertLessThan(Double(alphaError) / 1024, 12)
    }

    func testSpriteEdgesAreNotDarkenedByTransparentBlack() throws {
        // An antialiased orange disc on transparent black. Premultiplied RGBA PSNR was
        // 33.0 dB (normal) before transparent texels got bled colours, 39.5 dB after.
        let n = 64
        var img = PVRTCImage(width: n, height: n)
        for y in 0..<n { for x in 0..<n {
            let r = ((Double(x) - 31.5) * (Double(x) - 31.5) + (Double(y) - 31.5) * (Double(y) - 31.5)).squareRoot()
            let a = max(0, min(1, 20 - r))
            img[x, y] = a > 0 ? (230, 180, 40, UInt8((a * 255).rounded())) : (0, 0, 0, 0)
        } }
        let out = try roundTrip(img, .four, .normal)
        var squared = 0.0
        for y in 0..<n { for x in 0..<n {
            let s = rgba(img, x, y).map(Double.init), o = rgba(out, x, y).map(Double.init)
            for c in 0..<3 { let d = (s[c] * s[3] - o[c] * o[3]) / 255; squared += d * d }
            squared += (s[3] - o[3]) * (s[3] - o[3])
        } }
        let psnr = 10 * log10(255 * 255 / (squared / Double(n * n * 4)))
        XCTAssertGreaterThan(psnr, 37.5)
    }

    func testPunchThroughHolesAtBestQuality() throws {
        // Opaque grey with single fully transparent texels: punch-through mode reproduces
        // the holes with alpha exactly 0 while keeping their neighbours opaque.
        var img = PVRTCImage(width: 32, height: 32, fill: (90, 90, 90, 255))
        let holes = [(5, 5), (14, 9), (22, 22), (9, 26)]
        for (x, y) in holes { img[x, y] = (0, 0, 0, 0) }
        let data = try PVRTCEncoder(bitsPerPixel: .four, quality: .best).encode(img)
        let usesPunch = stride(from: 4, to: data.count, by: 8).contains { data[$0] & 1 == 1 }
        XCTAssertTrue(usesPunch, "no block chose punch-through mode")
        let out = try PVRTCDecoder.decode(data, width: 32, height: 32, bitsPerPixel: .four)
        for (x, y) in holes {
            XCTAssertEqual(rgba(out, x, y)[3], 0)
            XCTAssertGreaterThan(rgba(out, x + 1, y)[3], 200)
        }
    }

    func testTinyLevelsEncodeAtMinimumSize() throws {
        for bpp in PVRTCBitsPerPixel.allCases {
            for side in [1, 2, 4, 8] {
                let img = PVRTCImage(width: side, height: side, fill: (10, 200, 90, 255))
                let out = try roundTrip(img, bpp, .fast)
                XCTAssertEqual(out.width, side)
                XCTAssertEqual(rgba(out, side - 1, side - 1)[1], 200, accuracy: 4)
            }
        }
    }

    func testRectangularLevelsRoundTrip() throws {
        // Rectangular power-of-two levels (the decoder and encoder allow them; files do not).
        let big = syntheticImage(size: 64)
        for (w, h) in [(64, 16), (16, 64), (64, 8)] {
            var px: [UInt8] = []
            for y in 0..<h { px += big.pixels[(y * 64 * 4)..<(y * 64 * 4 + w * 4)] }
            let img = PVRTCImage(width: w, height: h, pixels: px)
            for bpp in PVRTCBitsPerPixel.allCases {
                XCTAssertGreaterThan(PVRTCQuality.psnr(img, try roundTrip(img, bpp, .normal)), 25, "\(w)×\(h) \(bpp)")
            }
        }
    }

    func testRejectsNonPowerOfTwo() {
        XCTAssertThrowsError(try PVRTCEncoder().encode(PVRTCImage(width: 48, height: 48))) { e in
            XCTAssertEqual(e as? PVRTCError, .unsupportedSize(width: 48, height: 48, reason: "not a power of two"))
        }
    }
}
