// `--debug blended` and `misaligned` mark what is drawn inside offscreen
// passes of colour content (an image scaled inside a clipped or masked
// group), but never a pass read as a mask's alpha, a shadow, or a
// rasterized bitmap; `offscreen` and `raster` keep marking the canvas only.

import XCTest
import Compositor

final class DebugOverlayInsidePassesTests: XCTestCase {
    let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// An image of 4×4 pixels drawn scaled 2× (8×8) at the origin.
    func scaledImage() -> DrawItem {
        let rect = Rect(x: 0, y: 0, width: 4, height: 4)
        return DrawItem(layer: 0, transform: Homography.scale(2, 2).transform3D, rect: rect,
                        paint: .texture(.image(0), uv: Homography.mapping(rect, to: unit), filter: .linear, opacity: 1))
    }

    func pass(_ id: Int, _ reason: PassReason, _ items: [DrawItem]) -> RenderPass {
        RenderPass(id: id, width: 8, height: 8, reason: reason, layerName: "p\(id)", clear: .clear,
                   content: .draw(items))
    }

    func testScaledImagesInsideColourPassesAreMarkedButMaskSourcesAreNot() {
        let uv = Homography.scale(0.125, 0.125)
        let passes = [
            pass(0, .roundedClip, [scaledImage()]),
            pass(1, .mask, [scaledImage()]),       // the masked layer's content
            pass(2, .mask, [scaledImage()]),       // the mask itself (alpha source)
            pass(3, .rasterize, [scaledImage()]),
            pass(4, .shadow, [scaledImage()]),
        ]
        let canvas = RenderPass(id: 5, width: 8, height: 8, reason: .canvas, layerName: nil, clear: .clear, content: .draw([
            DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 8),
                     paint: .texture(.pass(0), uv: uv, filter: .nearest, opacity: 1)),
            DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 8),
                     paint: .masked(.pass(1), mask: .pass(2), uv: uv, filter: .nearest, opacity: 1)),
        ]))
        let plan = RenderPlan(width: 8, height: 8, passes: passes + [canvas],
                              images: [PlanImage(key: "i", image: Image(width: 4, height: 4))], layerNames: ["a"])
        let marked = plan.withDebugOverlay(.misaligned)
        func count(_ p: Int) -> Int { marked.passes[p].items.count }
        XCTAssertEqual(count(0), 2, "scaled image in a rounded clip: marked")
        XCTAssertEqual(marked.passes[0].items[1].paint, .solid(DebugOverlay.yellow))
        XCTAssertEqual(count(1), 2, "scaled image in a masked layer's content: marked")
        XCTAssertEqual(count(2), 1, "the mask's alpha source is left alone")
        XCTAssertEqual(count(3), 1, "rasterized bitmaps are left alone")
        XCTAssertEqual(count(4), 1, "shadow sources are left alone")
        XCTAssertEqual(plan.withDebugOverlay(.blended).passes[0].items.count, 2)
        XCTAssertEqual(plan.withDebugOverlay(.offscreen).passes[0].items.count, 1, "offscreen marks the canvas only")
    }
}
