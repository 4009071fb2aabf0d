// GLESTests: draw calls run builds of their program with only their pieces'
// coverage kinds compiled in (CoverageKinds, COV_KINDS in coverage.glsl).
// A build must never meet a piece of a kind it leaves out, and the kinds it
// keeps must run the very operations of the full program: the shape codes
// are mapped by hand, every mix of kinds is drawn with and without the
// builds (byte for byte, solid, texture and gradient programs, with and
// without ps_flat in the blended phase), and a ring alone — whose build
// holds the rounded rect's code too — is checked against its geometry: the
// hole keeps the backdrop, the band has the hand-blended colour.

import XCTest
import Geometry
import Images
import Plan
@testable import GLES

final class CoverageVariantTests: XCTestCase {
    func testShapeCodesMapToTheirKinds() {
        XCTAssertEqual(CoverageKinds(code: 0), .plainQuad)
        for mask in 1..<16 { XCTAssertEqual(CoverageKinds(code: Float(mask)), .edgeQuad, "mask \(mask)") }
        for mask in [0, 15] {
            XCTAssertEqual(CoverageKinds(code: Float(16 + mask)), .roundedRect)
            XCTAssertEqual(CoverageKinds(code: Float(32 + mask)), .ring)
            // Kind 3 (the trapezoid items shape layers once made) is no build's.
            XCTAssertEqual(CoverageKinds(code: Float(48 + mask)), .all)
            XCTAssertEqual(CoverageKinds(code: Float(64 + mask)), .blurredRect)
            XCTAssertEqual(CoverageKinds(code: Float(80 + mask)), .blurredRoundedRect)
        }
        // An interpolator's ulp either way rounds to the same code, as in the shader.
        XCTAssertEqual(CoverageKinds(code: Float(16).nextUp), .roundedRect)
        XCTAssertEqual(CoverageKinds(code: Float(32).nextDown), .ring)
        XCTAssertEqual(CoverageKinds(code: Float(15).nextUp), .edgeQuad)
        for junk: Float in [-1, 96, 1e9, .nan, .infinity] { XCTAssertEqual(CoverageKinds(code: junk), .all, "\(junk)") }
        // Builds: the plain quad always, a ring with the rounded rect.
        XCTAssertEqual(CoverageKinds([]).canonical, .plainQuad)
        XCTAssertEqual(CoverageKinds.ring.canonical, [.plainQuad, .roundedRect, .ring])
        XCTAssertEqual(CoverageKinds.edgeQuad.canonical, [.plainQuad, .edgeQuad])
        XCTAssertEqual(CoverageKinds([.edgeQuad, .ring]).canonical, .all)
        // Which programs a set may be drawn by with a build: the blurred shapes
        // only by the programs that compile them in, no build where nothing is left out.
        XCTAssertTrue(CoverageKinds.roundedRect.canonical.needsOnlyABuild(of: .solid))
        XCTAssertTrue(CoverageKinds.roundedRect.canonical.needsOnlyABuild(of: .textureAtlas))
        XCTAssertFalse(CoverageKinds.roundedRect.canonical.needsOnlyABuild(of: .flat))
        XCTAssertFalse(CoverageKinds.all.needsOnlyABuild(of: .solid))
        XCTAssertFalse(CoverageKinds.blurredRect.canonical.needsOnlyABuild(of: .solid))
        // ps_blurred_rect does not go through cov_evaluate: a build would be the same program.
        XCTAssertFalse(CoverageKinds.blurredRect.canonical.needsOnlyABuild(of: .blurredRect))
        XCTAssertFalse(CoverageKinds.blurredRoundedRect.canonical.needsOnlyABuild(of: .blurredRect))
        XCTAssertTrue(CoverageKinds([.blurredRect, .blurredRoundedRect]).canonical.needsOnlyABuild(of: .blurredRoundedRect))
        XCTAssertEqual(CoverageKinds([.blurredRect, .roundedRect]).canonical.define, 5)
    }

    /// The four kinds a coverage program draws.
    static let kinds: [CoverageKinds] = [.plainQuad, .edgeQuad, .roundedRect, .ring]

    /// A small deterministic generator (numbers in 0..<1).
    struct LCG {
        var s: UInt64
        mutating func next() -> Double {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(s >> 11) / Double(1 << 53)
        }
    }

