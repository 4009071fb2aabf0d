// RasterTests: the honest floor's fragment counts (NecessaryFragmentCounter)
// against counts worked out by hand from the geometry — rect areas and
// overlaps, and for the circle the pixel centres' distances to its edge —
// never from the renderer.

import Geometry
import Images
import Plan
@testable import Raster
import XCTest

final class NecessaryFragmentTests: XCTestCase {
    private let red = Fixture.bytes(255, 0, 0, 255)
    private let blue = Fixture.bytes(0, 0, 255, 255)
    private let halfGreen = Fixture.bytes(0, 128, 0, 128)

    private func count(_ items: [DrawItem], _ w: Int = 10, _ h: Int = 10) throws -> NecessaryFragments {
        try NecessaryFragmentCounter(bands: 3).count(Fixture.plan(w, h, items))
    }

    /// Two opaque 6×6 rects overlapping in a 3×3 square: the lower one's 9
    /// hidden pixels are wasted; 36 + 36 − 9 = 63 are necessary.
    func testTwoOverlappingOpaqueRects() throws {
        for blend in [BlendMode.sourceOver, .copy] {
            let n = try count([Fixture.solid(Rect(x: 0, y: 0, width: 6, height: 6), red, blend: blend),
                               Fixture.solid(Rect(x: 3, y: 3, width: 6, height: 6), blue, blend: blend)])
            XCTAssertEqual(n.written, [72, 0, 0, 0, 0, 0], "\(blend)")
            XCTAssertEqual(n.necessary, [63, 0, 0, 0, 0, 0], "\(blend)")
            XCTAssertEqual(n.wasted, 9)
        }
    }

    /// A translucent 6×6 rect over an opaque 6×6 rect, both over an opaque
    /// 10×10 background: the background's 36 pixels under the opaque rect
    /// are wasted; the translucent rect hides nothing, so the opaque rect's
    /// pixels under it (9) stay necessary.
    func testBlendedRectOverOpaqueOne() throws {
        let n = try count([Fixture.solid(Rect(x: 0, y: 0, width: 10, height: 10), blue),
                           Fixture.solid(Rect(x: 0, y: 0, width: 6, height: 6), red),
                           Fixture.solid(Rect(x: 3, y: 3, width: 6, height: 6), halfGreen)])
        XCTAssertEqual(n[.opaqueSolid], 100 - 36 + 36)
        XCTAssertEqual(n[.blendedSolid], 36)
        XCTAssertEqual(n.written, [136, 36, 0, 0, 0, 0])
        XCTAssertEqual(n.wasted, 36)
    }

