// A rounded rect with one radius per corner whose radii fill a side
// completely (they were scaled down to fit, CSS's rule) has no straight
// edge there, and the stroke joins the corner that follows as the format
// says. Found by scripts/outside-scenes (seed 6000243 of its extras): with
// radii [0, 2.89, 70.01, 0] on a rect 53.78 wide, the bottom-right radius
// scales to the whole width, and the bottom edge from x1 − br to x0 + bl
// came out 2.7e-15 points long pointing right, against the arc arriving
// heading left. The stroker joined that reversal, and the 90° miter at the
// bottom-left corner lost its outer square (a notch 6 pixels wide).
// Expected values by hand: the miter at a square corner fills the square
// of half the line width around it, so every pixel wholly inside
// [x0 − 3, x0 + 3] × [y1 − 3, y1 + 3] is the stroke's black.

import XCTest

final class CornerRadiiStrokeTests: XCTestCase {
    func scene(_ radii: String, join: String = "miter") -> String {
        ##"{"canvas":{"width":80,"height":140,"scale":1,"backgroundColor":"#FFFFFF"},"sublayers":[{"frame":[0,0,80,140],"type":"shape","fillColor":null,"strokeColor":"#000000","lineWidth":6,"lineJoin":""## + join
            + ##"","path":{"roundedRect":[7.94,10.6,53.78,112.62],"cornerRadii":"## + radii + "}}]}"
    }

    func testAMiterAfterASideTheRadiiFillHasItsSquare() throws {
        // x0 = 7.94, y1 = 123.22: pixel columns 5…9 and rows 121…125 lie wholly in the square.
        let square = (5...9).flatMap { x in (121...125).map { (x, $0, 0.0) } }
        try ContractPixels.assertRed(scene("[0, 2.89, 70.01, 0]"), square)
        // The same corner with the bottom edge left whole (no radius reaches it) for comparison.
        try ContractPixels.assertRed(scene("[0, 2.89, 20, 0]"), square)
    }

    func testATopSideTheRadiiFillJoinsItsCornerToo() throws {
        // Mirrored along the path: top-left and top-right fill the top side (scaled down: 60 + 40 >
        // 53.78), and the left side runs straight into the square bottom-left corner; the top-left
        // arc ends on the left side, whose band x0 − 3…x0 + 3 stays solid down to the corner.
        let band = (5...9).flatMap { x in (100...125).map { (x, $0, 0.0) } }
        try ContractPixels.assertRed(scene("[60, 40, 0, 0]"), band)
    }
}
