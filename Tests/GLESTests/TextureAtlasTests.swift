// GLESTests: small images sharing atlas pages (TextureAtlas). Placements and
// gutters are checked against positions worked out by hand; sampling through
// the atlas is checked against the same plan drawn with every image on its
// own texture (useAtlas off) on the same executor, byte for byte — edges
// antialiased so uv leaves 0…1, minified by more than the gutter, rotated,
// in perspective, nearest, and uv maps whose pixel centres land exactly on
// llvmpipe's rounding ties; images that must stay out (PVRTC, too large)
// and the texture cache's budget over pages are counted.

import XCTest
import Geometry
import Images
import Plan
import PVRTC
@testable import GLES

final class TextureAtlasTests: XCTestCase {
    // MARK: - Placement and gutters, by hand

    func testShelfPlacementsByHand() {
        var p = AtlasPacker(side: 64)
        // 10×6 with its gutter takes 12×8 at the top left: texel (0, 0) lands at (1, 1).
        XCTAssertTrue(p.place(width: 10, height: 6)! == (1, 1))
        // 20×30 (22×32) is taller than shelf 0 (8): a new shelf opens at y = 8.
        XCTAssertTrue(p.place(width: 20, height: 30)! == (1, 9))
        // 5×5 (7×7) fits shelf 0 (the lowest that holds it), after the 12 columns taken.
        XCTAssertTrue(p.place(width: 5, height: 5)! == (13, 1))
        // 6×20 (8×22) fits shelf 1 only, after its 22 columns.
        XCTAssertTrue(p.place(width: 6, height: 20)! == (23, 9))
        XCTAssertEqual(p.shelves, [AtlasPacker.Shelf(y: 0, height: 8, x: 19), AtlasPacker.Shelf(y: 8, height: 32, x: 30)])
        // Too wide or too tall with the gutter (63 + 2 > 64), and empty images, never fit.
        XCTAssertNil(p.place(width: 63, height: 2))
        XCTAssertNil(p.place(width: 2, height: 63))
        XCTAssertNil(p.place(width: 0, height: 4))
        // 62×22 (64×24) fills a third shelf at y = 40 exactly to the page's bottom edge; 50×1 (52×3)
        // then fits no shelf (45, 34 and 0 columns left) and no new one opens.
        XCTAssertTrue(p.place(width: 62, height: 22)! == (1, 41))
        XCTAssertNil(p.place(width: 50, height: 1))
        XCTAssertTrue(p.place(width: 40, height: 1)! == (20, 1))
        p.reset()
        XCTAssertTrue(p.place(width: 62, height: 62)! == (1, 1))
    }

    func testGutterRepeatsTheEdgeTexels() {
        // A 3×2 image with texel (x, y) = (10x + y, 100 + y, 200, 255).
        var px: [UInt8] = []
        for y in 0..<2 { for x in 0..<3 { px += [UInt8(10 * x + y), UInt8(100 + y), 200, 255] } }
        let t = TextureAtlas.texelsWithGutter(Image(width: 3, height: 2, pixels: px))
        XCTAssertEqual(t.count, 5 * 4 * 4)
        // Row by row of the 5×4 block: the red byte is 10·clamp(x − 1) + clamp(y − 1).
        let reds: [[UInt8]] = [[0, 0, 10, 20, 20], [0, 0, 10, 20, 20], [1, 1, 11, 21, 21], [1, 1, 11, 21, 21]]
        for y in 0..<4 {
            XCTAssertEqual((0..<5).map { t[(y * 5 + $0) * 4] }, reds[y], "row \(y)")
            XCTAssertEqual((0..<5).map { t[(y * 5 + $0) * 4 + 1] }, [UInt8](repeating: y < 2 ? 100 : 101, count: 5))
        }
    }

