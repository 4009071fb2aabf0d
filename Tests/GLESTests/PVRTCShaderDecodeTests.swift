// GLESTests: PVRTC1 textures decoded in the fragment shader (no
// GL_IMG_texture_compression_pvrtc on llvmpipe) must be bit-exact with the CPU
// executor sampling the CPU decoder's output: random 4bpp blocks of every mode
// (standard and punch-through, opaque and translucent colours A and B),
// nearest and linear, magnified, minified, rotated and in perspective; and
// random 2bpp blocks (direct and interpolated modulation, every neighbour rule).
// Each test prints "[pvrtc] name: exact …%".

import XCTest
import Geometry
import Images
import PVRTC
import Plan
import Raster
@testable import GLES

final class PVRTCShaderDecodeTests: XCTestCase {
    /// These tests are about the per-fragment decode: the shared executor's
    /// `auto` rule would switch a texture drawn in a second frame to decode-once.
    override func setUpWithError() throws { try GPU.executor().pvrtcDecode = .shader }
    override func tearDown() { (try? GPU.executor())?.pvrtcDecode = .auto }

    /// A 4bpp texture of random words; block k's mode flag and colour opacity
    /// bits cycle through all 8 combinations so every mode is present.
    /// With `randomModes`, each block's mode flag is a random bit instead: the
    /// cycling flags follow the Morton order (y in the low bit), so without it
    /// horizontally adjacent blocks always share their mode.
    static func randomTexture(width: Int, height: Int, seed: UInt64, randomModes: Bool = false) -> PVRTCTexture {
        var s = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt32 {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17
            return UInt32(truncatingIfNeeded: s >> 16)
        }
        let words = (width / 4) * (height / 4)
        var data = [UInt8](repeating: 0, count: words * 8)
        for k in 0..<words {
            let mod = next()
            var col = next() & ~UInt32(0x8000_8001)
            let modeBit = randomModes ? next() >> 7 & 1 : UInt32(k & 1)
            col |= modeBit | UInt32((k >> 1) & 1) << 15 | UInt32((k >> 2) & 1) << 31
            for b in 0..<4 {
                data[k * 8 + b] = UInt8(truncatingIfNeeded: mod >> (8 * b))
                data[k * 8 + 4 + b] = UInt8(truncatingIfNeeded: col >> (8 * b))
            }
        }
        return PVRTCTexture(bitsPerPixel: .four, hasAlpha: true, width: width, height: height, levels: [data])
    }

    /// The plan image of `t`: the CPU decoder's output (premultiplied) with the blocks.
    static func planImage(_ t: PVRTCTexture) throws -> PlanImage {
        let d = try t.decode()
        return PlanImage(key: "pvrtc", image: Image(width: d.width, height: d.height, straightRGBA: d.pixels), pvrtc: t)
    }

    /// Items sampling image 0 magnified, minified, rotated and in perspective.
    static func items(width: Int, height: Int, filter: TextureFilter) -> [DrawItem] {
        let r = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let uv = TestPlans.unitUV(r)
        func paint(_ o: Double) -> Paint { .texture(.image(0), uv: uv, filter: filter, opacity: o) }
        var items: [DrawItem] = []
        // Magnified ~3.3×, slightly off the pixel grid.
        items.append(DrawItem(layer: 0, transform: Transform3D.scale(3.3 * 32 / Double(width), 2.9 * 32 / Double(height))
                                .concatenating(.translation(0.37, 0.61)), rect: r, paint: paint(1)))
        // Minified.
        items.append(DrawItem(layer: 0, transform: Transform3D.scale(0.43 * 32 / Double(width), 0.51 * 32 / Double(height))
                                .concatenating(.translation(110.2, 3.3)), rect: r, paint: paint(0.8)))
        // Rotated with AA edges, translucent.
        let t2 = TestPlans.about(Transform3D.scale(48 / Double(width), 48 / Double(height))
            .concatenating(.rotation(0.41, 0, 0, 1)).concatenating(.translation(100, 40)),
                                 centre: Vec2(Double(width) / 2, Double(height) / 2))
        items.append(DrawItem(layer: 0, transform: t2, rect: r, paint: paint(0.7), aaEdges: .all))
        // Perspective.
        let t3 = Transform3D.translation(-Double(width) / 2, -Double(height) / 2)
            .concatenating(.scale(60 / Double(width), 60 / Double(height)))
            .concatenating(.rotation(0.8, 0, 1, 0)).concatenating(.rotation(0.35, 1, 0, 0))
            .concatenating(TestPlans.perspective(110)).concatenating(.translation(60, 112))
        items.append(DrawItem(layer: 0, transform: t3, rect: r, paint: paint(1), aaEdges: .all))
        return items
    }

