// The canvas backgroundColor fills the whole output image. The output is
// round(side × scale) pixels, so where side × scale ends in exactly .5
// (257 points at scale 1.5: 385.5 → 386 pixels) the root's bounds stop on
// the centres of the last column's pixels; found by scripts/outside-scenes,
// where Skia's canvas clear filled that column and the root's aliased
// background left it transparent. Expected values: the colour itself.

import XCTest

final class CanvasFillTests: XCTestCase {
    func testBackgroundFillsTheLastRowAndColumnAtHalfPixelSizes() throws {
        let json = ##"{"canvas":{"width":257,"height":129,"scale":1.5,"backgroundColor":"#FE04E3"}}"##
        for (backend, out) in try ContractPixels.render(json) {
            XCTAssertEqual(out.image.width, 386, backend)
            XCTAssertEqual(out.image.height, 194, backend)
            for (x, y) in [(0, 0), (385, 0), (0, 193), (385, 193), (200, 193), (385, 100)] {
                let p = out.image[x, y]
                XCTAssertEqual([p.0, p.1, p.2, p.3], [0xFE, 0x04, 0xE3, 0xFF], "\(backend) pixel (\(x), \(y))")
            }
        }
    }

    func testTranslucentBackgroundFillsEveryPixelOnce() throws {
        // Half-transparent grey on the transparent output, once: premultiplied round(128 × 128 / 255) = 64, alpha 128.
        let json = ##"{"canvas":{"width":21,"height":7,"scale":0.5,"backgroundColor":"#80808080"}}"##
        for (backend, out) in try ContractPixels.render(json) {
            XCTAssertEqual(out.image.width, 11, backend)  // 10.5 → 11
            XCTAssertEqual(out.image.height, 4, backend)  // 3.5 → 4
            for y in 0..<4 {
                for x in 0..<11 {
                    let p = out.image[x, y]
                    XCTAssertEqual([p.0, p.1, p.2, p.3], [64, 64, 64, 128], "\(backend) pixel (\(x), \(y))")
                }
            }
        }
    }
}
