// ShapeMask's tiles against tilings written out by hand: which tiles are
// left out (no coverage), which are full (alpha 255 everywhere) and the
// clipped sizes at the right and bottom edges.

import XCTest
import Images
@testable import Rendering

final class ShapeMaskTilesTests: XCTestCase {
    /// A width × height mask whose alpha is `alpha(x, y)` (premultiplied white).
    func mask(_ width: Int, _ height: Int, _ alpha: (Int, Int) -> UInt8) -> Image {
        var img = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha(x, y)
                for c in 0..<4 { img.pixels[(y * width + x) * 4 + c] = a }
            }
        }
        return img
    }

    func testEmptyFullAndPartialTilesOfA5x3MaskIn2PixelTiles() {
        // Columns 0–1 full, 2–3 empty, 4 one partial pixel at the bottom row.
        //   tiles: (0,0) 2×2, (2,0) 2×2, (4,0) 1×2, (0,2) 2×1, (2,2) 2×1, (4,2) 1×1
        let m = ShapeMask(mask(5, 3) { x, y in
            if x < 2 { return 255 }
            if x == 4 && y == 2 { return 7 }
            return 0
        }, tile: 2)
        XCTAssertEqual(m.tiles, [
            ShapeMask.Tile(x: 0, y: 0, width: 2, height: 2, full: true),
            ShapeMask.Tile(x: 0, y: 2, width: 2, height: 1, full: true),
            ShapeMask.Tile(x: 4, y: 2, width: 1, height: 1, full: false),
        ])
    }

    func testOneUncoveredPixelKeepsATileFromBeingFull() {
        // 4×4 in 4-pixel tiles: all 255 but the last pixel (254), then (0).
        for last: UInt8 in [254, 0] {
            let m = ShapeMask(mask(4, 4) { x, y in x == 3 && y == 3 ? last : 255 }, tile: 4)
            XCTAssertEqual(m.tiles, [ShapeMask.Tile(x: 0, y: 0, width: 4, height: 4, full: false)], "last \(last)")
        }
        // A tile whose only coverage is its first pixel is drawn, through the mask.
        let one = ShapeMask(mask(4, 4) { x, y in x == 0 && y == 0 ? 1 : 0 }, tile: 4)
        XCTAssertEqual(one.tiles, [ShapeMask.Tile(x: 0, y: 0, width: 4, height: 4, full: false)])
        XCTAssertEqual(ShapeMask(mask(4, 4) { _, _ in 0 }, tile: 4).tiles, [])
    }

    func testEveryPixelOfA70x33MaskIsInExactlyOneTileAndEveryCoveredPixelIsDrawn() {
        // A diagonal band: coverage where 10 ≤ x − y ≤ 30, full inside by a pixel.
        let alpha: (Int, Int) -> UInt8 = { x, y in
            let d = x - y
            if d < 10 || d > 30 { return 0 }
            return d == 10 || d == 30 ? 128 : 255
        }
        let m = ShapeMask(mask(70, 33, alpha), tile: 32)
        var seen = [Int](repeating: 0, count: 70 * 33)
        for t in m.tiles {
            var low = 255, high = 0
            for y in Int(t.y)..<Int(t.y + t.height) {
                for x in Int(t.x)..<Int(t.x + t.width) {
                    seen[y * 70 + x] += 1
                    low = min(low, Int(alpha(x, y))); high = max(high, Int(alpha(x, y)))
                }
            }
            XCTAssertGreaterThan(high, 0, "tile \(t) drawn with no coverage")
            XCTAssertEqual(t.full, low == 255, "tile \(t)")
        }
        for y in 0..<33 {
            for x in 0..<70 where alpha(x, y) != 0 {
                XCTAssertEqual(seen[y * 70 + x], 1, "pixel (\(x), \(y))")
            }
        }
        XCTAssertTrue(seen.allSatisfy { $0 <= 1 })
    }
}
