// The check both exact-coverage shape tests make, and the shapes they make
// it on: a black shape on white,
// rendered on both backends, against the area of `region` (already mapped
// to canvas pixels by hand) inside each pixel square (TestSupport's
// pixelArea): 255 × (1 − area), within 1 level.

import Geometry
import TestSupport
import XCTest

enum ExactCoverage {
    /// A shape layer's keys and the region it covers in its own plane.
    typealias Case = (layer: String, region: [Vec2])

    /// A lens of chords with edges within 12° of horizontal, filled black:
    /// the trapezoid items shape layers once were lost most of these rows'
    /// antialiasing.
    static let lens: Case = {
        let pts = [Vec2(2, 20), Vec2(30, 14), Vec2(60, 12.5), Vec2(90, 16), Vec2(98, 21), Vec2(70, 27),
                   Vec2(40, 28.5), Vec2(8, 25)]
        let path = "M " + pts.map { "\($0.x) \($0.y)" }.joined(separator: " L ") + " Z"
        return (##""path":""## + path + ##"","fillColor":"#000000""##, pts)
    }()

    /// A 2-point butt-capped black stroke from (5, 10) to (95, 14): the
    /// rectangle 1 point either side.
    static let lineStroke: Case = {
        let a = Vec2(5, 10), b = Vec2(95, 14)
        let d = (b - a) * (1 / (b - a).length), n = Vec2(-d.y, d.x)
        return (##""path":"M 5 10 L 95 14","fillColor":null,"strokeColor":"#000000","lineWidth":2"##,
                [a + n, b + n, b - n, a - n])
    }()

    static func assertMatches(_ scene: String, region poly: [Vec2], file: StaticString, line: UInt) throws {
        for (backend, out) in try ContractPixels.render(scene) {
            var worst = 0.0, at = (0, 0), partial = 0
            for y in 0..<out.image.height {
                for x in 0..<out.image.width {
                    let area = pixelArea(poly, x, y)
                    if area > 0.01 && area < 0.99 { partial += 1 }
                    let err = abs(Double(out.image[x, y].0) - 255 * (1 - area))
                    if err > worst { worst = err; at = (x, y) }
                }
            }
            XCTAssertGreaterThan(partial, 100, "the edges cross many pixels", file: file, line: line)
            XCTAssertLessThanOrEqual(worst, 1, "\(backend): worst at \(at)", file: file, line: line)
        }
    }
}