    func testSlotPackingAndTheShadersCoordinateAreExact() {
        let tex = PooledTexture(id: 0, width: 1024, height: 1024)
        let s = AtlasSlot(texture: tex, originX: 13, originY: 1, width: 5, height: 256)
        XCTAssertTrue(s.packed == (13 * 512 + 5, 1 * 512 + 256))
        // The colour of every vertex gets the slot in .y/.z; .x and .w keep the opacity.
        var g = ItemGeometry(vertices: [Float](repeating: 0.5, count: VertexLayout.stride * 3))
        s.stamp(&g)
        for k in 0..<3 {
            let c = k * VertexLayout.stride + VertexLayout.color
            XCTAssertEqual(Array(g.vertices[c..<(c + 4)]), [0.5, 6661, 768, 0.5])
        }
        // The shader's unpacking (origin = ⌊p/512⌋, size = p − 512·origin) and its page coordinate
        // (origin·256 + n) / (W·256) come back to exactly origin·256 + n when the page scales by W·256
        // (as llvmpipe does before rounding): checked for every n of the largest image in the largest page.
        let W: Float = 1024
        for origin in [1, 517, 766] {
            let p = Float(origin * 512 + 256)
            let o = (p / 512).rounded(.down)
            XCTAssertEqual(o, Float(origin)); XCTAssertEqual(p - o * 512, 256)
            for n in stride(from: 128, through: 256 * 256 - 128, by: 1) {
                let coord = (o * 256 + Float(n)) / (W * 256)
                XCTAssertEqual(coord * (W * 256), Float(origin * 256 + n))
            }
        }
    }

    // MARK: - Sampling through the atlas = sampling the image alone

    /// Items drawing images 0…2 (of different sizes) in every way that reaches a sub-image's edges.
    static func plan() -> RenderPlan {
        let images = [TestPlans.image(13, 7, seed: 3), TestPlans.image(64, 64, seed: 4), TestPlans.image(4, 4, seed: 5)]
        var items: [DrawItem] = []
        func add(_ i: Int, _ r: Rect, _ t: Transform3D = .identity, filter: TextureFilter = .linear,
                 opacity: Double = 1, aa: EdgeMask = .all, uv: Homography? = nil) {
            items.append(DrawItem(layer: 0, transform: t, rect: r,
                                  paint: .texture(.image(i), uv: uv ?? TestPlans.unitUV(r), filter: filter, opacity: opacity),
                                  aaEdges: aa))
        }
        // Magnified at fractional positions, antialiased (uv past 0…1 by up to a pixel).
        add(0, Rect(x: 2.3, y: 1.7, width: 41.4, height: 23.9))
        add(2, Rect(x: 46.6, y: 2.2, width: 30.5, height: 26.3), opacity: 0.7)
        // Minified: 64 texels into 9 and 13 pixels (a pixel spans ~5–7 texels, far past the 1-texel gutter).
        add(1, Rect(x: 80.4, y: 3.1, width: 9.2, height: 13.3))
        add(1, Rect(x: 2.5, y: 30.5, width: 20, height: 20), opacity: 0.55)
        // Rotated and in perspective.
        add(0, Rect(x: 30, y: 30, width: 30, height: 22), TestPlans.about(.rotation(0.4, 0, 0, 1), centre: Vec2(45, 41)))
        add(1, Rect(x: 62, y: 30, width: 30, height: 30),
            TestPlans.about(.rotation(0.6, 0, 1, 0).concatenating(TestPlans.perspective(120)), centre: Vec2(77, 45)), opacity: 0.8)
        // Nearest, magnified and minified.
        add(0, Rect(x: 3.2, y: 55.4, width: 27.7, height: 11.1), filter: .nearest)
        add(1, Rect(x: 33.5, y: 55.5, width: 17.3, height: 19.4), filter: .nearest, aa: [])
        // Ties: u·(w·256) = k + ½ at every pixel centre (u = 5(x + 60)/1024 over the 4-texel image,
        // v = 5y/1024, all exact binary fractions), the case where roundEven and rounding half up
        // differ; s = u·1024 runs over 560…760 and 260…380, inside the image (no clamping).
        let tie = Rect(x: 52, y: 52, width: 40, height: 24)
        add(2, tie, aa: [], uv: Homography(5.0 / 1024, 0, 0, 0, 5.0 / 1024, 0, 300.0 / 1024, 0, 1))
        // Near-ties at the far end of the 13-texel image's range: u·3328 ≈ k + ½ near 1.
        add(0, Rect(x: 52, y: 76, width: 40, height: 4), aa: [],
            uv: Homography(1.0 / 3328, 0, 0, 0, 1.0 / 3328, 0, 3240.0 / 3328, 0, 1))
        return TestPlans.canvas(items, clear: TestPlans.color(0.2, 0.3, 0.1, 1),
                                images: images.enumerated().map { PlanImage(key: "i\($0.offset)", image: $0.element) })
    }