    /// Items of `kind` at random places, sizes, rotations and scales on a 96×80 canvas, painted by `paint`.
    static func items(_ kind: CoverageKinds, count: Int, rng: inout LCG, paint: (Rect, inout LCG) -> Paint) -> [DrawItem] {
        var out: [DrawItem] = []
        for _ in 0..<count {
            let w = 12 + rng.next() * 30, h = 10 + rng.next() * 26
            let r = Rect(x: 0, y: 0, width: w, height: h)
            let turn = rng.next() < 0.5 ? 0 : (rng.next() - 0.5) * 2
            let scale = 0.7 + rng.next() * 0.6
            let t = Transform3D.translation(-w / 2, -h / 2)
                .concatenating(Transform3D.scale(scale, scale))
                .concatenating(.rotation(turn, 0, 0, 1))
                .concatenating(.translation(8 + rng.next() * 80, 8 + rng.next() * 64))
            let p = paint(r, &rng)
            switch kind {
            case .plainQuad:
                out.append(DrawItem(layer: 0, transform: t, rect: r, paint: p))
            case .edgeQuad:
                let mask = EdgeMask(rawValue: 1 + Int(rng.next() * 15))
                out.append(DrawItem(layer: 0, transform: t, rect: r, paint: p, aaEdges: mask))
            case .roundedRect:
                out.append(DrawItem(layer: 0, transform: t, rect: r, paint: p,
                                    shape: .roundedRect(r, radius: rng.next() * min(w, h) / 2), aaEdges: .all))
            default:  // .ring
                let width = 1 + rng.next() * 5, radius = rng.next() * min(w, h) / 2
                out.append(DrawItem(layer: 0, transform: t, rect: r, paint: p,
                                    shape: .ring(r, radius: radius, width: width, innerRadius: max(0, radius - width)),
                                    aaEdges: .all))
            }
        }
        return out
    }

    static func solidPaint(_ r: Rect, _ rng: inout LCG) -> Paint {
        .solid(TestPlans.color(rng.next(), rng.next(), rng.next(), 0.35 + rng.next() * 0.6))
    }

