// Issue 14 item 5: the hard shadow (shadowRadius 0) of a plain opaque
// (rounded) rect layer whose offset moves it by whole pixels is its
// background's own item, shifted and tinted — no offscreen pass. Checked on
// every backend: an aliased square on whole pixels has its shadow's pixels
// computed by hand (exactly the shadow colour inside, the canvas outside);
// a rounded rect's shadow is the body's coverage moved by the offset, pixel
// for pixel (a black body and a black shadow on white show the same bytes).

import XCTest
import Foundation
import Compositor

final class HardBoundsShadowTests: XCTestCase {
    func canvas(_ layer: String) -> String {
        ##"{"canvas":{"width":64,"height":64,"backgroundColor":"#FFFFFF"},"sublayers":[\##(layer)]}"##
    }

    func testAlignedSquareShadowIsTheShiftedRectInItsColour() throws {
        // Body 10…30 × 8…24, shadow (opacity 0.5, #0000FF) 16…36 × 20…36 under it.
        let json = canvas(##"{"frame":[10,8,20,16],"backgroundColor":"#000000","shadowOpacity":0.5,"##
                          + ##""shadowColor":"#0000FF","shadowRadius":0,"shadowOffset":[6,12]}"##)
        for (backend, out) in try ContractPixels.render(json) {
            XCTAssertEqual(out.plan.passes.count, 1, "\(backend): no offscreen pass")
            for y in 0..<64 {
                for x in 0..<64 {
                    let inBody = x >= 10 && x < 30 && y >= 8 && y < 24
                    let inShadow = x >= 16 && x < 36 && y >= 20 && y < 36
                    let p = out.image[x, y]
                    // White under 50% blue: (255·0.5, 255·0.5, 255) → 127.5 rounds to 127 or 128.
                    let want: (Int, Int, Int) = inBody ? (0, 0, 0) : inShadow ? (128, 128, 255) : (255, 255, 255)
                    let got = (Int(p.0), Int(p.1), Int(p.2))
                    XCTAssert(abs(got.0 - want.0) <= 1 && abs(got.1 - want.1) <= 1 && got.2 == want.2,
                              "\(backend): pixel (\(x), \(y)) is \(got), expected \(want)")
                    if abs(got.0 - want.0) > 1 || got.2 != want.2 { return }
                }
            }
        }
    }

    func testRoundedRectShadowIsTheBodyCoverageMoved() throws {
        // Body 4…28 × 4…24 (radius 8); shadow moved by (30, 34): 34…58 × 38…58, apart from the body.
        let json = canvas(##"{"frame":[4,4,24,20],"cornerRadius":8,"backgroundColor":"#000000","shadowOpacity":1,"##
                          + ##""shadowColor":"#000000","shadowRadius":0,"shadowOffset":[30,34]}"##)
        for (backend, out) in try ContractPixels.render(json) {
            XCTAssertEqual(out.plan.passes.count, 1, "\(backend): no offscreen pass")
            var fringe = 0
            for y in 0..<24 {
                for x in 0..<30 {
                    let body = out.image[x, y].0, shadow = out.image[x + 30, y + 34].0
                    if body != 0 && body != 255 { fringe += 1 }
                    XCTAssertEqual(body, shadow, "\(backend): body (\(x), \(y)) vs its shadow")
                    if body != shadow { return }
                }
            }
            XCTAssertGreaterThan(fringe, 8, "\(backend): the corners are antialiased")
        }
    }

    /// At an offset of a fraction of a pixel the hard shadow keeps its offscreen pass.
    func testFractionalOffsetKeepsTheOffscreenPass() throws {
        let json = canvas(##"{"frame":[4,4,24,20],"cornerRadius":8,"backgroundColor":"#000000","shadowOpacity":1,"##
                          + ##""shadowRadius":0,"shadowOffset":[3.5,4]}"##)
        for (backend, out) in try ContractPixels.render(json) {
            XCTAssertGreaterThan(out.plan.passes.count, 1, "\(backend)")
        }
    }
}
