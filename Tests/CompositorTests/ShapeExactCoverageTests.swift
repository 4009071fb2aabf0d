// A shape layer under a 2D transform is antialiased with the exact area of
// the shape inside each pixel (PlanBuilder+ShapeMask), on both backends.
// The expected pixels come from clipping the shape's polygon, mapped to
// pixels by hand (frame, anchor point, rotation, canvas scale), against
// each pixel square (TestSupport's pixelArea), not from our trapezoids:
// black on white gives 255 × (1 − area).

import Geometry
import TestSupport
import XCTest

final class ShapeExactCoverageTests: XCTestCase {
    /// The layer's frame and rotation (degrees, clockwise on screen), at canvas scale 1.5.
    let frame = (x: 10.3, y: 10.2, w: 100.0, h: 40.0), degrees = 7.0, scale = 1.5

    func scene(_ layer: String) -> String {
        ##"{"canvas":{"width":120,"height":60,"scale":1.5,"backgroundColor":"#FFFFFF"},"sublayers":[{"type":"shape","frame":[10.3,10.2,100,40],"transform":[{"rotate":7}],"## + layer + "}]}"
    }

    /// A point of the layer's plane in canvas pixels: about the bounds' centre (the anchor point), turned, scaled.
    func pixel(_ p: Vec2) -> Vec2 {
        let a = degrees * Double.pi / 180, c = Vec2(frame.w / 2, frame.h / 2)
        let d = p - c
        let turned = Vec2(d.x * cos(a) - d.y * sin(a), d.x * sin(a) + d.y * cos(a))
        return (turned + Vec2(frame.x + frame.w / 2, frame.y + frame.h / 2)) * scale
    }

    func assertExact(_ c: ExactCoverage.Case, file: StaticString = #filePath, line: UInt = #line) throws {
        try ExactCoverage.assertMatches(scene(c.layer), region: c.region.map(pixel), file: file, line: line)
    }

    func testFillOfNearlyHorizontalEdgesIsTheCoveredArea() throws {
        // A lens of chords with edges within 12° of horizontal, turned 7°:
        // the trapezoid items lost most of these rows' antialiasing.
        try assertExact(ExactCoverage.lens)
    }

    func testStrokeOfALineIsItsRectangle() throws {
        // A 2-point butt-capped stroke from (5, 10) to (95, 14): the rectangle 1 point either side.
        try assertExact(ExactCoverage.lineStroke)
    }
}
