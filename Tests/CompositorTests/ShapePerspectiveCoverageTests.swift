// A shape layer under perspective is antialiased with the exact area of the
// shape inside each pixel too (PlanBuilder+ShapeMask): a projective map
// keeps straight edges straight, so the polygon mapped to pixels by hand
// (anchor point, a turn about y under perspective, position, canvas scale)
// and clipped against each pixel square (TestSupport's pixelArea) is the
// truth. Black on white gives 255 × (1 − area).

import Foundation
import Geometry
import TestSupport
import XCTest

final class ShapePerspectiveCoverageTests: XCTestCase {
    /// The layer's frame, its turn about y (degrees) under perspective `distance`, at canvas scale 1.5.
    let frame = (x: 10.3, y: 10.2, w: 100.0, h: 40.0), degrees = 38.0, distance = 150.0, scale = 1.5

    func scene(_ layer: String) -> String {
        ##"{"canvas":{"width":120,"height":60,"scale":1.5,"backgroundColor":"#FFFFFF"},"sublayers":[{"type":"shape","frame":[10.3,10.2,100,40],"transform":[{"perspective":150},{"rotate":[38,0,1,0]}],"## + layer + "}]}"
    }

    /// A point of the layer's plane in canvas pixels. About the anchor point
    /// (the bounds' centre), CATransform3DMakeRotation about y sends (x, y, 0)
    /// to (x cos θ, y, −x sin θ); m34 = −1/d then gives w = 1 + x sin θ / d;
    /// the point lands at (X/w, Y/w) + position, times the canvas scale.
    func pixel(_ p: Vec2) -> Vec2 {
        let a = degrees * Double.pi / 180, c = Vec2(frame.w / 2, frame.h / 2)
        let d = p - c
        let w = 1 + d.x * sin(a) / distance
        let projected = Vec2(d.x * cos(a) / w, d.y / w)
        return (projected + Vec2(frame.x + frame.w / 2, frame.y + frame.h / 2)) * scale
    }

    func assertExact(_ c: ExactCoverage.Case, file: StaticString = #filePath, line: UInt = #line) throws {
        try ExactCoverage.assertMatches(scene(c.layer), region: c.region.map(pixel), file: file, line: line)
    }

    func testFillUnderPerspectiveIsTheCoveredArea() throws {
        // A lens of chords with edges within 12° of horizontal, foreshortened.
        try assertExact(ExactCoverage.lens)
    }

    func testStrokeOfALineUnderPerspectiveIsItsQuadrilateral() throws {
        // A 2-point butt-capped stroke from (5, 10) to (95, 14): the rectangle
        // 1 point either side, a quadrilateral on screen.
        try assertExact(ExactCoverage.lineStroke)
    }

    func testAShapeReachingBehindTheEyeDrawsOnlyItsPartInFront() throws {
        // A 400-point strip turned 75° about y under perspective 120: the eye's plane is
        // 124.2 points left of the anchor, so the strip's left 75.8 points lie behind the eye.
        // Mapped point by point they would land mirrored on the canvas's right (x about 184
        // to 200); clipped, the canvas shows the part in front only. Each pixel whose centre
        // and corners all fall on one side of the shape's boundary (mapped back by hand)
        // must be filled or empty.
        let scene = ##"{"canvas":{"width":200,"height":100,"backgroundColor":"#FFFFFF"},"sublayers":[{"type":"shape","frame":[-100,30,400,40],"transform":[{"perspective":120},{"rotate":[75,0,1,0]}],"path":"M 0 5 L 400 0 L 400 40 L 0 35 Z","fillColor":"#000000"}]}"##
        let a = 75 * Double.pi / 180, d = 120.0, centre = Vec2(100, 50)
        /// Whether the canvas point p shows the shape: p = (x cos, y) / w + centre with
        /// w = 1 + x sin / d, so x = X / (cos − X sin / d); in front of the eye only (w > 0).
        func inside(_ p: Vec2) -> Bool {
            let X = p.x - centre.x, Y = p.y - centre.y
            let x = X / (cos(a) - X * sin(a) / d), w = 1 + x * sin(a) / d
            guard w > 0 else { return false }
            let lx = x + 200, ly = Y * w + 20       // bounds coordinates (anchor at (200, 20))
            guard lx >= 0, lx <= 400 else { return false }
            return ly >= 5 - 5 * lx / 400 && ly <= 35 + 5 * lx / 400
        }
        for (backend, out) in try ContractPixels.render(scene) {
            var filled = 0, empty = 0, wrong: [(Int, Int)] = []
            for y in 0..<out.image.height {
                for x in 0..<out.image.width {
                    let points = [Vec2(Double(x) + 0.5, Double(y) + 0.5), Vec2(Double(x), Double(y)), Vec2(Double(x + 1), Double(y)),
                                  Vec2(Double(x), Double(y + 1)), Vec2(Double(x + 1), Double(y + 1))].map(inside)
                    guard points.allSatisfy({ $0 == points[0] }) else { continue }
                    let v = out.image[x, y].0
                    if points[0] { filled += 1; if v > 1 { wrong.append((x, y)) } } else { empty += 1; if v < 254 { wrong.append((x, y)) } }
                }
            }
            XCTAssertGreaterThan(filled, 1000, backend)
            XCTAssertTrue(wrong.isEmpty, "\(backend): \(wrong.count) pixels wrong, first \(wrong.prefix(5))")
        }
    }
}
