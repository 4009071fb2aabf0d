// RasterTests: DrawItem.opaqueInterior — the opaque middle of a blended
// rounded rect that the GPU executor draws first under the depth test. Its
// promise is what makes that reordering leave every pixel unchanged: each
// pixel the interior draws, the whole item draws with the item's colour
// exactly (coverage 1, alpha 1), under any affine transform.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import Raster

final class OpaqueInteriorTests: XCTestCase {
    /// The inset worked out by hand for an unscaled 100×60 card of radius 15:
    /// margin √2 (the identity's Frobenius norm), corner inset 15 − (15 − √2)/√2.
    func testInsetOfAnUnscaledCard() throws {
        let r = Rect(x: 10, y: 20, width: 100, height: 60)
        let item = DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(Fixture.bytes(10, 20, 30, 255)),
                            shape: .roundedRect(r, radius: 15), aaEdges: .all)
        let inner = try XCTUnwrap(item.opaqueInterior)
        let k = 15 - (15 - 2.0.squareRoot()) / 2.0.squareRoot()
        XCTAssertEqual(inner.rect.minX, 10 + k, accuracy: 1e-12)
        XCTAssertEqual(inner.rect.minY, 20 + k, accuracy: 1e-12)
        XCTAssertEqual(inner.rect.width, 100 - 2 * k, accuracy: 1e-12)
        XCTAssertEqual(inner.rect.height, 60 - 2 * k, accuracy: 1e-12)
        XCTAssertEqual(inner.blend, .copy)
        XCTAssertEqual(inner.aaEdges, [])
        // Translucent, tinted, clipped, textured or perspective items have none.
        var translucent = item
        translucent.paint = .solid(Fixture.bytes(10, 20, 30, 254))
        XCTAssertNil(translucent.opaqueInterior)
        var clipped = item
        clipped.clip = [Vec2(0, 0), Vec2(200, 0), Vec2(0, 200)]
        XCTAssertNil(clipped.opaqueInterior)
        var tinted = item
        tinted.tint = Fixture.bytes(255, 255, 255, 255)
        XCTAssertNil(tinted.opaqueInterior)
        var projected = item
        projected.transform.m14 = 0.001
        XCTAssertNil(projected.opaqueInterior)
    }

    /// Random rounded rects under rotations, skews and non-uniform scales:
    /// every pixel the interior writes, the whole item writes with the same
    /// bytes, and drawing interior then item over a noisy backdrop changes
    /// no byte against drawing the item alone.
    func testInteriorPixelsAreWrittenExactlyByTheWholeItem() throws {
        var rng = SplitMix64(seed: 14)
        var checked = 0
        for _ in 0..<60 {
            let w = 8 + rng.next(80), h = 8 + rng.next(60)
            let r = Rect(x: -w / 2, y: -h / 2, width: w, height: h)
            let radius = rng.next(min(w, h) / 2)
            let color = Fixture.bytes(Int(rng.next(255)), Int(rng.next(255)), Int(rng.next(255)), 255)
            let m = Transform3D.scale(0.3 + rng.next(2.5), 0.3 + rng.next(2.5))
            var skew = Transform3D.identity
            skew.m21 = rng.next(1.2) - 0.6
            let t = m.concatenating(skew).concatenating(.rotation(rng.next(6.3), 0, 0, 1))
                .concatenating(.translation(48 + rng.next(1), 40 + rng.next(1)))
            let item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(color),
                                shape: .roundedRect(r, radius: radius), aaEdges: .all)
            guard let inner = item.opaqueInterior else { continue }
            checked += 1
            let (alone, _) = try Fixture.render(Fixture.plan(96, 80, [item]))
            let (interior, _) = try Fixture.render(Fixture.plan(96, 80, [inner]))
            var written = 0
            for y in 0..<80 {
                for x in 0..<96 where interior.px(x, y) != [0, 0, 0, 0] {
                    written += 1
                    XCTAssertEqual(alone.px(x, y), interior.px(x, y), "pixel \(x),\(y) of \(item.rect) r \(radius)")
                }
            }
            XCTAssertGreaterThan(written, 0)
            let backdrop = (0..<12).map { i in
                Fixture.solid(Rect(x: Double(i * 8), y: Double(i * 5), width: 30, height: 25),
                              Fixture.bytes(i * 20, 90, 200 - i * 10, 100 + i * 12),
                              shape: .roundedRect(Rect(x: Double(i * 8), y: Double(i * 5), width: 30, height: 25),
                                                  radius: 6), aa: .all)
            }
            let (painter, _) = try Fixture.render(Fixture.plan(96, 80, backdrop + [item]))
            let (split, _) = try Fixture.render(Fixture.plan(96, 80, backdrop + [inner, item]))
            XCTAssertEqual(painter.pixels, split.pixels)
        }
        XCTAssertGreaterThan(checked, 30)
    }
}

private extension SplitMix64 {
    /// A Double in 0 ..< `bound`.
    mutating func next(_ bound: Double) -> Double { unit() * bound }
}
