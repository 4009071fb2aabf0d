// RasterTests: the output merger — clear quantization, premultiplied
// source-over on 8-bit values (with Image.mul255's rounding) and in Float,
// and copy.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class BlendTests: XCTestCase {
    let full = Rect(x: 0, y: 0, width: 2, height: 2)

    func testClearIsRoundedToBytes() throws {
        let (img, _) = try Fixture.render(Fixture.plan(2, 2, [], clear: PremultipliedColor(r: 0.2, g: 0.4, b: 0.6, a: 1)))
        XCTAssertEqual(img.px(1, 1), [51, 102, 153, 255])
    }

    func testSourceOverOnOpaqueDestination() throws {
        // s = (80, 20, 0, 128) over d = (51, 102, 153, 255):
        // s + mul255(d, 127) = (80 + 25, 20 + 51, 0 + 76, 128 + 127).
        let plan = Fixture.plan(2, 2, [Fixture.solid(full, Fixture.bytes(80, 20, 0, 128))],
                                clear: Fixture.bytes(51, 102, 153, 255))
        let (img, _) = try Fixture.render(plan)
        XCTAssertEqual(img.px(0, 0), [105, 71, 76, 255])
    }

    func testSourceOverOnTranslucentDestination() throws {
        // s = (10, 60, 90, 100) over d = (200, 0, 40, 200): 255 − 100 = 155;
        // mul255(200,155) = 121.57 → 122, mul255(40,155) = 24.31 → 24, mul255(200,155) → 122.
        let plan = Fixture.plan(2, 2, [Fixture.solid(full, Fixture.bytes(10, 60, 90, 100))],
                                clear: Fixture.bytes(200, 0, 40, 200))
        let (img, _) = try Fixture.render(plan)
        XCTAssertEqual(img.px(1, 0), [132, 60, 114, 222])
        // Through the generic Float path (an analytic shape forces it) the result is the same.
        let shaped = Fixture.solid(full, Fixture.bytes(10, 60, 90, 100),
                                   shape: .roundedRect(Rect(x: -9, y: -9, width: 20, height: 20), radius: 0))
        let (img2, _) = try Fixture.render(Fixture.plan(2, 2, [shaped], clear: Fixture.bytes(200, 0, 40, 200)))
        XCTAssertEqual(img2.px(1, 0), [132, 60, 114, 222])
    }

    func testFloatSourceOverWhenNotQuantizingFirst() throws {
        var conv = GLConventions.llvmpipe
        conv.quantizeSourceBeforeBlend = false
        // c = (0.3, 0.1, 0, 0.5) over d = (51, 102, 153, 255)/255:
        // (0.3·255 + 51·0.5, 0.1·255 + 102·0.5, 153·0.5, 0.5·255 + 127.5) = (102, 76.5, 76.5, 255)
        // → (102, 76, 76, 255) with ties to even.
        let plan = Fixture.plan(2, 2, [Fixture.solid(full, PremultipliedColor(r: 0.3, g: 0.1, b: 0, a: 0.5))],
                                clear: Fixture.bytes(51, 102, 153, 255))
        let (img, _) = try Fixture.render(plan, conventions: conv)
        XCTAssertEqual(img[0, 0].0, 102)
        XCTAssertTrue([76, 77].contains(img[0, 0].1))   // 76.5 in exact arithmetic; Float decides the tie
        XCTAssertEqual(img[0, 0].3, 255)
    }

    func testCopyReplacesDestination() throws {
        let plan = Fixture.plan(2, 2, [Fixture.solid(full, Fixture.bytes(10, 20, 30, 40), blend: .copy)],
                                clear: Fixture.bytes(200, 200, 200, 255))
        let (img, _) = try Fixture.render(plan)
        XCTAssertEqual(img.px(0, 1), [10, 20, 30, 40])
    }

    func testLaterItemsDrawOverEarlierOnes() throws {
        let plan = Fixture.plan(4, 1, [
            Fixture.solid(Rect(x: 0, y: 0, width: 3, height: 1), Fixture.bytes(255, 0, 0, 255)),
            Fixture.solid(Rect(x: 1, y: 0, width: 3, height: 1), Fixture.bytes(0, 0, 128, 128)),
        ])
        let (img, _) = try Fixture.render(plan)
        XCTAssertEqual(img.px(0, 0), [255, 0, 0, 255])
        XCTAssertEqual(img.px(1, 0), [127, 0, 128, 255])   // 0 + mul255(255, 127) = 127
        XCTAssertEqual(img.px(3, 0), [0, 0, 128, 128])
    }

    func testInlinedMul255MatchesImageMul255Everywhere() {
        for x in UInt32(0)...255 {
            for y in UInt32(0)...255 where PixelMath.mul255(x, y) != UInt32(Image.mul255(x, y)) {
                XCTFail("mul255(\(x), \(y))")
                return
            }
        }
    }

    /// The packed source-over (four channels in 16-bit lanes, and its two-pixel
    /// span form) against the one-channel formula for every source alpha and
    /// destination byte, with source channels below, at and above the alpha
    /// (the last ones saturate at 255).
    func testPackedSourceOverMatchesTheChannelFormulaEverywhere() {
        func channels(_ p: UInt32) -> [UInt32] { [p & 255, p >> 8 & 255, p >> 16 & 255, p >> 24] }
        var spanSources: [UInt32] = [], spanDestinations: [UInt32] = []
        for sA in UInt32(0)...255 {
            for d in UInt32(0)...255 {
                let s = sA << 24 | (sA / 2) << 16 | ((sA &* 7 &+ d) & 255) << 8 | sA
                let dst = (255 &- d) << 24 | d << 16 | (d ^ 0x5A) << 8 | d
                let got = channels(PixelMath.sourceOver(s, dst))
                let want = zip(channels(s), channels(dst)).map { GLConventions.sourceOver(s: $0, sA: sA, d: $1) }
                if got != want {
                    XCTFail("sourceOver(\(String(s, radix: 16)), \(String(dst, radix: 16))): \(got) != \(want)")
                    return
                }
                if d % 37 == 0 { spanSources.append(s); spanDestinations.append(dst) }
            }
        }
        // The span form, odd and even lengths, on a row of different destinations.
        for (i, s) in spanSources.enumerated() where i % 5 == 0 {
            for count in 0...7 {
                var row = (0..<count).map { spanDestinations[(i + $0 * 13) % spanDestinations.count] }
                let want = row.map { PixelMath.sourceOver(s, $0) }
                row.withUnsafeMutableBufferPointer { b in
                    if let p = b.baseAddress { PixelMath.sourceOver(s, onto: p, count: count) }
                }
                XCTAssertEqual(row, want, "count \(count)")
            }
        }
    }

    func testUnorm8RoundsToNearest() {
        XCTAssertEqual(PixelMath.unorm8(0), 0)
        XCTAssertEqual(PixelMath.unorm8(1), 255)
        XCTAssertEqual(PixelMath.unorm8(-3), 0)
        XCTAssertEqual(PixelMath.unorm8(7), 255)
        XCTAssertEqual(PixelMath.unorm8(.nan), 0)
        XCTAssertEqual(PixelMath.unorm8(100.49 / 255), 100)
        XCTAssertEqual(PixelMath.unorm8(100.51 / 255), 101)
        for b in 0...255 { XCTAssertEqual(PixelMath.unorm8(Float(b) / 255), UInt32(b)) }
    }
}
