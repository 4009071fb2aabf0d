// GLESTests: the texture cache kept across frames (TextureCache). Expected
// figures come from counting, not from the renderer: N distinct images drawn
// for K frames are uploaded exactly N times; changed pixels are a new upload;
// under a budget smaller than a frame's images the cache evicts yet every
// frame's picture is the images' own texels (each drawn 1:1, nearest,
// source-over onto a transparent canvas, so the canvas holds the image bytes).

import XCTest
import Geometry
import Images
import Plan
@testable import GLES

final class TextureCacheTests: XCTestCase {
    static let side = 16

    /// `images` drawn 1:1 side by side on a transparent canvas.
    func plan(_ images: [Image]) -> RenderPlan {
        let s = Self.side
        let r = Rect(x: 0, y: 0, width: Double(s), height: Double(s))
        let items = images.indices.map { i in
            DrawItem(layer: 0, transform: .translation(Double(i * s), 0), rect: r,
                     paint: .texture(.image(i), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))
        }
        return TestPlans.canvas(items, width: s * images.count, height: s,
                                images: images.enumerated().map { PlanImage(key: "img\($0.offset)", image: $0.element) })
    }

    /// The canvas the plan must produce: each image's premultiplied bytes in its column.
    func expected(_ images: [Image]) -> Image {
        let s = Self.side
        var out = Image(width: s * images.count, height: s)
        for (i, img) in images.enumerated() {
            for y in 0..<s {
                for x in 0..<s {
                    let src = (y * s + x) * 4, dst = (y * out.width + i * s + x) * 4
                    for c in 0..<4 { out.pixels[dst + c] = img.pixels[src + c] }
                }
            }
        }
        return out
    }

    func images(_ n: Int, seed: Int) -> [Image] {
        (0..<n).map { TestPlans.image(Self.side, Self.side, seed: seed + $0) }
    }

    /// Runs `body` on the shared executor with an empty cache of `budget` bytes, restoring it after.
    func withCache(budget: Int = GLESExecutor.defaultTextureCacheBudget, _ body: (GLESExecutor) throws -> Void) throws {
        let gl = try GPU.executor()
        let old = gl.textureCacheBudget, atlas = gl.useAtlas
        gl.dropImageTextures()
        gl.textureCacheBudget = budget
        // These figures are of images on their own textures; TextureAtlasTests counts the atlas pages.
        gl.useAtlas = false
        defer { gl.dropImageTextures(); gl.textureCacheBudget = old; gl.useAtlas = atlas }
        try body(gl)
    }

    func testNImagesOverKFramesUploadNTimes() throws {
        try withCache { gl in
            let imgs = images(3, seed: 10)
            let p = plan(imgs)
            var uploads = 0, hits = 0
            for frame in 0..<4 {
                let out = try gl.execute(p)
                XCTAssertEqual(out.pixels, expected(imgs).pixels, "frame \(frame)")
                uploads += gl.lastStats.textureUploads
                hits += gl.lastStats.textureCacheHits
                XCTAssertEqual(gl.lastStats.textureUploads, frame == 0 ? 3 : 0, "frame \(frame)")
                XCTAssertEqual(gl.lastStats.textureCacheEntries, 3)
                XCTAssertEqual(gl.lastStats.textureCacheBytes, 3 * Self.side * Self.side * 4)
            }
            XCTAssertEqual(uploads, 3)
            XCTAssertEqual(hits, 9)
            // The same pixels in a rebuilt plan (as each frame of `render --frames` builds one) still hit.
            _ = try gl.execute(plan(imgs))
            XCTAssertEqual(gl.lastStats.textureUploads, 0)
            // `--debug copied` asks before the frame: nothing is copied now, everything after a drop.
            XCTAssertEqual(gl.imagesCopied(in: p), [:])
            gl.dropImageTextures()
            XCTAssertEqual(gl.imagesCopied(in: p).count, 3)
        }
    }

    func testChangedPixelsAreUploadedAgain() throws {
        try withCache { gl in
            var imgs = images(2, seed: 20)
            _ = try gl.execute(plan(imgs))
            XCTAssertEqual(gl.lastStats.textureUploads, 2)
            // Redrawn content (a drawing layer after setNeedsDisplay): a changed copy of image 1.
            imgs[1].pixels[0] = 255 &- imgs[1].pixels[0]
            imgs[1].pixels[3] = 255
            let out = try gl.execute(plan(imgs))
            XCTAssertEqual(gl.lastStats.textureUploads, 1, "only the changed image goes up again")
            XCTAssertEqual(gl.lastStats.textureCacheHits, 1)
            XCTAssertEqual(out.pixels, expected(imgs).pixels)
        }
    }

    func testTinyBudgetEvictsAndStillDrawsEveryFrameRight() throws {
        let one = Self.side * Self.side * 4
        try withCache(budget: one + one / 2) { gl in
            let a = images(3, seed: 30), b = images(3, seed: 40)
            for frame in 0..<4 {
                let imgs = frame % 2 == 0 ? a : b
                let out = try gl.execute(plan(imgs))
                XCTAssertEqual(out.pixels, expected(imgs).pixels, "frame \(frame)")
                XCTAssertLessThanOrEqual(gl.lastStats.textureCacheBytes, one + one / 2)
                XCTAssertEqual(gl.lastStats.textureCacheEntries, 1, "the most recently used image stays")
                XCTAssertGreaterThanOrEqual(gl.lastStats.textureCacheEvictions, 2)
            }
        }
        try withCache(budget: 0) { gl in
            let imgs = images(2, seed: 50)
            for _ in 0..<2 {
                XCTAssertEqual(try gl.execute(plan(imgs)).pixels, expected(imgs).pixels)
                XCTAssertEqual(gl.lastStats.textureUploads, 2, "budget 0 uploads every frame")
                XCTAssertEqual(gl.lastStats.textureCacheBytes, 0)
            }
        }
    }
}
