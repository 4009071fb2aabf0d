// RasterTests: texture sampling with GL ES conventions — nearest and
// linear at known texel positions, clamp to edge, and perspective-correct
// mapping checked against the analytically inverted homography.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class SamplingTests: XCTestCase {
    /// A 4×4 opaque texture; channels are multiples of 16 so every bilinear
    /// mix with weights ¼ and ¾ is an exact integer.
    static let texture: Image = {
        var img = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { img[x, y] = (UInt8(x * 64), UInt8(y * 64), UInt8(16 * (x + y)), 255) } }
        return img
    }()

    func testNearestMagnificationRepeatsTexels() throws {
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 8, height: 8), .image(0), filter: .nearest)
        let (img, _) = try Fixture.render(Fixture.plan(8, 8, [item], images: [Self.texture]))
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(img.px(x, y), Self.texture.px(x / 2, y / 2), "\(x),\(y)") } }
    }

    func testLinearMagnificationAtKnownPositions() throws {
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 8, height: 8), .image(0), filter: .linear)
        let (img, _) = try Fixture.render(Fixture.plan(8, 8, [item], images: [Self.texture]))
        // Pixel x samples u·4 − ½ = x/2 − ¼: pixel 0 → texel 0 (clamped), pixel 1 → ¾·t0 + ¼·t1,
        // pixel 2 → ¼·t0 + ¾·t1, …, pixel 7 → texel 3 (clamped).
        XCTAssertEqual(img.px(0, 0), [0, 0, 0, 255])
        XCTAssertEqual(img.px(1, 0), [16, 0, 4, 255])       // r: ¼·64; b: ¼·16
        XCTAssertEqual(img.px(2, 0), [48, 0, 12, 255])
        XCTAssertEqual(img.px(7, 7), [192, 192, 96, 255])
        XCTAssertEqual(img.px(3, 5), [80, 144, 56, 255])    // x: ¾·t1 + ¼·t2, y: ¾·t2 + ¼·t3
    }

    func testNearestClampsToEdgeOutsideUnitSquare() throws {
        // uv spans −0.5…1.5 over 8 pixels: u = (x + ½)/4 − ½.
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 8, height: 8), .image(0),
                                    uvRect: Rect(x: -0.5, y: -0.5, width: 2, height: 2), filter: .nearest)
        let (img, _) = try Fixture.render(Fixture.plan(8, 8, [item], images: [Self.texture]))
        for y in 0..<8 {
            for x in 0..<8 {
                func index(_ p: Int) -> Int { min(max(Int((((Double(p) + 0.5) / 4 - 0.5) * 4).rounded(.down)), 0), 3) }
                XCTAssertEqual(img.px(x, y), Self.texture.px(index(x), index(y)), "\(x),\(y)")
            }
        }
        XCTAssertEqual(img.px(0, 0), Self.texture.px(0, 0))
        XCTAssertEqual(img.px(7, 7), Self.texture.px(3, 3))
    }

    func testLinearClampsToEdgeOutsideUnitSquare() throws {
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 8, height: 8), .image(0),
                                    uvRect: Rect(x: -1, y: -1, width: 3, height: 3), filter: .linear)
        let (img, _) = try Fixture.render(Fixture.plan(8, 8, [item], images: [Self.texture]))
        // Corners sample far outside: pure edge texels.
        XCTAssertEqual(img.px(0, 0), Self.texture.px(0, 0))
        XCTAssertEqual(img.px(7, 0), Self.texture.px(3, 0))
        XCTAssertEqual(img.px(0, 7), Self.texture.px(0, 3))
        XCTAssertEqual(img.px(7, 7), Self.texture.px(3, 3))
    }

    func testOpacityScalesTexels() throws {
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 4, height: 4), .image(0), filter: .nearest, opacity: 0.5)
        let (img, _) = try Fixture.render(Fixture.plan(4, 4, [item], images: [Self.texture]))
        // texel (2, 1) = (128, 64, 48, 255) · 0.5 → (64, 32, 24, 127.5 → 128)
        XCTAssertEqual(img.px(2, 1), [64, 32, 24, 128])
    }

    /// A 16×16 texture of unique texels drawn under a perspective map: the
    /// texel seen at each pixel centre equals the one found by inverting the
    /// map analytically (in Double), except where the centre lies within
    /// 1e-3 texel of a texel boundary.
    func testPerspectiveCorrectTextureMapping() throws {
        var tex = Image(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { tex[x, y] = (UInt8(x * 16), UInt8(y * 16), 0, 255) } }
        // local (0…16)² → screen, with a real projective term.
        let h = Homography(3.2, 0.3, 0.004, -0.5, 2.8, 0.012, 8, 6, 1)
        let item = Fixture.textured(Rect(x: 0, y: 0, width: 16, height: 16), .image(0), filter: .nearest,
                                    transform: h.transform3D)
        let (img, _) = try Fixture.render(Fixture.plan(64, 64, [item], images: [tex]))
        let inv = try XCTUnwrap(h.inverse)
        var checked = 0
        for y in 0..<64 {
            for x in 0..<64 where img[x, y].3 == 255 {
                let l = inv.apply(Vec2(Double(x) + 0.5, Double(y) + 0.5))
                let fx = l.x - l.x.rounded(.down), fy = l.y - l.y.rounded(.down)
                guard min(fx, 1 - fx, fy, 1 - fy) > 1e-3, l.x > 0, l.y > 0, l.x < 16, l.y < 16 else { continue }
                XCTAssertEqual(Int(img[x, y].0) / 16, Int(l.x), "u at \(x),\(y)")
                XCTAssertEqual(Int(img[x, y].1) / 16, Int(l.y), "v at \(x),\(y)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        // An affine (screen-linear) interpolation would miss: the map really is projective here.
        let mid = h.apply(Vec2(8, 8))
        let affineMid = (h.apply(Vec2(0, 0)) + h.apply(Vec2(16, 16))) * 0.5
        XCTAssertGreaterThan((mid - affineMid).length, 2)
    }

    func testSamplingFromAnEarlierPassByID() throws {
        // Pass ids deliberately differ from indices: offscreen id 7, canvas id 3.
        let off = RenderPass(id: 7, width: 4, height: 4, reason: .groupOpacity, layerName: "g",
                             clear: Fixture.bytes(0, 0, 0, 0),
                             content: .draw([Fixture.solid(Rect(x: 0, y: 0, width: 2, height: 4),
                                                           Fixture.bytes(200, 100, 0, 255))]))
        let canvas = RenderPass(id: 3, width: 4, height: 4, reason: .canvas, layerName: nil,
                                clear: Fixture.bytes(0, 0, 0, 255),
                                content: .draw([Fixture.textured(Rect(x: 0, y: 0, width: 4, height: 4), .pass(7),
                                                                 filter: .nearest)]))
        let plan = RenderPlan(width: 4, height: 4, passes: [off, canvas], images: [], layerNames: ["g"])
        let (img, stats) = try Fixture.render(plan)
        XCTAssertEqual(img.px(0, 0), [200, 100, 0, 255])
        XCTAssertEqual(img.px(3, 0), [0, 0, 0, 255])
        XCTAssertEqual(stats.perPass.map(\.id), [7, 3])
    }

    func testBilinearWeightQuantization() {
        XCTAssertEqual(quantizeBilinearWeight(0.5 + 1.0 / 1024, scale: 256), 0.5)
        XCTAssertEqual(quantizeBilinearWeight(0.999, scale: 256), 255.0 / 256)
        XCTAssertEqual(quantizeBilinearWeight(0.3, scale: 0), 0.3)
    }
}