    static func plan(_ t: PVRTCTexture, filter: TextureFilter) throws -> RenderPlan {
        TestPlans.canvas(items(width: t.width, height: t.height, filter: filter), width: 160, height: 150,
                         clear: TestPlans.color(0.3, 0.5, 0.7, 1), images: [try planImage(t)])
    }

    /// The plan with the image's PVRTC blocks dropped: the GPU samples the decoded RGBA8 with its own sampler.
    static func withoutPVRTC(_ plan: RenderPlan) -> RenderPlan {
        var p = plan
        p.images = plan.images.map { PlanImage(key: $0.key, image: $0.image) }
        return p
    }

    /// Shader decode must equal llvmpipe's own sampling of the CPU-decoded image
    /// exactly (100 %), and so agree with the CPU executor exactly as well as the
    /// RGBA8 path does; `allExact` demands 100 % against the CPU too.
    private func assertExact(_ name: String, _ plan: RenderPlan, allExact: Bool = true,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let gl = try GPU.executor()
        let gpu = try gl.execute(plan)
        let stats = gl.lastStats
        let rgba = try gl.execute(Self.withoutPVRTC(plan))
        let cpu = try CPUExecutor().execute(plan)
        let sampler = ImageDiff(gpu, rgba), d = ImageDiff(gpu, cpu), base = ImageDiff(rgba, cpu)
        print("[pvrtc] \(name): shader decode vs GPU sampler on decoded RGBA8: \(sampler)")
        print("[pvrtc] \(name): GPU vs CPU: \(d) (RGBA8 path: exact \(base.exact)/\(base.pixels))")
        XCTAssertEqual(sampler.exact, sampler.pixels, "\(name): \(sampler)", file: file, line: line)
        XCTAssertEqual(d.exact, base.exact, "\(name): \(d) vs RGBA8 \(base)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(d.exactShare, Tolerance.minExactShare, "\(name): \(d)", file: file, line: line)
        if allExact { XCTAssertEqual(d.exact, d.pixels, "\(name): \(d)", file: file, line: line) }
        if !gl.info.pvrtcNative {
            XCTAssertEqual(stats.pvrtcShaderDecoded, 1, "\(name)", file: file, line: line)
            XCTAssertTrue(stats.pvrtcAsRGBA8.isEmpty, "\(name): \(stats.pvrtcAsRGBA8)", file: file, line: line)
        }
    }

    static let sizes = [(32, 32), (64, 16), (16, 64), (8, 8), (128, 128)]

    /// All four items (rotated and perspective ones included). Rotated/perspective
    /// edges may differ from the CPU by one ulp of interpolation on a pixel or two,
    /// exactly as with plain RGBA8 images (GLConventions): not demanded exact vs CPU.
    func testRandomBlocksNearest() throws {
        for (i, size) in Self.sizes.enumerated() {
            let t = Self.randomTexture(width: size.0, height: size.1, seed: UInt64(11 + i))
            try assertExact("random \(size.0)×\(size.1) nearest", try Self.plan(t, filter: .nearest), allExact: false)
        }
    }

    /// Mode flags random per block, so neighbours differ in both directions
    /// (the linear path reads each tap's own block's flag from a 3 × 3 footprint).
    func testRandomModesLinear() throws {
        for (i, size) in Self.sizes.enumerated() {
            let t = Self.randomTexture(width: size.0, height: size.1, seed: UInt64(71 + i), randomModes: true)
            try assertExact("random modes \(size.0)×\(size.1) linear", try Self.plan(t, filter: .linear), allExact: false)
        }
    }

    func testRandomBlocksLinear() throws {
        for (i, size) in Self.sizes.enumerated() {
            let t = Self.randomTexture(width: size.0, height: size.1, seed: UInt64(23 + i))
            try assertExact("random \(size.0)×\(size.1) linear", try Self.plan(t, filter: .linear), allExact: false)
        }
    }

    /// Magnified and minified, axis-aligned: exact against the CPU executor too.
    func testMagnifiedMinifiedExactVsCPU() throws {
        for filter in [TextureFilter.nearest, .linear] {
            for (i, size) in Self.sizes.enumerated() {
                let t = Self.randomTexture(width: size.0, height: size.1, seed: UInt64(40 + i))
                let items = Array(Self.items(width: t.width, height: t.height, filter: filter).prefix(2))
                let plan = TestPlans.canvas(items, width: 160, height: 150, clear: TestPlans.color(0.3, 0.5, 0.7, 1),
                                            images: [try Self.planImage(t)])
                try assertExact("axis-aligned \(size.0)×\(size.1) \(filter)", plan)
            }
        }
    }

    /// In perspective (minified far side, magnified near side), alone on the canvas:
    /// always exact against llvmpipe's own sampler on the decoded image; against the
    /// CPU executor exact with nearest, and with linear exactly as exact as the RGBA8
    /// path (perspective uv interpolation differs by an ulp on a few pixels, see GLConventions).
    func testPerspective() throws {
        for filter in [TextureFilter.nearest, .linear] {
            for (i, size) in Self.sizes.enumerated() {
                let t = Self.randomTexture(width: size.0, height: size.1, seed: UInt64(60 + i))
                let items = [Self.items(width: t.width, height: t.height, filter: filter)[3]]
                let plan = TestPlans.canvas(items, width: 160, height: 150, clear: TestPlans.color(0.3, 0.5, 0.7, 1),
                                            images: [try Self.planImage(t)])
                try assertExact("perspective \(size.0)×\(size.1) \(filter)", plan, allExact: filter == .nearest)
            }
        }
    }

    /// Every texel of a 64×64 texture at 1:1, 1:1 offset by half a texel (linear
    /// weights of 128) and at the texel boundaries: the decoded texels themselves.
    func testEveryTexelOneToOne() throws {
        let t = Self.randomTexture(width: 64, height: 64, seed: 99)
        let r = Rect(x: 0, y: 0, width: 64, height: 64)
        var items: [DrawItem] = []
        for (k, f) in [TextureFilter.nearest, .linear, .linear].enumerated() {
            let off = k == 2 ? 0.5 : 0
            items.append(DrawItem(layer: 0, transform: .translation(Double(k) * 64 + off, off), rect: r,
                                  paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: f, opacity: 1)))
        }
        try assertExact("every texel 1:1", TestPlans.canvas(items, width: 200, height: 70, images: [try Self.planImage(t)]))
    }

