// ImageDownscale: the box filter's exact area weights.

import XCTest
@testable import Images

final class ImageDownscaleTests: XCTestCase {
    func testTwoToOneAveragesEachBlock() {
        let img = Image(width: 4, height: 2, pixels: [
            0, 0, 0, 255, 100, 100, 100, 255, 10, 20, 30, 40, 30, 20, 10, 40,
            200, 200, 200, 255, 100, 100, 100, 255, 0, 0, 0, 0, 0, 0, 0, 0,
        ])
        let out = ImageDownscale.box(img, width: 2, height: 1)
        XCTAssertEqual(out.width, 2)
        XCTAssertEqual(out.height, 1)
        XCTAssertEqual(out.pixels, [100, 100, 100, 255, 10, 10, 10, 20])
    }

    func testFractionalFootprintWeights() {
        // 3 → 2: output 0 covers source 0 fully and half of 1; output 1 half of 1 and all of 2.
        let taps = ImageDownscale.taps(source: 3, target: 2)
        XCTAssertEqual(taps.map { $0.map(\.0) }, [[0, 1], [1, 2]])
        XCTAssertEqual(taps[0].map(\.1), [Float(2) / 3, Float(1) / 3])
        let img = Image(width: 3, height: 1, pixels: [0, 0, 0, 255, 90, 90, 90, 255, 255, 255, 255, 255])
        XCTAssertEqual(ImageDownscale.box(img, width: 2, height: 1).pixels, [30, 30, 30, 255, 200, 200, 200, 255])
    }

    func testNeverUpscalesAndKeepsPremultiplication() {
        var img = Image(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { let a = UInt8(x * 36); img[x, y] = (a / 2, a, a, a) } }
        XCTAssertEqual(ImageDownscale.box(img, width: 20, height: 20), img)
        let small = ImageDownscale.box(img, width: 3, height: 2)
        XCTAssertEqual(small.byteCount, 3 * 2 * 4)
        for i in stride(from: 0, to: small.pixels.count, by: 4) {
            XCTAssertLessThanOrEqual(small.pixels[i + 1], small.pixels[i + 3])
        }
    }
}

final class JPEGEncoderTests: XCTestCase {
    func testEncodeRoundTripsWithinJPEGLoss() throws {
        var img = Image(width: 33, height: 17)
        for y in 0..<17 { for x in 0..<33 { img[x, y] = (UInt8(x * 7), UInt8(y * 15), 128, 255) } }
        let bytes = try JPEG.encode(img, quality: 95)
        XCTAssertTrue(JPEG.hasSignature(bytes))
        let back = try JPEG.decode(bytes)
        XCTAssertEqual(back.width, 33)
        XCTAssertEqual(back.height, 17)
        let maxDiff = zip(back.pixels, img.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(maxDiff, 16)
    }
}
