// `--debug bounds`: every visible layer's bounds outlined in cyan and its
// anchor point marked in magenta, following the layer's map to the canvas
// (a rotated layer gets a rotated outline); hidden layers get none; the
// pixels away from the outlines are those of the plain render.

import XCTest
import Compositor

final class DebugBoundsTests: XCTestCase {
    func scene(rotated: Bool) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        root.position = Vec2(50, 40)
        root.backgroundColor = Color(r: 0.2, g: 0.2, b: 0.2, a: 1)
        let card = Layer()
        card.frame = Rect(x: 20, y: 20, width: 40, height: 30)
        card.backgroundColor = Color(r: 1, g: 1, b: 1, a: 1)
        if rotated { card.transform = Transform3D.rotation(.pi / 2, 0, 0, 1) }
        root.addSublayer(card)
        let hidden = Layer()
        hidden.frame = Rect(x: 70, y: 5, width: 20, height: 20)
        hidden.isHidden = true
        root.addSublayer(hidden)
        return root
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.0), Int(p.1), Int(p.2)]
    }

    func isCyan(_ c: [Int]) -> Bool { c[0] < 140 && c[1] > 170 && c[2] > 200 }  // not white (255), not grey (51)

    func testOutlinesFollowTheLayerAndMarkTheAnchor() throws {
        let renderer = try Renderer(backend: .cpu)
        let plain = try renderer.renderFrame(root: scene(rotated: false), time: nil, rasterCache: false).image
        let debug = try renderer.renderFrame(root: scene(rotated: false), time: nil, debug: .bounds,
                                             rasterCache: false).image
        // The card spans x 20…60, y 20…50: its top edge at y = 20, left edge at x = 20.
        XCTAssertTrue(isCyan(rgb(debug, 30, 20)), "\(rgb(debug, 30, 20))")
        XCTAssertTrue(isCyan(rgb(debug, 20, 35)), "\(rgb(debug, 20, 35))")
        XCTAssertTrue(isCyan(rgb(debug, 59, 40)) || isCyan(rgb(debug, 60, 40)), "right edge")
        // Anchor point at the centre (40, 35): magenta.
        XCTAssertEqual(rgb(debug, 40, 35), [255, 0, 255])
        // Inside, away from the marks: the plain render.
        XCTAssertEqual(rgb(debug, 30, 28), rgb(plain, 30, 28))
        // The hidden layer's box (x 70…90, y 5…25) stays as it was.
        XCTAssertEqual(rgb(debug, 80, 5), rgb(plain, 80, 5))
        XCTAssertEqual(rgb(debug, 70, 15), rgb(plain, 70, 15))
    }

    func testARotatedLayerGetsARotatedOutline() throws {
        let renderer = try Renderer(backend: .cpu)
        // Turned 90° about its centre (40, 35): the 40 × 30 card spans x 25…55, y 15…55.
        let debug = try renderer.renderFrame(root: scene(rotated: true), time: nil, debug: .bounds,
                                             rasterCache: false).image
        XCTAssertTrue(isCyan(rgb(debug, 40, 15)), "top edge of the turned card: \(rgb(debug, 40, 15))")
        XCTAssertTrue(isCyan(rgb(debug, 25, 30)), "left edge of the turned card: \(rgb(debug, 25, 30))")
        XCTAssertFalse(isCyan(rgb(debug, 30, 20)), "no outline where the unturned top edge was")
        XCTAssertEqual(rgb(debug, 40, 35), [255, 0, 255])
    }
}
