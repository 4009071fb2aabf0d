// Issue 12 item 1: opacity multiplies into each part of a layer exactly
// once. Without group opacity, an offscreen pass the layer needs for
// another reason (mask, rounded clip, shadow source) is drawn back at full
// opacity. Black parts at alpha a over white give 255 × (1 − a); two parts
// at 0.5 on top of each other give 255 × 0.25 = 63.75.

import XCTest

final class OpacityOnceTests: XCTestCase {
    let head = ##"{"canvas":{"width":40,"height":40,"scale":1,"backgroundColor":"#FFFFFF"},"sublayers":["##
    let tail = "]}"

    func scene(_ layer: String) -> String { head + layer + tail }

    func testMaskWithoutGroupOpacityFadesOnce() throws {
        // The issue's repro: 191 before the fix.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,20,20],"backgroundColor":"#000000","opacity":0.5,"allowsGroupOpacity":false,
             "mask":{"frame":[0,0,20,20],"backgroundColor":"#000000"}}
            """#), [(20, 20, 127.5), (5, 5, 255)])
    }

    func testMaskOnLayerWithoutSublayersFadesOnce() throws {
        // allowsGroupOpacity true, but no sublayer: no group opacity applies.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,20,20],"backgroundColor":"#000000","opacity":0.5,
             "mask":{"frame":[0,0,20,20],"backgroundColor":"#000000"}}
            """#), [(20, 20, 127.5)])
    }

    func testOpacityPassedDownFromNonGroupAncestorFadesMaskedChildOnce() throws {
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,20,20],"opacity":0.5,"allowsGroupOpacity":false,
             "sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#000000",
                           "mask":{"frame":[0,0,20,20],"backgroundColor":"#000000"}}]}
            """#), [(20, 20, 127.5)])
    }

    func testRoundedClipWithoutGroupOpacityFadesEachPartOnce() throws {
        // Background and an opaque sublayer, each at 0.5: 255 × 0.5 × 0.5.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,20,20],"backgroundColor":"#000000","opacity":0.5,"allowsGroupOpacity":false,
             "cornerRadius":4,"masksToBounds":true,
             "sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#000000"}]}
            """#), [(20, 20, 63.75)])
    }

    func testGroupOpacityWithMaskStillFadesTheGroupOnce() throws {
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,20,20],"backgroundColor":"#000000","opacity":0.5,
             "sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#000000"}],
             "mask":{"frame":[0,0,20,20],"backgroundColor":"#000000"}}
            """#), [(20, 20, 127.5)])
    }

    func testShadowSourceIsTheBodyAtFullOpacityAndShadowFadesOnce() throws {
        // Shadow of the body's alpha (1), unblurred, 5 pt right; shadow and
        // background each at 0.5. Shadow alone 127.5, body alone 127.5, both 63.75.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,10,10],"backgroundColor":"#000000","opacity":0.5,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[5,0]}
            """#), [(12, 15, 127.5), (17, 15, 63.75), (22, 15, 127.5), (27, 15, 255)])
    }

    func testShadowOfOverlappingPartsWithoutGroupOpacity() throws {
        // Body: background and sublayer at 0.5 each (63.75). The shadow's
        // source is the body at full opacity (alpha 1), faded once: 127.5
        // alone, and under the body 255 × 0.5 × 0.5 × 0.5.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,10,10],"backgroundColor":"#000000","opacity":0.5,"allowsGroupOpacity":false,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[5,0],
             "sublayers":[{"frame":[0,0,10,10],"backgroundColor":"#000000"}]}
            """#), [(12, 15, 63.75), (17, 15, 31.875), (22, 15, 127.5)])
    }

    func testShadowAndRoundedClipWithoutGroupOpacity() throws {
        // masksToBounds clips the shadow to the bounds too: only the overlap shows it.
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,10,10],"backgroundColor":"#000000","opacity":0.5,"allowsGroupOpacity":false,
             "cornerRadius":2,"masksToBounds":true,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[5,0],
             "sublayers":[{"frame":[0,0,10,10],"backgroundColor":"#000000"}]}
            """#), [(12, 15, 63.75), (17, 15, 31.875), (22, 15, 255)])
    }

    func testMaskedShadowPathWithoutGroupOpacity() throws {
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,10,10],"backgroundColor":"#000000","opacity":0.5,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[5,0],"shadowPath":"M 0 0 L 10 0 L 10 10 L 0 10 Z",
             "mask":{"frame":[-10,-10,40,40],"backgroundColor":"#000000"}}
            """#), [(12, 15, 127.5), (17, 15, 63.75), (22, 15, 127.5)])
    }

    func testMaskedOffscreenShadowWithoutGroupOpacity() throws {
        try ContractPixels.assertRed(scene(#"""
            {"frame":[10,10,10,10],"backgroundColor":"#000000","opacity":0.5,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[5,0],
             "mask":{"frame":[-10,-10,40,40],"backgroundColor":"#000000"}}
            """#), [(12, 15, 127.5), (17, 15, 63.75), (22, 15, 127.5)])
    }
}
