// CompositorTests: a hard shadowPath shadow is "that path filled (non-zero
// rule, antialiased)" (scene-format.md), so each pixel on its edge carries
// the share of its square the moved path covers, worked out here by hand.
// The mask the path is filled into lies on the target's pixel grid; one off
// it, resampled bilinearly, smeared an edge over two pixels (a 64-level
// error each side).

import XCTest
import TestSupport

final class ShadowPathEdgeTests: XCTestCase {
    /// A black hard shadow of the rect path from x = pathX, 10 points wide
    /// less pathX, of a layer at x = layerX on a white 40 × 20 canvas.
    func scene(layerX: Double, pathX: Double, scale: Int = 1) -> String {
        ##"{"canvas":{"width":40,"height":20,"scale":\##(scale),"backgroundColor":"#FFFFFF"},"sublayers":[{"frame":[\##(layerX),5,10,10],"shadowOpacity":1,"shadowRadius":0,"shadowColor":"#000000","shadowPath":{"rect":[\##(pathX),0,\##(10 - pathX),10]}}]}"##
    }

    /// The path from local 0.5 to 10 on a layer at 10 covers canvas x 10.5
    /// to 20: pixel 10 half (red 128), 11…19 whole (0), 20 nothing (255).
    /// From a layer at 10.25: 10.75 to 20.25, pixel 10 and pixel 20 a
    /// quarter each (191). From a layer at 10.5 with the whole square:
    /// 10.5 to 20.5, a half at each end.
    func testEdgesCarryTheCoveredShare() throws {
        try ContractPixels.assertRed(scene(layerX: 10, pathX: 0.5), [(9, 10, 255), (10, 10, 128), (11, 10, 0),
                                                                     (19, 10, 0), (20, 10, 255)])
        try ContractPixels.assertRed(scene(layerX: 10.25, pathX: 0.5), [(10, 10, 191), (11, 10, 0), (19, 10, 0),
                                                                        (20, 10, 191), (21, 10, 255)])
        try ContractPixels.assertRed(scene(layerX: 10.5, pathX: 0), [(10, 10, 128), (11, 10, 0), (19, 10, 0),
                                                                     (20, 10, 128), (21, 10, 255)])
    }

    /// At canvas scale 2 the same path on the layer at 10.25 covers device
    /// x 21.5 to 40.5 (of a 80-pixel-wide target): 21 and 40 half each.
    func testEdgesAtScaleTwo() throws {
        try ContractPixels.assertRed(scene(layerX: 10.25, pathX: 0.5, scale: 2),
                                     [(20, 20, 255), (21, 20, 128), (22, 20, 0), (39, 20, 0), (40, 20, 128), (41, 20, 255)])
    }
}
