// Issue 12 item 3: a rasterized layer's bitmap covers exactly its local
// bounding box snapped outward to the bitmap's pixel grid (no margin), is
// drawn back as a quad of that box with clamp-to-edge sampling, antialiased
// at its edges only with allowsEdgeAntialiasing, and filtered by the
// layer's minificationFilter / magnificationFilter. Expected pixels are
// worked out by hand from GL's sampling rules (texel i's centre at i + ½).

import XCTest
import Rendering

final class RasterizedBitmapTests: XCTestCase {
    func scene(scale: Int, _ layer: String) -> String {
        ##"{"canvas":{"width":40,"height":40,"scale":\##(scale),"backgroundColor":"#FFFFFF"},"sublayers":[\##(layer)]}"##
    }

    /// The issue's repro: a 1-pt border at rasterizationScale 1 shown at 2×.
    /// Left edge at canvas pixel 20; pixel x's centre samples the bitmap at
    /// u = (x + ½ − 20) / 2 texels: 20 → 0.25 (clamped to texel 0, black),
    /// 21 → 0.75 (¾ black, ¼ clear: 64), 22 → 1.25 (¼ black: 191), and 19
    /// is outside the quad (white). Mirrored at the right edge (pixel 59).
    func testBorderRasterizedAtScaleOneShownAtTwoKeepsASharpOuterEdge() throws {
        let json = scene(scale: 2, ##"{"frame":[10,10,20,20],"borderWidth":1,"borderColor":"#000000","shouldRasterize":true}"##)
        try ContractPixels.assertRed(json, [(19, 40, 255), (20, 40, 0), (21, 40, 63.75), (22, 40, 191.25), (23, 40, 255),
                                            (60, 40, 255), (59, 40, 0), (58, 40, 63.75), (57, 40, 191.25)])
    }

    func testMagnificationFilterNearestDrawsTheBitmapBackWithNearest() throws {
        let json = scene(scale: 2, ##"{"frame":[10,10,20,20],"borderWidth":1,"borderColor":"#000000","shouldRasterize":true,"magnificationFilter":"nearest"}"##)
        try ContractPixels.assertRed(json, [(19, 40, 255), (20, 40, 0), (21, 40, 0), (22, 40, 255), (23, 40, 255)])
    }

    /// Bitmap at 2 px/pt on a 1× canvas (minification): a white layer at
    /// x = 10.125 with a black ½-pt strip at its left. Pixel 10's centre
    /// samples u = (10.5 − 10.125) × 2 = 0.75: linear mixes ¾ of texel 0
    /// (black) and ¼ of texel 1 (white) = 63.75; nearest takes texel 0.
    func testMinificationFilterChoosesTheFilterWhenTheBitmapIsMinified() throws {
        let layer = { (extra: String) in
            ##"{"frame":[10.125,10,20,20],"backgroundColor":"#FFFFFF","shouldRasterize":true,"rasterizationScale":2"##
                + extra + ##","sublayers":[{"frame":[0,0,0.5,20],"backgroundColor":"#000000"}]}"##
        }
        try ContractPixels.assertRed(scene(scale: 1, layer("")), [(10, 20, 63.75)])
        try ContractPixels.assertRed(scene(scale: 1, layer(##","magnificationFilter":"nearest""##)), [(10, 20, 63.75)])
        try ContractPixels.assertRed(scene(scale: 1, layer(##","minificationFilter":"nearest""##)), [(10, 20, 0)])
    }

    /// A black 10 × 10 layer at x = 10.25: aliased, pixel 10 (centre inside)
    /// is black through clamp-to-edge and pixel 20 (centre at 20.5, outside)
    /// is white; antialiased, they are covered ¾ and ¼.
    func testEdgesAreAntialiasedOnlyWithAllowsEdgeAntialiasing() throws {
        let layer = { (aa: Bool) in
            ##"{"frame":[10.25,10,10,10],"backgroundColor":"#000000","shouldRasterize":true,"allowsEdgeAntialiasing":\##(aa)}"##
        }
        try ContractPixels.assertRed(scene(scale: 1, layer(false)), [(10, 15, 0), (19, 15, 0), (20, 15, 255)])
        try ContractPixels.assertRed(scene(scale: 1, layer(true)), [(10, 15, 63.75), (19, 15, 0), (20, 15, 191.25)])
    }

    /// Seed 2800064 of the outside check, reduced: a hard shadow in a
    /// rasterized layer that is then enlarged. A black 10-pt layer at
    /// (10, 10) casts a cyan (red 0) shadow 1 pt up, σ = 0, at 1 px/pt on a
    /// 2× canvas. The bitmap covers local x 0…10, y −1…10 (the shadow's
    /// row is its first), so it starts at canvas pixel 20 across and 18
    /// down. Down column 30: pixel 17 is outside the quad (white, 255);
    /// 18 samples v = 0.25 texels, clamped to the shadow row (red 0); 19
    /// samples v = 0.75, shadow and black (0). Across row 30: 19 is outside
    /// (255), 20 samples u = 0.25, clamped to the black (0). A transparent
    /// margin row or column around the box would blend into those edge
    /// pixels instead (64 and 191 at rows 18 and 17, 64 at pixel 20).
    func testHardShadowInARasterizedLayerAddsNoTransparentMargin() throws {
        let json = scene(scale: 2, ##"{"frame":[10,10,10,10],"backgroundColor":"#000000","shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,-1],"shadowColor":"#00FFFF","shouldRasterize":true}"##)
        try ContractPixels.assertRed(json, [(30, 17, 255), (30, 18, 0), (30, 19, 0),
                                            (19, 30, 255), (20, 30, 0), (39, 30, 0), (40, 30, 255)])
        // A hard shadowPath shadow of the same square is the same picture: the
        // path filled (antialiased; this one covers whole pixels) and moved.
        let path = scene(scale: 2, ##"{"frame":[10,10,10,10],"backgroundColor":"#000000","shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,-1],"shadowColor":"#00FFFF","shadowPath":{"rect":[0,0,10,10]},"shouldRasterize":true}"##)
        try ContractPixels.assertRed(path, [(30, 17, 255), (30, 18, 0), (30, 19, 0),
                                            (19, 30, 255), (20, 30, 0), (39, 30, 0), (40, 30, 255)])
    }

    /// A rasterized shape's bitmap is the box of its outline as drawn, not
    /// of its control points widened for miters. Each 10-pt black shape at
    /// (10, 10), at 1 px/pt on a 2× canvas, covers local 0…10 both ways:
    /// a rect fill, the 2-pt stroke of the rect (1, 1, 8, 8) (a ring from 0
    /// to 10), and the triangle (0, 0), (10, 0), (10, 10). Pixel 19 (local
    /// −0.25) is outside the quad, white; pixel 20 (local 0.25) samples the
    /// clamped first texel, black, as does the triangle's corner pixel
    /// (38, 20) (local (9.25, 0.25), texels whose squares lie wholly in it).
    /// With a transparent margin they would read 191 and 64.
    func testShapeBitmapIsTheBoxOfItsOutline() throws {
        let shape = { (geometry: String) in
            self.scene(scale: 2, ##"{"type":"shape","frame":[10,10,10,10],"shouldRasterize":true,"##
                + geometry + "}")
        }
        try ContractPixels.assertRed(shape(##""path":{"rect":[0,0,10,10]},"fillColor":"#000000""##),
                                     [(19, 30, 255), (20, 30, 0), (30, 19, 255), (30, 20, 0), (39, 30, 0), (40, 30, 255)])
        try ContractPixels.assertRed(shape(##""path":{"rect":[1,1,8,8]},"fillColor":null,"strokeColor":"#000000","lineWidth":2"##),
                                     [(19, 30, 255), (20, 30, 0), (30, 19, 255), (30, 20, 0), (39, 30, 0), (40, 30, 255)])
        try ContractPixels.assertRed(shape(##""path":"M 0 0 L 10 0 L 10 10 Z","fillColor":"#000000""##),
                                     [(38, 19, 255), (38, 20, 0), (40, 30, 255), (39, 30, 0)])
    }

    /// The bitmap is the local box at rasterizationScale, snapped outward:
    /// 10.3 × 5 pt at 2 px/pt is 20.6 × 10 → 21 × 10 pixels; a layer at a
    /// fractional local origin (bounds x from 0.75 to 11.05) spans
    /// 1.5…22.1 bitmap pixels, snapped to 1…23: 22 wide.
    func testBitmapIsTheSnappedLocalBoxWithoutMargin() throws {
        for (layer, size) in [
            (##"{"frame":[5,5,10.3,5],"backgroundColor":"#000000","shouldRasterize":true,"rasterizationScale":2}"##, (21, 10)),
            (##"{"bounds":[0.75,0,10.3,5],"position":[10,10],"backgroundColor":"#000000","shouldRasterize":true,"rasterizationScale":2}"##, (22, 10)),
            // A hard shadow moved by whole bitmap pixels adds its own rows and nothing more:
            // 10 × 10 pt at 1 px/pt with the shadow 1 pt up and 2 pt right is 12 × 11.
            (##"{"frame":[10,10,10,10],"backgroundColor":"#000000","shadowOpacity":1,"shadowRadius":0,"shadowOffset":[2,-1],"shouldRasterize":true}"##, (12, 11)),
            // The same with the square as its shadowPath: 12 × 11; and with
            // the path from x 0.5, whose fill, moved, spans 2.5…12: pixels
            // 2…11, so 12 × 11 again (a mask off the bitmap's grid, resampled,
            // reached pixel 12 with alpha 64: 13 × 11).
            (##"{"frame":[10,10,10,10],"backgroundColor":"#000000","shadowOpacity":1,"shadowRadius":0,"shadowOffset":[2,-1],"shadowPath":{"rect":[0,0,10,10]},"shouldRasterize":true}"##, (12, 11)),
            (##"{"frame":[10,10,10,10],"backgroundColor":"#000000","shadowOpacity":1,"shadowRadius":0,"shadowOffset":[2,-1],"shadowPath":{"rect":[0.5,0,9.5,10]},"shouldRasterize":true}"##, (12, 11)),
            // A shape turned 30° about y under perspective 200 inside: its triangle's corners,
            // about its centre (−20, ∓10) and (20, 0), land at x cos 30° / w, y / w with
            // w = 1 + x sin 30° / 200: (−18.232, ∓10.526) and (16.496, 0), moved to (40, 30):
            // x 21.768…56.496, y 19.474…40.526, snapped to 21…57 × 19…41: 36 × 22.
            (##"{"frame":[0,0,100,100],"shouldRasterize":true,"sublayers":[{"type":"shape","frame":[20,20,40,20],"transform":[{"perspective":200},{"rotate":[30,0,1,0]}],"path":"M 0 0 L 40 10 L 0 20 Z","fillColor":"#000000"}]}"##, (36, 22)),
        ] {
            for (backend, out) in try ContractPixels.render(scene(scale: 1, layer)) {
                let passes = out.plan.passes.filter { $0.reason == .rasterize }
                XCTAssertEqual(passes.map { [$0.width, $0.height] }, [[size.0, size.1]], backend)
            }
        }
    }
}
