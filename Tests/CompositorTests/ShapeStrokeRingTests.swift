// The stroke of a rect, rounded rect or circle path keeps its antialiasing
// wherever its straight edges fall (PlanBuilder.strokeRing). Found by
// scripts/outside-scenes: a 1-point stroke of a rounded rect at scale 1.5
// has its top edge between 14.25 and 15.75 pixels, so rows 14 and 15 are
// each three quarters covered; the trapezoids drew both rows solid, because
// the corners' curve vertices cut the straight band into slabs and the
// pixel centres fell in slabs away from the edge. Expected values are the
// covered areas, worked by hand: black on white gives 255 × (1 − area).

import XCTest

final class ShapeStrokeRingTests: XCTestCase {
    func scene(radius: Double, lineWidth: Double = 1, join: String = "miter") -> String {
        ##"{"canvas":{"width":80,"height":40,"scale":1.5,"backgroundColor":"#FFFFFF"},"sublayers":[{"frame":[10,10,34,11],"type":"shape","fillColor":null,"strokeColor":"#000000","lineWidth":"## + "\(lineWidth)"
            + ##","lineJoin":""## + join + ##"","path":{"roundedRect":[0,0,34,11],"cornerRadius":"## + "\(radius)" + "}}]}"
    }

    func testStraightEdgesOfARoundedRectStrokeAreAntialiased() throws {
        // Path top y = 10 pt = 15 px, stroke 14.25…15.75; bottom y = 21 pt = 31.5 px, stroke 30.75…32.25.
        for radius in [1.32, 4, 0] {
            for (backend, column) in try ContractPixels.row(scene(radius: radius), y: 14, 40...40)
                + ContractPixels.row(scene(radius: radius), y: 15, 40...40) {
                XCTAssertEqual(Double(column[0]), 63.75, accuracy: 1, "\(backend) radius \(radius), top rows")
            }
            for (backend, column) in try ContractPixels.row(scene(radius: radius), y: 30, 40...40)
                + ContractPixels.row(scene(radius: radius), y: 32, 40...40) {
                XCTAssertEqual(Double(column[0]), 191.25, accuracy: 1, "\(backend) radius \(radius), bottom fringe")
            }
        }
    }

    func testAStrokeTooRoundOrNotMiteredStillDrawsItsBand() throws {
        // Radius below half the width (0.3 < 1) and a bevelled plain rect keep the trapezoids:
        // the middle of the top band (path at 15 px, stroke 13.5…16.5) is solid either way.
        for json in [scene(radius: 0.3, lineWidth: 2), scene(radius: 0, lineWidth: 2, join: "bevel")] {
            for (backend, column) in try ContractPixels.row(json, y: 14, 40...40) {
                XCTAssertEqual(column[0], 0, "\(backend): \(json)")
            }
        }
    }
}