    /// An opaque circle (a 12.6² rounded rect of radius 6.3 centred at
    /// (10, 10)) over an opaque 20×20 background. With an identity
    /// transform coverage is 0.5 − d (d: signed distance of the pixel centre
    /// to the circle, in pixels); a fragment is written when coverage >
    /// 0.001 (d < 0.499), replaces the pixel when its alpha byte rounds to
    /// 255 (coverage > 254.5/255, d < −0.49804), and is an edge fragment
    /// when its coverage is below 1 (d > −0.5). Full-coverage pixels hide
    /// the background; the antialiased rim (edge kind) is blended over it,
    /// except the few rim pixels whose alpha still rounds to 255, which
    /// replace it (none at this radius: no centre lies within 0.01 of −0.5).
    func testRoundedRect() throws {
        let (cx, cy, r) = (10.0, 10.0, 6.3)
        var full = 0, replacingRim = 0, blendedRim = 0
        for y in 0..<20 {
            for x in 0..<20 {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx)
                         + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot() - r
                // No centre near a threshold, so Float rounding cannot move a pixel across.
                XCTAssertGreaterThan(abs(d - 0.499), 0.01)
                XCTAssertGreaterThan(abs(d + 0.49804), 0.01)
                XCTAssertGreaterThan(abs(d + 0.5), 0.01)
                if d <= -0.5 { full += 1 } else if d < -0.49804 { replacingRim += 1 } else if d < 0.499 { blendedRim += 1 }
            }
        }
        XCTAssertEqual([full, replacingRim, blendedRim], [112, 0, 36]) // by the loop above
        let shape = Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        let n = try count([Fixture.solid(Rect(x: 0, y: 0, width: 20, height: 20), blue),
                           Fixture.solid(shape, red, shape: .roundedRect(shape, radius: r), aa: .all)], 20, 20)
        XCTAssertEqual(n.written, [400 + full, 0, 0, 0, replacingRim + blendedRim, 0])
        XCTAssertEqual(n.necessary, [400 - replacingRim, 0, 0, 0, replacingRim + blendedRim, 0])
        XCTAssertEqual(n[.edgeSolid], 36)
        XCTAssertEqual(n.wasted, full + replacingRim)
    }

    /// An edge fragment is one whose coverage is below 1, even where its
    /// alpha byte still rounds to 255 and it replaces the pixel. Over an
    /// opaque blue 4×2 background, an opaque red rect from x = 0.001 to 4
    /// antialiased on its left edge only: column 0's centre (0.5) gets
    /// coverage 0.5 + (0.5 − 0.001) = 0.999, alpha byte round(254.745) = 255
    /// — an edge fragment that replaces; columns 1–3 get coverage 1
    /// (clamped 1.999…3.999). The background's 8 pixels are all wasted.
    func testReplacingEdgeFragment() throws {
        let n = try count([Fixture.solid(Rect(x: 0, y: 0, width: 4, height: 2), blue),
                           Fixture.solid(Rect(x: 0.001, y: 0, width: 3.999, height: 2), red, aa: .left)], 4, 2)
        XCTAssertEqual(n.written, [8 + 6, 0, 0, 0, 2, 0])
        XCTAssertEqual(n.necessary, [6, 0, 0, 0, 2, 0])
        XCTAssertEqual(n.wasted, 8)
    }

    /// A textured edge: an opaque 1×1 image drawn from x = 0.5 to 4 over an
    /// opaque blue 4×1 background, antialiased on its left edge. Column 0's
    /// centre lies on that edge: coverage 0.5 + 0 = 0.5, a blended textured
    /// edge fragment over the background (both necessary); columns 1–3
    /// have coverage 1 and an opaque texel, so they replace the background.
    func testTexturedEdgeFragment() throws {
        let image = Image(width: 1, height: 1, pixels: [0, 255, 0, 255])
        var item = Fixture.textured(Rect(x: 0.5, y: 0, width: 3.5, height: 1), .image(0), filter: .nearest)
        item.aaEdges = .left
        let plan = Fixture.plan(4, 1, [Fixture.solid(Rect(x: 0, y: 0, width: 4, height: 1), blue), item],
                                images: [image])
        let n = try NecessaryFragmentCounter(bands: 1).count(plan)
        XCTAssertEqual(n.written, [4, 0, 3, 0, 0, 1])
        XCTAssertEqual(n.necessary, [1, 0, 3, 0, 0, 1])
        XCTAssertEqual(n.wasted, 3)
    }

    /// Textured items count as textured; an opaque texel replaces, a
    /// translucent one blends. A 2×1 image (left texel opaque, right
    /// half-transparent) magnified nearest onto 8×4 pixels over an opaque
    /// 8×4 background: the left 16 pixels replace it, the right 16 blend.
    func testTexelAlphaDecides() throws {
        let image = Image(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 64, 128])
        let plan = Fixture.plan(8, 4, [Fixture.solid(Rect(x: 0, y: 0, width: 8, height: 4), blue),
                                       Fixture.textured(Rect(x: 0, y: 0, width: 8, height: 4), .image(0),
                                                        filter: .nearest)],
                                images: [image])
        let n = try NecessaryFragmentCounter(bands: 2).count(plan)
        XCTAssertEqual(n.written, [32, 0, 16, 16, 0, 0])
        XCTAssertEqual(n.necessary, [16, 0, 16, 16, 0, 0])
        XCTAssertEqual(n.wasted, 16)
    }
}
