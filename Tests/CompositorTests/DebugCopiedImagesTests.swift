// `--debug copied`: which images each executor copies while drawing (the
// GLES executor uploads every sampled image each plan, cuts large ones into
// tiles, expands PVRTC it cannot sample as blocks; the CPU executor samples
// in place), and that the overlay marks image contents only, following
// their alpha, not shadow or mask alpha images.

import XCTest
import Compositor
import GLES
import PVRTC
import Raster

final class DebugCopiedImagesTests: XCTestCase {
    let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    func item(_ x: Double, _ paint: Paint) -> DrawItem {
        DrawItem(layer: 0, transform: Homography.translation(x, 0).transform3D,
                 rect: Rect(x: 0, y: 0, width: 4, height: 4), paint: paint, shape: .quad, blend: .sourceOver)
    }

    func plan(_ items: [DrawItem], images: [PlanImage]) -> RenderPlan {
        RenderPlan(width: 16, height: 4,
                   passes: [RenderPass(id: 0, width: 16, height: 4, reason: .canvas, layerName: nil, clear: .clear,
                                       content: .draw(items))],
                   images: images, layerNames: ["a"])
    }

    var uv: Homography { Homography.mapping(Rect(x: 0, y: 0, width: 4, height: 4), to: unit) }

    func image(_ w: Int, _ h: Int, alpha: UInt8 = 255) -> Image {
        var i = Image(width: w, height: h)
        i.fill(alpha, alpha, alpha, alpha)
        return i
    }

    func testOverlayMarksContentsOnlyAlongTheirAlpha() throws {
        let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        var half = image(4, 4)
        for y in 0..<4 { for x in 2..<4 { half[x, y] = (0, 0, 0, 0) } }  // right half transparent
        let p = plan([item(0, .texture(.image(0), uv: uv, filter: .nearest, opacity: 1)),
                      item(4, .textureAlpha(.image(1), uv: uv, filter: .nearest, color: white)),
                      item(8, .solid(white))],
                     images: [PlanImage(key: "contents", image: half), PlanImage(key: "shadow mask", image: image(4, 4))])
        let tints = p.canvasPass.items.map { DebugOverlay.tint(of: $0, in: p, mode: .copied, copied: [0, 1]) }
        XCTAssertEqual(tints, [DebugOverlay.cyan, nil, nil], "contents marked; a shadow's alpha image and a solid not")
        XCTAssertNil(DebugOverlay.tint(of: p.canvasPass.items[0], in: p, mode: .copied, copied: []), "not copied: unmarked")
        let drawn = try CPUExecutor().execute(p.withDebugOverlay(.copied, copied: [0]))
        let marked = drawn[0, 1], clear = drawn[3, 1]
        XCTAssertLessThan(marked.0, marked.1, "cyan over the opaque half: red drops")
        XCTAssertEqual([clear.0, clear.1, clear.2, clear.3], [0, 0, 0, 0], "the transparent half stays unmarked")
    }

    func testCPUExecutorCopiesNothing() {
        let p = plan([item(0, .texture(.image(0), uv: uv, filter: .nearest, opacity: 1))],
                     images: [PlanImage(key: "a", image: image(4, 4))])
        XCTAssertEqual(CPUExecutor().imagesCopied(in: p), [:])
    }

    func testGLESExecutorNamesUploadsTilesAndPVRTCExpansion() throws {
        let gpu: GLESExecutor
        do { gpu = try GLESExecutor(platform: .auto, maxTextureSizeOverride: 8) } catch {
            throw XCTSkip("no EGL display: \(error)")
        }
        let pvrtc = try PVRTCEncoder(bitsPerPixel: .four, quality: .fast)
            .encodeTexture(PVRTCImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 8 * 8 * 4)))
        let p = plan([item(0, .texture(.image(0), uv: uv, filter: .nearest, opacity: 1)),
                      item(4, .texture(.image(1), uv: uv, filter: .nearest, opacity: 1)),
                      item(8, .textureAlpha(.image(2), uv: uv, filter: .nearest, color: .clear))],
                     images: [PlanImage(key: "small", image: image(4, 4)), PlanImage(key: "big", image: image(20, 4)),
                              PlanImage(key: "pvr", image: image(8, 8), pvrtc: pvrtc)])
        let copied = gpu.imagesCopied(in: p)
        XCTAssertEqual(copied[0], "uploaded")
        XCTAssertEqual(copied[1], "cut into tiles of at most 8 texels and uploaded")
        XCTAssertEqual(copied[2], "PVRTC expanded to RGBA8 and uploaded", "sampled for its alpha: not as blocks")
        XCTAssertEqual(gpu.imagesCopied(in: plan([], images: [PlanImage(key: "unused", image: image(4, 4))])), [:],
                       "images no item samples are not uploaded")
    }
}
