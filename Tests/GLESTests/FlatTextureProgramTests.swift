// GLESTests: the coverage-free texture programs (ps_texture_flat,
// ps_texture_alpha_flat; GLESExecutor.flatTextures) and the rule the plan's
// integer-translation shadow composites rely on (nearest == linear at texel
// centres, PlanBuilder+TightShadowComposite). Checked against values
// worked out by hand — a texel alpha ramp drawn with an opaque white
// colour writes each texel's own alpha byte — and byte for byte against the
// coverage programs and the CPU executor.

import XCTest
import Geometry
import Images
import Plan
import Raster
@testable import GLES

final class FlatTextureProgramTests: XCTestCase {
    /// A `width` × `height` premultiplied white texture whose alpha at (x, y) is (x·37 + y·101) mod 256.
    static func alphaRamp(_ width: Int, _ height: Int) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8((x * 37 + y * 101) % 256)
                let i = (y * width + x) * 4
                px[i] = a; px[i + 1] = a; px[i + 2] = a; px[i + 3] = a
            }
        }
        return Image(width: width, height: height, pixels: px)
    }

    /// An item over the whole `w` × `h` canvas whose pixel (x, y) samples the
    /// centre of texel (x + dx, y + dy) of a `tw` × `th` texture: an integer translation.
    static func shifted(_ w: Int, _ h: Int, texture tw: Int, _ th: Int, dx: Int, dy: Int,
                        filter: TextureFilter, alphaOnly: Bool) -> DrawItem {
        let uv = Homography(1 / Double(tw), 0, 0, 0, 1 / Double(th), 0,
                            Double(dx) / Double(tw), Double(dy) / Double(th), 1)
        let paint: Paint = alphaOnly
            ? .textureAlpha(.image(0), uv: uv, filter: filter, color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
            : .texture(.image(0), uv: uv, filter: filter, opacity: 1)
        return DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                        paint: paint)
    }

    /// Pixels sampling texel centres by an integer translation: GL_LINEAR
    /// returns the texel itself (weights 0), so .linear and .nearest both
    /// write the texel's bytes, by hand: alpha a × opaque white = (a, a, a, a).
    /// Up to 4096 texels wide, the largest shared target whose composites the
    /// plan samples with .nearest (ShadowPack.maximumNearestSide): the uv's
    /// Float interpolation must not move a linear weight there either.
    func testLinearEqualsNearestAtTexelCentresAndGivesTheTexel() throws {
        let gl = try GPU.executor()
        let cpu = CPUExecutor()
        for (tw, th, w, h, dx, dy) in [(256, 4, 200, 3, 17, 1), (4096, 2, 4000, 1, 95, 1), (4096, 2, 4000, 2, 0, 0),
                                       (300, 300, 64, 64, 236, 200)] {
            let image = FlatTextureProgramTests.alphaRamp(tw, th)
            for alphaOnly in [true, false] {
                var outputs: [Image] = []
                for filter in [TextureFilter.linear, .nearest] {
                    let plan = TestPlans.canvas([FlatTextureProgramTests.shifted(w, h, texture: tw, th, dx: dx, dy: dy,
                                                                                 filter: filter, alphaOnly: alphaOnly)],
                                                width: w, height: h, images: [PlanImage(key: "ramp", image: image)])
                    outputs.append(try gl.execute(plan))
                    outputs.append(try cpu.execute(plan))
                }
                var wrong = 0
                for y in 0..<h {
                    for x in 0..<w {
                        let a = UInt8(((x + dx) * 37 + (y + dy) * 101) % 256)
                        for out in outputs where Array(out.pixels[(y * w + x) * 4 ..< (y * w + x) * 4 + 4]) != [a, a, a, a] {
                            wrong += 1
                        }
                    }
                }
                XCTAssertEqual(wrong, 0, "\(tw)×\(th) shifted (\(dx), \(dy)), alpha only \(alphaOnly): pixels not the texel")
            }
        }
    }

    /// Plain quads without antialiased edges, textured and alpha-textured,
    /// linear and nearest, under translation, rotation, scale, perspective
    /// and a clip, over a background: the flat programs write the very bytes
    /// of the coverage programs, which write the CPU executor's.
    func testFlatProgramsWriteTheCoverageProgramsBytes() throws {
        let gl = try GPU.executor()
        defer { gl.flatTextures = true }
        let image = TestPlans.image(24, 18)
        let r = Rect(x: 0, y: 0, width: 24, height: 18)
        let maps: [Transform3D] = [
            .translation(5, 4),
            .translation(30.37, 6.71),
            Transform3D.scale(1.7, 0.8).concatenating(.translation(60, 8)),
            Transform3D.rotation(0.5, 0, 0, 1).concatenating(.translation(20, 40)),
            Transform3D.rotation(-1.2, 0, 0, 1).concatenating(.scale(1.3, 1.3)).concatenating(.translation(60, 60)),
        ]
        var items: [DrawItem] = []
        for (k, m) in maps.enumerated() {
            let filter: TextureFilter = k % 2 == 0 ? .linear : .nearest
            items.append(DrawItem(layer: 0, transform: m, rect: r,
                                  paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: filter, opacity: 0.8)))
            items.append(DrawItem(layer: 0, transform: m.concatenating(.translation(3, 9)), rect: r,
                                  paint: .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: filter,
                                                       color: TestPlans.color(0.2, 0.3, 0.9, 0.6))))
        }
        // A clipped one and one under perspective.
        items.append(DrawItem(layer: 0, transform: .translation(50, 30), rect: r,
                              paint: .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: .linear,
                                                   color: TestPlans.color(0.9, 0.1, 0.1, 1)),
                              clip: [Vec2(52, 31), Vec2(70, 36), Vec2(60, 47)]))
        var persp = Transform3D.translation(-12, -9)
        persp.m14 = 0.004
        items.append(DrawItem(layer: 0, transform: persp.concatenating(.translation(70, 50)), rect: r,
                              paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .linear, opacity: 1)))
        XCTAssertTrue(items.allSatisfy(\.hasUnitCoverage))
        let plan = TestPlans.canvas(items, clear: TestPlans.color(0.95, 0.9, 0.8, 1),
                                    images: [PlanImage(key: "img", image: image)])
        gl.flatTextures = true
        let flat = try gl.execute(plan)
        gl.flatTextures = false
        let covered = try gl.execute(plan)
        XCTAssertEqual(flat.pixels.count, covered.pixels.count)
        let differing = zip(flat.pixels, covered.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the flat programs changed \(differing) bytes")
        let d = ImageDiff(flat, try CPUExecutor().execute(plan))
        XCTAssertEqual(d.maxDiff, 0, "GPU (flat programs) vs CPU: \(d)")
        // And the flat programs were drawn: a pixel the first textured quad
        // covers fully holds its texel × 0.8 over the background, not the background.
        XCTAssertNotEqual(Array(flat.pixels[(10 * TestPlans.w + 12) * 4 ..< (10 * TestPlans.w + 12) * 4 + 4]),
                          Array(try gl.execute(TestPlans.canvas([], clear: TestPlans.color(0.95, 0.9, 0.8, 1)))
                                    .pixels[(10 * TestPlans.w + 12) * 4 ..< (10 * TestPlans.w + 12) * 4 + 4]))
    }
}