    func testAtlasSamplingEqualsEachImagesOwnTextureByteForByte() throws {
        try withFreshExecutor { gl in
            let plan = Self.plan()
            gl.useAtlas = false
            let alone = try gl.execute(plan)
            let aloneStats = gl.lastStats
            XCTAssertEqual(aloneStats.atlasUploads + aloneStats.atlasHits, 0)
            gl.useAtlas = true
            let atlased = try gl.execute(plan)
            let s = gl.lastStats
            XCTAssertEqual(s.atlasUploads, 3, "all three images go into one page")
            XCTAssertEqual(s.atlasPages, 1)
            XCTAssertLessThan(s.drawCalls, aloneStats.drawCalls, "images share draw calls")
            let d = ImageDiff(atlased, alone)
            XCTAssertEqual(d.exact, d.pixels, "atlas vs own textures: \(d)")
            // Later frames draw from the page without copying anything.
            XCTAssertEqual(try gl.execute(plan).pixels, alone.pixels)
            XCTAssertEqual(gl.lastStats.atlasUploads, 0)
            XCTAssertEqual(gl.lastStats.atlasHits, 3)
            XCTAssertEqual(gl.lastStats.textureUploads, 0)
        }
    }

    /// The same byte-for-byte check over many random placements, sizes and uv maps.
    func testRandomPlacementsSampleLikeTheImagesOwnTextures() throws {
        try withFreshExecutor { gl in
            var seed: UInt64 = 0x5EED
            func next() -> Double {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Double(seed >> 11) / Double(1 << 53)
            }
            for round in 0..<3 {
                var images: [PlanImage] = []
                var items: [DrawItem] = []
                for i in 0..<12 {
                    let w = 1 + Int(next() * 40), h = 1 + Int(next() * 40)
                    images.append(PlanImage(key: "r\(round)-\(i)", image: TestPlans.image(w, h, seed: round * 100 + i)))
                    let r = Rect(x: next() * 80, y: next() * 64, width: 2 + next() * 50, height: 2 + next() * 40)
                    let t = TestPlans.about(.rotation(next() - 0.5, 0, 0, 1), centre: Vec2(r.midX, r.midY))
                    items.append(DrawItem(layer: 0, transform: t, rect: r,
                                          paint: .texture(.image(i), uv: TestPlans.unitUV(r),
                                                          filter: next() < 0.2 ? .nearest : .linear,
                                                          opacity: 0.3 + next() * 0.7),
                                          aaEdges: next() < 0.7 ? .all : []))
                }
                let plan = TestPlans.canvas(items, clear: TestPlans.color(0.1, 0.1, 0.1, 1), images: images)
                gl.useAtlas = false
                let alone = try gl.execute(plan)
                gl.useAtlas = true
                let atlased = try gl.execute(plan)
                XCTAssertEqual(gl.lastStats.atlasUploads, 12, "round \(round)")
                let d = ImageDiff(atlased, alone)
                XCTAssertEqual(d.exact, d.pixels, "round \(round): \(d)")
            }
        }
    }

    // MARK: - What stays out of the atlas

    func testPVRTCAndLargeImagesStayOnTheirOwnTextures() throws {
        try withFreshExecutor { gl in
            gl.useAtlas = true
            let t = PVRTCShaderDecodeTests.randomTexture(width: 16, height: 16, seed: 7)
            let large = TestPlans.image(257, 9, seed: 8)
            let largest = TestPlans.image(256, 256, seed: 9)
            let r = Rect(x: 0, y: 0, width: 40, height: 40)
            func item(_ i: Int, x: Double) -> DrawItem {
                DrawItem(layer: 0, transform: .translation(x, 0), rect: r,
                         paint: .texture(.image(i), uv: TestPlans.unitUV(r), filter: .linear, opacity: 1))
            }
            let plan = TestPlans.canvas([item(0, x: 0), item(1, x: 40), item(2, x: 50)],
                                        images: [try PVRTCShaderDecodeTests.planImage(t),
                                                 PlanImage(key: "large", image: large), PlanImage(key: "largest", image: largest)])
            _ = try gl.execute(plan)
            XCTAssertEqual(gl.lastStats.atlasUploads, 1, "only the 256×256 image goes in")
            XCTAssertEqual(gl.atlasContents.images, 1)
            XCTAssertFalse(gl.atlas.accepts(width: 257, height: 9))
            XCTAssertTrue(gl.atlas.accepts(width: 256, height: 256))
            XCTAssertFalse(gl.atlas.contains(TextureCacheKey(large)!))
            XCTAssertTrue(gl.atlas.contains(TextureCacheKey(largest)!))
            XCTAssertFalse(gl.atlas.contains(TextureCacheKey(plan.images[0].image)!))
        }
    }

