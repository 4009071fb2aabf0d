// GLESTests: coverage masks sharing the mask atlas (the executor's second
// TextureAtlas: nearest Paint.textureAlpha items without coverage math, as
// shape layers' masks are drawn). The same plan is drawn with every mask on
// its own texture (useAtlas off) and through the atlas, on the same
// executor, and must agree byte for byte, and with the CPU executor: masks
// in 32-pixel tiles on the pixel grid as PlanBuilder+ShapeMask draws them,
// and nearest items rotated, scaled, clipped and reaching past the mask's
// edges. Items with coverage math or linear filtering stay on their own
// textures, and a mask drawn also as a colour image goes into both atlases.

import XCTest
import Geometry
import Images
import Plan
import Raster
@testable import GLES

final class MaskAtlasTests: XCTestCase {
    /// A mask whose four channels differ (so reading any channel but alpha shows), premultiplied.
    static func mask(_ width: Int, _ height: Int, seed: Int) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var s = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 99)
        for i in 0..<(width * height) {
            s = s &* 1_664_525 &+ 1_013_904_223
            let a = i % 11 == 0 ? 255 : (i % 13 == 0 ? 0 : Int(s >> 24))
            px[i * 4] = UInt8(a / 2); px[i * 4 + 1] = UInt8(a / 3); px[i * 4 + 2] = UInt8(a / 5); px[i * 4 + 3] = UInt8(a)
        }
        return Image(width: width, height: height, pixels: px)
    }

    /// Masks drawn as PlanBuilder+ShapeMask draws them: each a pixel window
    /// cut into 32-pixel tiles, every tile a nearest textureAlpha item with
    /// the window's uv map; then items of other kinds over them.
    static func plan(includeOthers: Bool = true) -> RenderPlan {
        let windows = [(x0: 3, y0: 2, w: 70, h: 45), (x0: 40, y0: 20, w: 33, h: 50), (x0: 1, y0: 50, w: 31, h: 29)]
        let colours = [TestPlans.color(0.9, 0.2, 0.1, 0.8), TestPlans.color(0.1, 0.6, 0.9, 1), TestPlans.color(0.3, 0.9, 0.2, 0.55)]
        var images = windows.enumerated().map { PlanImage(key: "m\($0.offset)", image: mask($0.element.w, $0.element.h, seed: $0.offset)) }
        var items: [DrawItem] = []
        for (i, win) in windows.enumerated() {
            let window = Rect(x: Double(win.x0), y: Double(win.y0), width: Double(win.w), height: Double(win.h))
            let uv = Homography.mapping(window, to: Rect(x: 0, y: 0, width: 1, height: 1))
            for ty in stride(from: 0, to: win.h, by: 32) {
                for tx in stride(from: 0, to: win.w, by: 32) {
                    let r = Rect(x: Double(win.x0 + tx), y: Double(win.y0 + ty),
                                 width: Double(min(32, win.w - tx)), height: Double(min(32, win.h - ty)))
                    items.append(DrawItem(layer: 0, transform: .identity, rect: r,
                                          paint: .textureAlpha(.image(i), uv: uv, filter: .nearest, color: colours[i])))
                }
            }
        }
        guard includeOthers else { return TestPlans.canvas(items, clear: TestPlans.color(1, 1, 1, 1), images: images) }
        // Nearest, without coverage math, in every way that reaches the mask's edges: magnified and
        // rotated, minified, with uv past 0…1 (clamped to the edge texels), under a clip polygon.
        let r = Rect(x: 0, y: 0, width: 20, height: 14)
        let past = Homography(1.4 / 20, 0, 0, 0, 1.5 / 14, 0, -0.2, -0.25, 1)
        items += [
            DrawItem(layer: 0, transform: TestPlans.about(.rotation(0.5, 0, 0, 1), centre: Vec2(10, 7))
                        .concatenating(.scale(1.7, 1.9)).concatenating(.translation(55.3, 3.6)), rect: r,
                     paint: .textureAlpha(.image(1), uv: TestPlans.unitUV(r), filter: .nearest,
                                          color: TestPlans.color(0.2, 0.2, 0.7, 0.9))),
            DrawItem(layer: 0, transform: Transform3D.scale(0.43, 0.61).concatenating(.translation(78.2, 60.7)), rect: r,
                     paint: .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: .nearest,
                                          color: TestPlans.color(0.7, 0.1, 0.5, 1))),
            DrawItem(layer: 0, transform: .translation(30.5, 55.25), rect: Rect(x: 0, y: 0, width: 40, height: 22),
                     paint: .textureAlpha(.image(2), uv: past, filter: .nearest, color: TestPlans.color(0.5, 0.4, 0.1, 0.7)),
                     clip: [Vec2(32, 56), Vec2(70, 60), Vec2(60, 77), Vec2(35, 74)]),
        ]
        // These stay on their own textures: linear, and antialiased edges (coverage math).
        images.append(PlanImage(key: "m3", image: mask(12, 9, seed: 3)))
        items += [
            DrawItem(layer: 0, transform: .translation(75.2, 30.4), rect: Rect(x: 0, y: 0, width: 18, height: 14),
                     paint: .textureAlpha(.image(3), uv: TestPlans.unitUV(Rect(x: 0, y: 0, width: 18, height: 14)),
                                          filter: .linear, color: TestPlans.color(0.1, 0.1, 0.1, 0.6))),
            DrawItem(layer: 0, transform: .translation(76.6, 46.3), rect: Rect(x: 0, y: 0, width: 16, height: 12),
                     paint: .textureAlpha(.image(3), uv: TestPlans.unitUV(Rect(x: 0, y: 0, width: 16, height: 12)),
                                          filter: .nearest, color: TestPlans.color(0.6, 0.1, 0.1, 0.6)),
                     aaEdges: .all),
        ]
        return TestPlans.canvas(items, clear: TestPlans.color(1, 1, 1, 1), images: images)
    }

    func testMasksFromTheAtlasEqualTheirOwnTexturesAndTheCPUByteForByte() throws {
        try withFreshExecutor { gl in
            let plan = Self.plan()
            gl.useAtlas = false
            let alone = try gl.execute(plan)
            let aloneStats = gl.lastStats
            XCTAssertEqual(aloneStats.maskAtlasUploads + aloneStats.maskAtlasHits, 0)
            gl.useAtlas = true
            let atlased = try gl.execute(plan)
            let s = gl.lastStats
            // Masks 0…2 go in; mask 3 (linear, and with antialiased edges) does not.
            XCTAssertEqual(s.maskAtlasUploads, 3)
            XCTAssertEqual(s.maskAtlasPages, 1)
            XCTAssertEqual(s.maskAtlasImages, 3)
            XCTAssertEqual(s.atlasUploads + s.atlasPages, 0, "masks stay out of the colour atlas")
            XCTAssertEqual(gl.maskAtlasContents.images, 3)
            XCTAssertFalse(gl.maskAtlas.contains(TextureCacheKey(plan.images[3].image)!))
            XCTAssertLessThan(s.drawCalls, aloneStats.drawCalls, "masks share draw calls")
            let d = ImageDiff(atlased, alone)
            XCTAssertEqual(d.exact, d.pixels, "mask atlas vs own textures: \(d)")
            // And the CPU executor: within the project's tolerance over the whole plan (its linear
            // and antialiased items), byte for byte over the shape-mask tiles.
            try assertAgree("mask atlas", plan, gpu: gl)
            let tiles = Self.plan(includeOthers: false)
            let c = ImageDiff(try gl.execute(tiles), try CPUExecutor().execute(tiles))
            XCTAssertEqual(c.exact, c.pixels, "mask atlas vs the CPU executor: \(c)")
            // A later frame draws from the page without copying anything.
            XCTAssertEqual(try gl.execute(plan).pixels, alone.pixels)
            XCTAssertEqual(gl.lastStats.maskAtlasUploads, 0)
            XCTAssertEqual(gl.lastStats.maskAtlasHits, 3)
        }
    }

    /// Shape-mask tiles alone: one draw call whatever the number of masks (all
    /// blended, none overlapping another mask's tiles out of order).
    func testTiledMasksShareOneDrawCall() throws {
        try withFreshExecutor { gl in
            let plan = Self.plan(includeOthers: false)
            gl.useAtlas = false
            let alone = try gl.execute(plan)
            XCTAssertGreaterThan(gl.lastStats.drawCalls, 1, "a draw call per mask texture, but for reordering")
            gl.useAtlas = true
            XCTAssertEqual(try gl.execute(plan).pixels, alone.pixels)
            XCTAssertEqual(gl.lastStats.drawCalls, 1)
        }
    }

    /// Alpha pages hold a byte a texel where the mask's own texture holds
    /// four: every alpha value 0…255, under 30 colours over two backgrounds,
    /// must come out as from the own texture and the CPU executor.
    func testEveryAlphaValueUnderManyColoursDrawsTheSameBytes() throws {
        var px = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for i in 0..<256 { px[i * 4] = UInt8(i / 2); px[i * 4 + 1] = 3; px[i * 4 + 3] = UInt8(i) }
        let m = Image(width: 16, height: 16, pixels: px)
        let r = Rect(x: 0, y: 0, width: 16, height: 16)
        var seed: UInt64 = 256
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var items: [DrawItem] = []
        for k in 0..<30 {
            let a = k < 3 ? [1, 0.5, 1.0 / 255][k] : next()
            items.append(DrawItem(layer: 0, transform: .translation(Double(k % 6) * 16, Double(k / 6) * 16), rect: r,
                                  paint: .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: .nearest,
                                                       color: TestPlans.color(next(), next(), next(), a))))
        }
        try withFreshExecutor { gl in
            for clear in [TestPlans.color(0.3, 0.5, 0.7, 0.8), TestPlans.color(1, 1, 1, 1)] {
                let plan = TestPlans.canvas(items, clear: clear, images: [PlanImage(key: "all", image: m)])
                gl.useAtlas = false
                let alone = try gl.execute(plan)
                gl.useAtlas = true
                let atlased = try gl.execute(plan)
                XCTAssertEqual(gl.lastStats.maskAtlasUploads + gl.lastStats.maskAtlasHits, 1)
                let d = ImageDiff(atlased, alone)
                XCTAssertEqual(d.exact, d.pixels, "alpha page vs own texture: \(d)")
                let c = ImageDiff(atlased, try CPUExecutor().execute(plan))
                XCTAssertEqual(c.exact, c.pixels, "alpha page vs the CPU executor: \(c)")
            }
        }
    }

    func testAlphaPagesHoldTheAlphaBytesWithTheirGutter() throws {
        // A 3×2 image whose alpha at (x, y) is 10x + y + 1 (colour bytes 0, 7, 9: ignored).
        var px: [UInt8] = []
        for y in 0..<2 { for x in 0..<3 { px += [0, 7, 9, UInt8(10 * x + y + 1)] } }
        let a = TextureAtlas.alphaWithGutter(Image(width: 3, height: 2, pixels: px))
        // The 5×4 block, one byte a texel: 10·clamp(x − 1) + clamp(y − 1) + 1.
        XCTAssertEqual(a, [1, 1, 11, 21, 21,
                           1, 1, 11, 21, 21,
                           2, 2, 12, 22, 22,
                           2, 2, 12, 22, 22])
        // A page of the mask atlas holds a byte a texel: the first, 256², is 64 KiB of the cache's budget.
        try withFreshExecutor { gl in
            gl.useAtlas = true
            _ = try gl.execute(Self.plan(includeOthers: false))
            XCTAssertEqual(gl.maskAtlas.pageSides, [256])
            XCTAssertEqual(gl.lastStats.textureCacheBytes, 256 * 256)
            // Three masks with their gutters, a byte a texel.
            XCTAssertEqual(gl.lastStats.uploadedBytes, 72 * 47 + 35 * 52 + 33 * 31)
        }
    }

    /// Every mask new each frame (a turning shape): the last frame's pages
    /// are emptied for the new masks, not kept by the first new mask placed
    /// in their leftover room; and the pages of masks the plan draws later in
    /// the frame are pinned, never emptied for a mask drawn before them.
    func testTheLastFramesPagesAreRecycledAndThisFramesArePinned() throws {
        try withFreshExecutor { gl in
            let original = gl.maskAtlas
            // Two pages of 64²; a 20×20 mask takes 22×22 with its gutter, so a page holds four
            // (two shelves of two: 44 of 64 texels each way).
            gl.maskAtlas = TextureAtlas(maxTextureSize: 64, maxPages: 2, pageKind: .maskAtlasPage)
            defer { gl.dropImageTextures(); gl.maskAtlas = original }
            let r = Rect(x: 0, y: 0, width: 20, height: 20)
            func plan(_ masks: [Image]) -> RenderPlan {
                TestPlans.canvas(masks.indices.map { i in
                    DrawItem(layer: 0, transform: .translation(Double(i % 4) * 24, Double(i / 4) * 26), rect: r,
                             paint: .textureAlpha(.image(i), uv: TestPlans.unitUV(r), filter: .nearest,
                                                  color: TestPlans.color(0.8, 0.3, 0.1, 0.9)))
                }, clear: TestPlans.color(1, 1, 1, 1), images: masks.enumerated().map { PlanImage(key: "k\($0.offset)", image: $0.element) })
            }
            let a = (0..<5).map { Self.mask(20, 20, seed: 100 + $0) }
            let b = (0..<8).map { Self.mask(20, 20, seed: 200 + $0) }
            let x = Self.mask(20, 20, seed: 300)
            // (plan, uploads, hits, refused), worked out by hand:
            // 1. five masks: four fill page 1, the fifth opens page 2.
            // 2. eight new masks: the plan draws nothing from either page, so page 1 is emptied for the
            //    first four and page 2 for the next four (placing the first three in page 2's room, as
            //    before, kept page 2 and left the eighth mask without a page).
            // 3. a new mask drawn before the eight: both pages are pinned (full of masks this plan draws),
            //    so the new mask finds no page and the eight are found in place.
            let frames: [(RenderPlan, Int, Int, Int)] = [(plan(a), 5, 0, 0), (plan(b), 8, 0, 0), (plan([x] + b), 0, 8, 1)]
            for (n, (p, uploads, hits, refused)) in frames.enumerated() {
                gl.useAtlas = false
                let alone = try gl.execute(p)
                gl.useAtlas = true
                XCTAssertEqual(try gl.execute(p).pixels, alone.pixels, "frame \(n)")
                let s = gl.lastStats
                XCTAssertEqual(s.maskAtlasUploads, uploads, "frame \(n)")
                XCTAssertEqual(s.maskAtlasHits, hits, "frame \(n)")
                XCTAssertEqual(s.maskAtlasRefused, refused, "frame \(n)")
                XCTAssertEqual(s.maskAtlasPages, 2, "frame \(n)")
            }
        }
    }

    func testAnImageDrawnAsAColourImageAndAsAMaskGoesIntoBothAtlases() throws {
        try withFreshExecutor { gl in
            let m = Self.mask(10, 8, seed: 7)
            let r = Rect(x: 0, y: 0, width: 30, height: 24)
            let plan = TestPlans.canvas([
                DrawItem(layer: 0, transform: .translation(3.5, 4.25), rect: r,
                         paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 0.8)),
                DrawItem(layer: 0, transform: .translation(40, 30), rect: r,
                         paint: .textureAlpha(.image(0), uv: TestPlans.unitUV(r), filter: .nearest,
                                              color: TestPlans.color(0.2, 0.3, 0.9, 0.9))),
            ], clear: TestPlans.color(0.9, 0.9, 0.8, 1), images: [PlanImage(key: "m", image: m)])
            gl.useAtlas = false
            let alone = try gl.execute(plan)
            gl.dropImageTextures()          // the image's own texture, kept from that frame
            gl.useAtlas = true
            XCTAssertEqual(try gl.execute(plan).pixels, alone.pixels)
            XCTAssertEqual(gl.lastStats.atlasUploads, 1)
            XCTAssertEqual(gl.lastStats.maskAtlasUploads, 1)
            XCTAssertEqual(gl.lastStats.textureCacheEntries, 2, "a page of each atlas, no texture of the image's own")
            XCTAssertTrue(gl.hasCachedTexture(plan.images[0], asBlocks: false))
        }
    }

    /// Pages hold at most 4 MiB: 1024² RGBA8 texels, 2048² alpha bytes (so the
    /// masks of shapes-300 take four pages, not seven), and never more than the driver's limit.
    func testPagesAreBoundedByBytesNotBySide() {
        XCTAssertEqual(TextureAtlas(maxTextureSize: 16384).maxPageSide, 1024)
        XCTAssertEqual(TextureAtlas(maxTextureSize: 16384, maxPages: 8, pageKind: .maskAtlasPage).maxPageSide, 2048)
        XCTAssertEqual(TextureAtlas(maxTextureSize: 1500, maxPages: 8, pageKind: .maskAtlasPage).maxPageSide, 1024)
        XCTAssertEqual(TextureAtlas(maxTextureSize: 512).maxPageSide, 512)
    }
}
