// The check both exact-coverage shape tests make: a black shape on white,
// rendered on both backends, against the area of `region` (already mapped
// to canvas pixels by hand) inside each pixel square (TestSupport's
// pixelArea): 255 × (1 − area), within 1 level.

import Geometry
import TestSupport
import XCTest

enum ExactCoverage {
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
