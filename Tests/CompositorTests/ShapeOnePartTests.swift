// Issue 12 item 4: a shape layer's fill and stroke are one part, so below
// opacity 1 the stroke covers the fill and the fill never shows through it.
// Black fill and black stroke at 0.5 over white give 127.5 everywhere they
// draw (faded separately, the stroke's inner half would be 63.75); a window
// pass (`shapeContent`) is used only when fill and stroke overlap.

import XCTest
import Rendering

final class ShapeOnePartTests: XCTestCase {
    func scene(_ layer: String) -> String {
        ##"{"canvas":{"width":60,"height":40,"scale":1,"backgroundColor":"#FFFFFF"},"sublayers":[\##(layer)]}"##
    }

    func shapeContentPasses(_ json: String) throws -> [Int] {
        try ContractPixels.render(json).map { $0.1.plan.passes.filter { $0.reason == .shapeContent }.count }
    }

    /// A 20 × 20 square at (10, 10), stroked 4 wide (2 outside, 2 inside the path).
    func testStrokeCoversTheFillOfARectPrimitive() throws {
        let json = scene(##"{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#000000","lineWidth":4,"opacity":0.5}"##)
        try ContractPixels.assertRed(json, [(7, 20, 255), (8, 20, 127.5), (9, 20, 127.5), (10, 20, 127.5),
                                            (11, 20, 127.5), (12, 20, 127.5), (20, 20, 127.5), (31, 20, 127.5), (32, 20, 255)])
        XCTAssertEqual(try shapeContentPasses(json).allSatisfy { $0 == 1 }, true)
    }

    func testStrokeCoversTheFillOfATrapezoidFill() throws {
        // Not a rect primitive (an extra vertex on the left edge): trapezoids.
        let json = scene(##"{"type":"shape","frame":[10,10,20,20],"path":"M 0 0 L 20 0 L 20 20 L 0 20 L 0 10 Z","fillColor":"#000000","strokeColor":"#000000","lineWidth":4,"opacity":0.5}"##)
        try ContractPixels.assertRed(json, [(8, 15, 127.5), (10, 15, 127.5), (11, 15, 127.5), (20, 15, 127.5),
                                            (28, 15, 127.5), (29, 15, 127.5), (31, 15, 127.5), (32, 15, 255)])
    }

    func testOpacityFromANonGroupAncestorFadesFillAndStrokeTogether() throws {
        let json = scene(##"{"frame":[0,0,60,40],"opacity":0.5,"allowsGroupOpacity":false,"sublayers":[{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#000000","lineWidth":4}]}"##)
        try ContractPixels.assertRed(json, [(8, 20, 127.5), (11, 20, 127.5), (20, 20, 127.5)])
    }

    func testReplicatorInstanceAlphaFadesFillAndStrokeTogether() throws {
        // The instance colour's alpha 0.5 multiplies what the instance draws, once.
        let json = scene(##"{"type":"replicator","frame":[0,0,60,40],"instanceCount":1,"instanceColor":[1,1,1,0.5],"sublayers":[{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#000000","lineWidth":4}]}"##)
        try ContractPixels.assertRed(json, [(8, 20, 127.5), (11, 20, 127.5), (20, 20, 127.5)])
    }

    func testCompositedShapeKeepsItsSuperlayersClip() throws {
        // A square clip at x 0…20 cuts the shape's window: the stroke's left
        // half and the fill show at 127.5, nothing right of x = 20.
        let json = scene(##"{"frame":[0,0,20,40],"masksToBounds":true,"sublayers":[{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#000000","lineWidth":4,"opacity":0.5}]}"##)
        try ContractPixels.assertRed(json, [(8, 20, 127.5), (11, 20, 127.5), (19, 20, 127.5), (20, 20, 255), (25, 20, 255)])
    }

    func testOpaqueShapeNeedsNoPass() throws {
        let json = scene(##"{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#808080","lineWidth":4}"##)
        XCTAssertEqual(try shapeContentPasses(json).allSatisfy { $0 == 0 }, true)
        // The stroke is drawn over the fill: grey (128) on both halves.
        try ContractPixels.assertRed(json, [(8, 20, 128), (11, 20, 128), (20, 20, 0)])
    }

    func testFillOnlyOrStrokeOnlyNeedsNoPass() throws {
        let fill = scene(##"{"type":"shape","frame":[10,10,20,20],"path":"M 0 0 L 20 0 L 20 20 L 0 20 L 0 10 Z","fillColor":"#000000","opacity":0.5}"##)
        XCTAssertEqual(try shapeContentPasses(fill).allSatisfy { $0 == 0 }, true)
        try ContractPixels.assertRed(fill, [(20, 20, 127.5)])
        let stroke = scene(##"{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":null,"strokeColor":"#000000","lineWidth":4,"opacity":0.5}"##)
        XCTAssertEqual(try shapeContentPasses(stroke).allSatisfy { $0 == 0 }, true)
        try ContractPixels.assertRed(stroke, [(8, 20, 127.5), (11, 20, 127.5), (20, 20, 255)])
    }

    func testFillAndStrokeApartNeedNoPass() throws {
        // The triangle fills 0…10; the stroke is trimmed to the last 10% of
        // the length (44.14 pt), all on the open segment x 30…40 at y 0:
        // from x 35.59 to 40, 2 wide.
        let json = scene(##"{"type":"shape","frame":[10,10,40,20],"path":"M 0 0 L 10 0 L 10 10 Z M 30 0 L 40 0","fillColor":"#000000","strokeColor":"#000000","lineWidth":2,"strokeStart":0.9,"opacity":0.5}"##)
        XCTAssertEqual(try shapeContentPasses(json).allSatisfy { $0 == 0 }, true)
        try ContractPixels.assertRed(json, [(19, 12, 127.5), (47, 9, 127.5), (47, 10, 127.5)])
    }

    func testGroupOpacityAlreadyMakesOnePart() throws {
        let json = scene(##"{"type":"shape","frame":[10,10,20,20],"path":{"rect":[0,0,20,20]},"fillColor":"#000000","strokeColor":"#000000","lineWidth":4,"opacity":0.5,"sublayers":[{"frame":[0,0,1,1]}]}"##)
        XCTAssertEqual(try shapeContentPasses(json).allSatisfy { $0 == 0 }, true)
        try ContractPixels.assertRed(json, [(8, 20, 127.5), (11, 20, 127.5), (20, 20, 127.5)])
    }
}