    /// The plan of items of every kind in `set`, shuffled together over white.
    static func plan(_ set: [CoverageKinds], seed: UInt64, images: [PlanImage] = [],
                     paint: (Rect, inout LCG) -> Paint = solidPaint) -> RenderPlan {
        var rng = LCG(s: seed)
        var items: [DrawItem] = []
        for k in set { items += Self.items(k, count: 4, rng: &rng, paint: paint) }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, Int(rng.next() * Double(i + 1)))
        }
        return TestPlans.canvas(items, clear: TestPlans.color(1, 1, 1, 1), images: images)
    }

    /// Draws `plan` with and without the builds: the same bytes, and the builds used where the kinds allow.
    func assertSameWithAndWithoutBuilds(_ plan: RenderPlan, _ set: [CoverageKinds], _ what: String,
                                        gl: GLESExecutor, usesCoverage: Bool = true,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        gl.coverageVariants = false
        let full = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.coverageVariantDrawCalls, 0, what, file: file, line: line)
        gl.coverageVariants = true
        let built = try gl.execute(plan)
        XCTAssertTrue(built.pixels == full.pixels, "\(what): \(ImageDiff(built, full))", file: file, line: line)
        if usesCoverage && CoverageKinds(set).canonical.define != CoverageKinds.all.rawValue {
            XCTAssertGreaterThan(gl.lastStats.coverageVariantDrawCalls, 0, what, file: file, line: line)
        }
    }

    /// Every non-empty set of the four kinds, solid paint, with ps_flat in the
    /// blended phase and without it (then plain quads too draw with the
    /// coverage program, and batches mix all four).
    func testEveryMixOfKindsDrawsTheFullProgramsBytes() throws {
        let gl = try GPU.executor()
        defer { gl.coverageVariants = true; gl.flatBlended = true }
        for bits in 1..<16 {
            let set = Self.kinds.filter { $0.rawValue & bits != 0 }
            for flatBlended in [true, false] {
                gl.flatBlended = flatBlended
                // Plain quads alone all draw with ps_flat while flatBlended holds.
                try assertSameWithAndWithoutBuilds(Self.plan(set, seed: UInt64(bits)), set,
                                                   "kinds \(bits), flatBlended \(flatBlended)", gl: gl,
                                                   usesCoverage: bits != 1 || !flatBlended)
            }
        }
    }

    /// The textured and gradient programs have builds too: each kind alone and all together.
    func testTextureAndGradientProgramsDrawTheFullProgramsBytes() throws {
        let gl = try GPU.executor()
        defer { gl.coverageVariants = true }
        let images = [PlanImage(key: "small", image: TestPlans.image(24, 20, seed: 5)),
                      PlanImage(key: "wide", image: TestPlans.image(300, 12, seed: 6))]
        let paints: [(String, (Rect, inout LCG) -> Paint)] = [
            ("atlas", { r, rng in .texture(.image(0), uv: TestPlans.unitUV(r), filter: rng.next() < 0.5 ? .linear : .nearest,
                                           opacity: 0.5 + rng.next() * 0.5) }),
            ("texture", { r, _ in .texture(.image(1), uv: TestPlans.unitUV(r), filter: .linear, opacity: 0.9) }),
            ("textureAlpha", { r, rng in .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: .linear,
                                                       color: TestPlans.color(0.2, 0.5, 0.9, 0.8)) }),
            ("gradient", { r, _ in .gradient(GradientPaint(kind: .axial, start: Vec2(r.minX, r.minY), end: Vec2(r.maxX, r.maxY),
                                                          colors: [Color(r: 1, g: 0, b: 0, a: 0.8), Color(r: 0, g: 0, b: 1, a: 0.5)],
                                                          locations: [0, 1], opacity: 0.9)) }),
        ]
        for (name, paint) in paints {
            for (n, set) in (Self.kinds.map { [$0] } + [Self.kinds]).enumerated() {
                // Plain quads alone under ps_texture / ps_texture_alpha draw with their
                // coverage-free programs (textureFlat, textureAlphaFlat), which have no builds.
                let flatProgram = set == [.plainQuad] && (name == "texture" || name == "textureAlpha")
                try assertSameWithAndWithoutBuilds(Self.plan(set, seed: UInt64(100 + n), images: images, paint: paint), set,
                                                   "\(name), kinds \(CoverageKinds(set).rawValue)", gl: gl,
                                                   usesCoverage: !flatProgram)
            }
        }
    }

    /// Closed-form shadows (blurred rects and blurred rounded rects, each with
    /// its own program) drawn by builds without the other kinds' code.
    func testBlurredShapesDrawTheFullProgramsBytes() throws {
        let gl = try GPU.executor()
        defer { gl.coverageVariants = true }
        var rng = LCG(s: 77)
        var items: [DrawItem] = []
        for n in 0..<10 {
            let w = 14 + rng.next() * 30, h = 12 + rng.next() * 24, sigma = 0.8 + rng.next() * 4
            let shape = Rect(x: 0, y: 0, width: w, height: h)
            let r = Rect(x: -3 * sigma, y: -3 * sigma, width: w + 6 * sigma, height: h + 6 * sigma)
            let t = Transform3D.translation(-w / 2, -h / 2).concatenating(.rotation(n % 3 == 0 ? 0.3 : 0, 0, 0, 1))
                .concatenating(.translation(10 + rng.next() * 76, 10 + rng.next() * 60))
            let color = TestPlans.color(rng.next() * 0.3, rng.next() * 0.3, rng.next() * 0.3, 0.4 + rng.next() * 0.5)
            items.append(DrawItem(layer: 0, transform: t, rect: r, paint: .solid(color),
                                  shape: n % 2 == 0 ? .blurredRect(shape, sigmaX: sigma, sigmaY: sigma * 0.8)
                                                    : .blurredRoundedRect(shape, radius: min(w, h) / 4, sigma: sigma)))
        }
        let plan = TestPlans.canvas(items, clear: TestPlans.color(1, 1, 1, 1))
        try assertSameWithAndWithoutBuilds(plan, [.blurredRect, .blurredRoundedRect], "blurred shapes", gl: gl)
    }

    /// One translucent ring over white, alone in its draw call: its build
    /// holds the ring's code and the rounded rect's. Pixel centres well
    /// inside the hole keep the backdrop's bytes, those well inside the band
    /// are source-over of the colour's bytes by hand, those far outside stay
    /// white (a build with the rounded rect's code alone would fill the hole).
    func testRingAloneHasItsHoleAndItsBand() throws {
        let gl = try GPU.executor()
        defer { gl.flatInteriors = true }
        gl.flatInteriors = false
        let src = (r: 30, g: 100, b: 60, a: 150)
        let color = PremultipliedColor(r: Double(src.r) / 255, g: Double(src.g) / 255, b: Double(src.b) / 255,
                                       a: Double(src.a) / 255)
        let band: [UInt8] = [UInt8(src.r + 255 - src.a), UInt8(src.g + 255 - src.a), UInt8(src.b + 255 - src.a), 255]
        let r = Rect(x: 10, y: 8, width: 70, height: 60)
        let width = 9.0, radius = 14.0
        let item = DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(color),
                            shape: .ring(r, radius: radius, width: width, innerRadius: radius - width), aaEdges: .all)
        let plan = TestPlans.canvas([item], clear: TestPlans.color(1, 1, 1, 1))
        let image = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.coverageVariantDrawCalls, 1)
        // Signed distance to a rounded rect, negative inside.
        func distance(_ x: Double, _ y: Double, _ q: Rect, _ rad: Double) -> Double {
            let qx = abs(x - q.midX) - q.width / 2 + rad, qy = abs(y - q.midY) - q.height / 2 + rad
            return (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - rad
        }
        let inner = Rect(x: r.minX + width, y: r.minY + width, width: r.width - 2 * width, height: r.height - 2 * width)
        var counts = (hole: 0, band: 0, outside: 0)
        for y in 0..<plan.height {
            for x in 0..<plan.width {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let outer = distance(cx, cy, r, radius), hole = distance(cx, cy, inner, radius - width)
                let k = (y * plan.width + x) * 4
                let got = Array(image.pixels[k..<(k + 4)])
                if hole <= -1 {
                    counts.hole += 1
                    XCTAssertEqual(got, [255, 255, 255, 255], "hole pixel \(x),\(y)")
                } else if outer <= -1 && hole >= 1 {
                    counts.band += 1
                    XCTAssertEqual(got, band, "band pixel \(x),\(y)")
                } else if outer >= 1 {
                    counts.outside += 1
                    XCTAssertEqual(got, [255, 255, 255, 255], "outside pixel \(x),\(y)")
                }
            }
        }
        XCTAssertGreaterThan(counts.hole, 1000)
        XCTAssertGreaterThan(counts.band, 800)
        XCTAssertGreaterThan(counts.outside, 1000)
    }
}
