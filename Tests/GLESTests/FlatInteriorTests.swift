// GLESTests: flat interiors of translucent rounded rects (DrawItem
// .flatInterior, ps_flat.frag.glsl). The GLES executor draws the interior
// without coverage math, writing the item's depth, and the item itself right
// after, which the depth test then rejects on the interior: each pixel must
// be shaded by exactly one of the two, with the value the whole item alone
// writes. Checked against values worked out by hand (source-over of a byte
// colour over white, where llvmpipe's 8-bit blend is exact), not only
// against the renderer: the deep interior has the hand colour (twice
// blended, or not at all, it would not), the far outside stays white, and
// the fringe between is byte for byte the picture without the split and the
// CPU executor's.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
import Raster
@testable import GLES

final class FlatInteriorTests: XCTestCase {
    /// A premultiplied colour given by its bytes (exact through Float and back).
    static func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PremultipliedColor {
        PremultipliedColor(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: Double(a) / 255)
    }

    /// Signed distance (local units) from `p` to the rounded rect `r`, radius `radius`: negative inside.
    static func distance(_ p: Vec2, _ r: Rect, _ radius: Double) -> Double {
        let qx = abs(p.x - r.midX) - r.width / 2 + radius
        let qy = abs(p.y - r.midY) - r.height / 2 + radius
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    struct Case { var w: Double; var h: Double; var radius: Double; var transform: Transform3D }

    static let cases: [Case] = {
        let centre = Transform3D.translation(60, 50)
        func about(_ t: Transform3D, _ w: Double, _ h: Double) -> Transform3D {
            Transform3D.translation(-w / 2, -h / 2).concatenating(t).concatenating(centre)
        }
        return [
            Case(w: 70, h: 50, radius: 12, transform: about(.identity, 70, 50)),
            Case(w: 70, h: 50, radius: 12, transform: about(.translation(0.37, 0.71), 70, 50)),
            Case(w: 64, h: 40, radius: 20, transform: about(.rotation(0.3, 0, 0, 1), 64, 40)),
            Case(w: 50, h: 44, radius: 9, transform: about(.rotation(1.1, 0, 0, 1), 50, 44)),
            Case(w: 30, h: 40, radius: 8, transform: about(Transform3D.scale(2.5, 0.7).concatenating(.rotation(0.45, 0, 0, 1)), 30, 40)),
            Case(w: 120, h: 90, radius: 30, transform: about(Transform3D.scale(0.6, 0.6).concatenating(.rotation(-0.8, 0, 0, 1)), 120, 90)),
            Case(w: 60, h: 60, radius: 30, transform: about(.rotation(0.2, 0, 0, 1), 60, 60)),   // a circle
            Case(w: 80, h: 30, radius: 0, transform: about(.rotation(0.6, 0, 0, 1), 80, 30)),    // square corners
        ]
    }()

    /// One translucent rounded rect over white, at rotations and scales: the
    /// deep interior is exactly src + (255 − a) per channel, the far outside
    /// white, everything byte-equal to the unsplit picture and to the CPU's.
    func testInteriorHasTheHandColourAndNoSeams() throws {
        let gl = try GPU.executor()
        defer { gl.flatInteriors = true }
        let src = (r: 40, g: 90, b: 20, a: 110)
        let color = Self.bytes(src.r, src.g, src.b, src.a)
        let expected: [UInt8] = [UInt8(src.r + 255 - src.a), UInt8(src.g + 255 - src.a),
                                 UInt8(src.b + 255 - src.a), 255]
        for (n, c) in Self.cases.enumerated() {
            let r = Rect(x: 0, y: 0, width: c.w, height: c.h)
            let item = DrawItem(layer: 0, transform: c.transform, rect: r, paint: .solid(color),
                                shape: .roundedRect(r, radius: c.radius), aaEdges: .all)
            XCTAssertNotNil(item.flatInterior, "case \(n)")
            let plan = TestPlans.canvas([item], width: 120, height: 100, clear: Self.bytes(255, 255, 255, 255))
            gl.flatInteriors = true
            let split = try gl.execute(plan)
            XCTAssertEqual(gl.lastStats.flatInteriors, 1, "case \(n)")
            XCTAssertEqual(gl.lastStats.depthPasses, 1, "case \(n)")
            gl.flatInteriors = false
            let whole = try gl.execute(plan)
            XCTAssertEqual(gl.lastStats.flatInteriors, 0)
            let cpu = try CPUExecutor().execute(plan)
            XCTAssertTrue(split.pixels == whole.pixels, "case \(n): \(ImageDiff(split, whole))")
            XCTAssertTrue(split.pixels == cpu.pixels, "case \(n): \(ImageDiff(split, cpu))")
            // Hand geometry: local units per pixel bounded by the inverse's Frobenius norm.
            let h = c.transform.flattened
            let inv = try XCTUnwrap(h.inverse)
            let margin = (inv.a * inv.a + inv.b * inv.b + inv.d * inv.d + inv.e * inv.e).squareRoot()
            var deep = 0, outside = 0
            for y in 0..<100 {
                for x in 0..<120 {
                    let p = inv.apply(Vec2(Double(x) + 0.5, Double(y) + 0.5))
                    let d = Self.distance(p, r, c.radius)
                    let k = (y * 120 + x) * 4
                    let got = Array(split.pixels[k..<(k + 4)])
                    if d <= -1.5 * margin {
                        deep += 1
                        XCTAssertEqual(got, expected, "case \(n): interior pixel \(x),\(y)")
                    } else if d >= 1.5 * margin {
                        outside += 1
                        XCTAssertEqual(got, [255, 255, 255, 255], "case \(n): outside pixel \(x),\(y)")
                    } else {
                        // The fringe lies between the backdrop and the full colour, channel by channel.
                        for ch in 0..<3 {
                            XCTAssertTrue(got[ch] >= expected[ch] && got[ch] <= 255, "case \(n): fringe pixel \(x),\(y)")
                        }
                    }
                }
            }
            XCTAssertGreaterThan(deep, 200, "case \(n)")
            XCTAssertGreaterThan(outside, 200, "case \(n)")
        }
    }

    /// Two translucent rounded rects overlapping, the later one rotated: in
    /// the overlap of their deep interiors the pixel is source-over of the
    /// second over the first over white, worked out by hand in bytes
    /// (dst·(255 − a)/255 rounded, as llvmpipe's 8-bit blend does); the
    /// whole picture is the unsplit one's and the CPU's.
    func testTwoOverlappingItemsKeepTheirOrder() throws {
        let gl = try GPU.executor()
        defer { gl.flatInteriors = true }
        let a = (r: 100, g: 20, b: 60, a: 140), b = (r: 10, g: 70, b: 50, a: 90)
        let r1 = Rect(x: 10, y: 10, width: 70, height: 60), r2 = Rect(x: 0, y: 0, width: 60, height: 50)
        let first = DrawItem(layer: 0, transform: .identity, rect: r1, paint: .solid(Self.bytes(a.r, a.g, a.b, a.a)),
                             shape: .roundedRect(r1, radius: 14), aaEdges: .all)
        let t2 = TestPlans.about(.rotation(0.35, 0, 0, 1), centre: Vec2(30, 25)).concatenating(.translation(45, 35))
        let second = DrawItem(layer: 0, transform: t2, rect: r2, paint: .solid(Self.bytes(b.r, b.g, b.b, b.a)),
                              shape: .roundedRect(r2, radius: 10), aaEdges: .all)
        let plan = TestPlans.canvas([first, second], width: 120, height: 100, clear: Self.bytes(255, 255, 255, 255))
        gl.flatInteriors = true
        let split = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.flatInteriors, 2)
        gl.flatInteriors = false
        let whole = try gl.execute(plan)
        XCTAssertTrue(split.pixels == whole.pixels, "\(ImageDiff(split, whole))")
        XCTAssertTrue(try split.pixels == CPUExecutor().execute(plan).pixels)
        func over(_ s: Int, _ sa: Int, _ d: Int) -> Int { s + Int((Double(d * (255 - sa)) / 255).rounded()) }
        let expected = [over(b.r, b.a, over(a.r, a.a, 255)), over(b.g, b.a, over(a.g, a.a, 255)),
                        over(b.b, b.a, over(a.b, a.a, 255)), 255]
        let inv2 = try XCTUnwrap(t2.flattened.inverse)
        var both = 0
        for y in 0..<100 {
            for x in 0..<120 {
                let p = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                guard Self.distance(p, r1, 14) <= -2, Self.distance(inv2.apply(p), r2, 10) <= -2 else { continue }
                both += 1
                let k = (y * 120 + x) * 4
                XCTAssertEqual(split.pixels[k..<(k + 4)].map(Int.init), expected, "pixel \(x),\(y)")
            }
        }
        XCTAssertGreaterThan(both, 300)
    }

    /// Without the depth buffer (painter order) there is no flat interior:
    /// the item alone is drawn, never interior and item both.
    func testNoFlatInteriorWithoutTheDepthTest() throws {
        let gl = try GPU.executor()
        defer { gl.opaqueFirst = true }
        let r = Rect(x: 5, y: 5, width: 60, height: 40)
        let item = DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(Self.bytes(40, 40, 40, 100)),
                            shape: .roundedRect(r, radius: 8), aaEdges: .all)
        let plan = TestPlans.canvas([item], clear: Self.bytes(255, 255, 255, 255))
        gl.opaqueFirst = false
        let painter = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.depthPasses, 0)
        XCTAssertEqual(gl.lastStats.flatInteriors, 0)
        gl.opaqueFirst = true
        XCTAssertTrue(try gl.execute(plan).pixels == painter.pixels)
        XCTAssertEqual(gl.lastStats.flatInteriors, 1)
    }
}
