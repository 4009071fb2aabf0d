// Backing images: size at contentsScale, glyph pixels in the foreground
// colour (premultiplied), and the cache handing back the same image (and
// plan key) for the same request.

import XCTest
import Geometry
import Images
@testable import Text

final class TextRasterizerTests: XCTestCase {
    func request(_ s: String = "Hi", scale: Double = 1, color: Color = .white, width: Double = 40.5) -> TextImageRequest {
        TextImageRequest(string: s, fontPath: FontResolver.defaultFontPath, fontSize: 20, width: width, height: 30,
                         scale: scale, color: color, alignment: .left, wrapped: false, truncation: .none)
    }

    func testImageSizeIsTheBoundsAtContentsScaleRoundedUp() throws {
        let one = try TextRasterizer.render(request(scale: 1))
        XCTAssertEqual([one.width, one.height], [41, 30])
        let two = try TextRasterizer.render(request(scale: 2))
        XCTAssertEqual([two.width, two.height], [81, 60])
        XCTAssertGreaterThan(coveredPixels(two), 3 * coveredPixels(one))
    }

    func testGlyphPixelsAreTheForegroundColourPremultiplied() throws {
        let img = try TextRasterizer.render(request("H", color: Color(r: 1, g: 0, b: 0, a: 0.5)))
        var full = 0
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            let p = Array(img.pixels[i..<(i + 4)])
            XCTAssertEqual(p[1], 0); XCTAssertEqual(p[2], 0)
            XCTAssertLessThanOrEqual(p[0], p[3] + 1)
            if p[3] == 128 { full += 1; XCTAssertEqual(p[0], 128) }
        }
        XCTAssertGreaterThan(full, 20, "the stems of H are fully covered")
    }

    /// Reftest: a right-aligned line overflowing the bounds by half a pixel, so that it starts at
    /// x = −0.5, draws as the same line left-aligned (starting at 0): pen positions round to the
    /// nearest pixel with halves up, on both sides of 0. (Rounding halves away from zero put the
    /// first glyph, at −0.5, at −1 and every other one, at n + 0.5, at n + 1: the first gap a pixel wider.)
    func testOverflowingLineKeepsItsGlyphSpacingOnBothSidesOfZero() throws {
        var left = request("llllllllll", width: 200)
        let natural = try XCTUnwrap(TextRasterizer.layout(left).lines.first).width
        XCTAssertEqual(natural, natural.rounded(), "hinted advances are whole pixels")
        var right = request("llllllllll", width: natural - 0.5)
        right.alignment = .right
        XCTAssertEqual(try XCTUnwrap(TextRasterizer.layout(right).lines.first).originX, -0.5)
        left.width = natural + 10
        let l = try TextRasterizer.render(left), r = try TextRasterizer.render(right)
        XCTAssertGreaterThan(coveredPixels(r), 100)
        for y in 0..<r.height {
            for x in 0..<r.width {
                let a = r.pixels[(y * r.width + x) * 4 + 3], b = l.pixels[(y * l.width + x) * 4 + 3]
                XCTAssertEqual(a, b, "alpha at (\(x), \(y))")
                if a != b { return }
            }
        }
    }

    func testMissingFontFileIsAnError() {
        var r = request()
        r.fontPath = "/nonexistent/Font.ttf"
        XCTAssertThrowsError(try TextRasterizer.render(r))
    }

    func testCacheReusesImagesAndKeys() throws {
        let cache = TextImageCache(limitBytes: 1 << 20)
        let a = try cache.image(layer: 1, request())
        let b = try cache.image(layer: 1, request())
        XCTAssertEqual(a.key, b.key)
        XCTAssertEqual(cache.misses, 1); XCTAssertEqual(cache.hits, 1)
        let c = try cache.image(layer: 1, request("Ho"))
        XCTAssertNotEqual(a.key, c.key)
        XCTAssertNotEqual(try cache.image(layer: 2, request()).key, a.key)
    }

    func testCacheEvictsPastItsLimit() throws {
        let cache = TextImageCache(limitBytes: 41 * 30 * 4 * 2)
        for s in ["a", "b", "c", "d"] { _ = try cache.image(layer: 1, request(s)) }
        _ = try cache.image(layer: 1, request("a"))
        XCTAssertEqual(cache.misses, 5, "'a' was evicted")
        _ = try cache.image(layer: 1, request("a"))
        XCTAssertEqual(cache.hits, 1)
    }

    func coveredPixels(_ img: Image) -> Int {
        stride(from: 3, to: img.pixels.count, by: 4).filter { img.pixels[$0] > 0 }.count
    }

    func testHugeBackingImagesLowerTheirScale() {
        XCTAssertEqual(TextImageRequest.effectiveScale(width: 100, height: 50, fontSize: 20, scale: 3), 3)
        XCTAssertEqual(TextImageRequest.effectiveScale(width: 10_000, height: 10, fontSize: 20, scale: 4), 1.6384)
        let s = TextImageRequest.effectiveScale(width: 8000, height: 8000, fontSize: 20, scale: 2)
        XCTAssertLessThanOrEqual(8000 * 8000 * s * s, Double(TextRasterizer.maximumPixels) * 1.000001)
        XCTAssertEqual(TextImageRequest.effectiveScale(width: 100, height: 50, fontSize: 1000, scale: 8), 4.096)
    }
}