    // MARK: - Pages and the texture cache's budget

    func testPagesCountAgainstTheCacheBudget() throws {
        let plan = Self.plan()
        let first = TextureAtlas.firstPageSide
        try withFreshExecutor { gl in
            gl.useAtlas = true
            _ = try gl.execute(plan)
            XCTAssertEqual(gl.lastStats.textureCacheEntries, 1, "one page entry, no image of its own")
            XCTAssertEqual(gl.lastStats.textureCacheBytes, first * first * 4)
            XCTAssertEqual(gl.atlas.pageSides, [first])
        }
        // A budget smaller than a page: the page goes after every frame, and every frame copies the images again.
        try withFreshExecutor(budget: first * first) { gl in
            gl.useAtlas = false
            let alone = try gl.execute(plan)
            gl.useAtlas = true
            for frame in 0..<2 {
                XCTAssertEqual(try gl.execute(plan).pixels, alone.pixels, "frame \(frame)")
                XCTAssertEqual(gl.lastStats.atlasUploads, 3)
                XCTAssertEqual(gl.lastStats.atlasPages, 0)
                XCTAssertLessThanOrEqual(gl.lastStats.textureCacheBytes, first * first)
            }
        }
    }

    func testPagesGrowAreRecycledWhenTheFrameDoesNotUseThemAndRefuseWhenFull() throws {
        try withFreshExecutor { gl in
            // An atlas as for a 64-texel texture limit: pages of 64², images up to 62; 40×40 (42 with
            // gutters) takes a page of its own, so the four pages hold four images.
            let original = gl.atlas
            gl.atlas = TextureAtlas(maxTextureSize: 64)
            defer { gl.dropImageTextures(); gl.atlas = original }
            XCTAssertEqual(gl.atlas.maxImageSide, 62)
            func plan(seed: Int) -> RenderPlan {
                let r = Rect(x: 0, y: 0, width: 16, height: 16)
                return TestPlans.canvas((0..<5).map { i in
                    DrawItem(layer: 0, transform: .translation(Double(i) * 17 + 0.5, 3.25), rect: r,
                             paint: .texture(.image(i), uv: TestPlans.unitUV(r), filter: .linear, opacity: 0.9),
                             aaEdges: .all)
                }, images: (0..<5).map { PlanImage(key: "p\($0)", image: TestPlans.image(40, 40, seed: seed + $0)) })
            }
            // The same plan twice in a row (image keys are the pixel arrays' identities).
            let plans = [plan(seed: 1000), plan(seed: 2000)]
            for (frame, p) in [plans[0], plans[1], plans[1]].enumerated() {
                gl.useAtlas = false
                let alone = try gl.execute(p)
                gl.useAtlas = true
                XCTAssertEqual(try gl.execute(p).pixels, alone.pixels, "frame \(frame)")
                let s = gl.lastStats
                XCTAssertEqual(s.atlasPages, 4, "frame \(frame)")
                XCTAssertEqual(gl.atlas.pageSides, [64, 64, 64, 64])
                XCTAssertEqual(s.atlasImages, 4, "frame \(frame)")
                // The fifth image finds no page: pages this frame draws from are never emptied under it.
                XCTAssertEqual(s.atlasRefused, 1, "frame \(frame)")
                // New images empty the pages of the last frame's; the same images again are found in place.
                XCTAssertEqual(s.atlasUploads, frame < 2 ? 4 : 0, "frame \(frame)")
                XCTAssertEqual(s.atlasHits, frame < 2 ? 0 : 4, "frame \(frame)")
            }
        }
        // With large pages, they grow: 256², then 512² for an image the first cannot hold.
        try withFreshExecutor { gl in
            gl.useAtlas = true
            let r = Rect(x: 0, y: 0, width: 20, height: 20)
            let sides = [200, 240]
            let p = TestPlans.canvas(sides.indices.map { i in
                DrawItem(layer: 0, transform: .translation(Double(i) * 20, 0), rect: r,
                         paint: .texture(.image(i), uv: TestPlans.unitUV(r), filter: .linear, opacity: 1))
            }, images: sides.map { PlanImage(key: "s\($0)", image: TestPlans.image($0, $0, seed: $0)) })
            _ = try gl.execute(p)
            XCTAssertEqual(gl.atlas.pageSides, [256, 512])
            XCTAssertEqual(gl.lastStats.textureCacheBytes, (256 * 256 + 512 * 512) * 4)
        }
    }
}