    /// The fixture .pvr (encoder output from Fixtures/images/photo.png) through the
    /// image loader, drawn with all four items in both filters.
    func testFixtureFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/images/photo-4bpp.pvr").standardized.path
        let (image, pvrtc) = try ImageLoader.readKeepingPVRTC(path: path)
        let t = try XCTUnwrap(pvrtc)
        for filter in [TextureFilter.nearest, .linear] {
            let plan = TestPlans.canvas(Self.items(width: t.width, height: t.height, filter: filter), width: 160,
                                        height: 150, images: [PlanImage(key: "photo", image: image, pvrtc: t)])
            try assertExact("photo-4bpp.pvr \(filter)", plan, allExact: false)
        }
    }

    // MARK: - 2bpp

    /// A 2bpp texture of random words. Block k's mode flag M, modulation bit 0
    /// (interpolated: all four neighbours / one axis), bits 20 and 21 (vertical or
    /// horizontal, texel (4,2)) and the opacity of colours A and B cycle through
    /// all 64 combinations (offset by `seed`), so small textures get a mix too.
    static func randomTexture2(width: Int, height: Int, seed: UInt64) -> PVRTCTexture {
        var s = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt32 {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17
            return UInt32(truncatingIfNeeded: s >> 16)
        }
        let words = (width / 8) * (height / 4)
        var data = [UInt8](repeating: 0, count: words * 8)
        for k in 0..<words {
            let c = (k &+ Int(seed % 64)) * 37 % 64
            var mod = next() & ~UInt32(0x0030_0001)
            mod |= UInt32((c >> 1) & 1) | UInt32((c >> 2) & 1) << 20 | UInt32((c >> 3) & 1) << 21
            var col = next() & ~UInt32(0x8000_8001)
            col |= UInt32(c & 1) | UInt32((c >> 4) & 1) << 15 | UInt32((c >> 5) & 1) << 31
            for b in 0..<4 {
                data[k * 8 + b] = UInt8(truncatingIfNeeded: mod >> (8 * b))
                data[k * 8 + 4 + b] = UInt8(truncatingIfNeeded: col >> (8 * b))
            }
        }
        return PVRTCTexture(bitsPerPixel: .two, hasAlpha: true, width: width, height: height, levels: [data])
    }

    static let sizes2 = [(16, 8), (32, 32), (64, 16), (16, 64), (128, 128)]

    /// 2bpp, all four items, nearest and linear: exact against llvmpipe's sampler on the decoded image.
    func test2bppRandomBlocks() throws {
        for filter in [TextureFilter.nearest, .linear] {
            for (i, size) in Self.sizes2.enumerated() {
                let t = Self.randomTexture2(width: size.0, height: size.1, seed: UInt64(71 + i))
                try assertExact("2bpp random \(size.0)×\(size.1) \(filter)", try Self.plan(t, filter: filter),
                                allExact: false)
            }
        }
    }

    /// 2bpp magnified and minified, axis-aligned: exact against the CPU executor too.
    func test2bppMagnifiedMinifiedExactVsCPU() throws {
        for filter in [TextureFilter.nearest, .linear] {
            for (i, size) in Self.sizes2.enumerated() {
                let t = Self.randomTexture2(width: size.0, height: size.1, seed: UInt64(90 + i))
                let items = Array(Self.items(width: t.width, height: t.height, filter: filter).prefix(2))
                let plan = TestPlans.canvas(items, width: 160, height: 150, clear: TestPlans.color(0.3, 0.5, 0.7, 1),
                                            images: [try Self.planImage(t)])
                try assertExact("2bpp axis-aligned \(size.0)×\(size.1) \(filter)", plan)
            }
        }
    }

    /// Every texel of 2bpp textures at 1:1 (nearest, linear, linear offset by half a texel).
    func test2bppEveryTexelOneToOne() throws {
        for (i, size) in [(64, 64), (16, 8), (32, 16)].enumerated() {
            let t = Self.randomTexture2(width: size.0, height: size.1, seed: UInt64(130 + i))
            let r = Rect(x: 0, y: 0, width: Double(size.0), height: Double(size.1))
            var items: [DrawItem] = []
            for (k, f) in [TextureFilter.nearest, .linear, .linear].enumerated() {
                let off = k == 2 ? 0.5 : 0
                items.append(DrawItem(layer: 0, transform: .translation(Double(k * (size.0 + 2)) + off, off), rect: r,
                                      paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: f, opacity: 1)))
            }
            try assertExact("2bpp every texel 1:1 \(size.0)×\(size.1)",
                            TestPlans.canvas(items, width: 200, height: 70, images: [try Self.planImage(t)]))
        }
    }

    /// A 2bpp level below the 16×8 block minimum still goes as RGBA8, with its reason.
    func test2bppBelowMinimumFallsBackToRGBA8() throws {
        let gl = try GPU.executor()
        guard !gl.info.pvrtcNative else { throw XCTSkip("the driver has native PVRTC") }
        var t = Self.randomTexture2(width: 16, height: 8, seed: 5)
        t = PVRTCTexture(bitsPerPixel: .two, hasAlpha: true, width: 8, height: 8, levels: t.levels)
        let plan = try Self.plan(t, filter: .linear)
        let gpu = try gl.execute(plan)
        let stats = gl.lastStats
        let rgba = try gl.execute(Self.withoutPVRTC(plan))
        XCTAssertEqual(ImageDiff(gpu, rgba).exact, ImageDiff(gpu, rgba).pixels)
        XCTAssertEqual(stats.pvrtcAsRGBA8["smaller than one 2×2 block area (16×8)"], 1, stats.pvrtcSummary)
        XCTAssertEqual(stats.pvrtcShaderDecoded, 0)
    }

    func testStatsCountBytesSaved() throws {
        let gl = try GPU.executor()
        guard !gl.info.pvrtcNative else { throw XCTSkip("the driver has native PVRTC") }
        let t = Self.randomTexture(width: 32, height: 32, seed: 3)
        _ = try gl.execute(try Self.plan(t, filter: .nearest))
        XCTAssertEqual(gl.lastStats.pvrtcBytesSaved, 32 * 32 * 4 - 32 * 32 / 2)
        XCTAssertTrue(gl.lastStats.summary.contains("shader-decoded 1"), gl.lastStats.summary)
    }
}
