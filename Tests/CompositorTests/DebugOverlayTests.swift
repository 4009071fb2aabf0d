// Debug overlays on small hand-made plans: which items each mode tints and
// with what colour, that overlay items keep the geometry of what they mark,
// and the colour the CPU executor draws for them.

import XCTest
import Compositor
import Raster

final class DebugOverlayTests: XCTestCase {
    let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    func quad(_ x: Double, _ y: Double, _ w: Double, _ h: Double, paint: Paint, blend: BlendMode = .sourceOver,
              shape: Shape = .quad) -> DrawItem {
        DrawItem(layer: 0, transform: Homography.translation(x, y).transform3D,
                 rect: Rect(x: 0, y: 0, width: w, height: h), paint: paint, shape: shape, blend: blend)
    }

    func plan(_ canvas: [DrawItem], offscreen: [RenderPass] = [], images: [PlanImage] = []) -> RenderPlan {
        RenderPlan(width: 8, height: 8,
                   passes: offscreen + [RenderPass(id: offscreen.count, width: 8, height: 8, reason: .canvas,
                                                   layerName: nil, clear: .clear, content: .draw(canvas))],
                   images: images, layerNames: ["a"])
    }

    func testBlendedTintsSourceOverRedAndCopyGreen() throws {
        let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
        let rounded = Shape.roundedRect(Rect(x: 0, y: 0, width: 4, height: 4), radius: 1)
        let p = plan([quad(0, 0, 4, 8, paint: .solid(white), blend: .copy),
                      quad(4, 0, 4, 4, paint: .solid(PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5)), shape: rounded)])
        let o = p.withDebugOverlay(.blended)
        let items = o.canvasPass.items
        XCTAssertEqual(items.count, 4)
        XCTAssertEqual(items[2].paint, .solid(DebugOverlay.green))
        XCTAssertEqual(items[3].paint, .solid(DebugOverlay.red))
        XCTAssertEqual(items[3].shape, rounded, "same geometry as the item it marks")
        XCTAssertEqual(items[3].rect, items[1].rect)
        XCTAssertEqual(items[3].blend, .sourceOver)
        // Drawn: white under a half green → (127, 255, 127) (127.5 rounds to even, as llvmpipe does).
        let image = try CPUExecutor().execute(o)
        let px = image[1, 4]
        XCTAssertEqual([px.0, px.1, px.2, px.3], [127, 255, 127, 255])
        XCTAssertEqual(image[7, 7].3, 0, "untouched pixels stay clear")
    }

    func testOffscreenAndRasterTints() {
        let off = RenderPass(id: 0, width: 4, height: 4, reason: .rasterize, layerName: "r", clear: .clear,
                             content: .draw([]))
        let grp = RenderPass(id: 1, width: 4, height: 4, reason: .groupOpacity, layerName: "g", clear: .clear,
                             content: .draw([]))
        let uv = Homography.scale(0.25, 0.25)
        let items = [
            quad(0, 0, 4, 4, paint: .texture(.pass(0), uv: uv, filter: .linear, opacity: 1)),
            quad(4, 0, 4, 4, paint: .texture(.pass(1), uv: uv, filter: .nearest, opacity: 1)),
            quad(0, 4, 4, 4, paint: .texture(.cached(42), uv: uv, filter: .linear, opacity: 1)),
            quad(4, 4, 4, 4, paint: .solid(PremultipliedColor(r: 1, g: 0, b: 0, a: 1))),
        ]
        let p = plan(items, offscreen: [off, grp])
        XCTAssertEqual(items.map { DebugOverlay.tint(of: $0, in: p, mode: .offscreen) },
                       [DebugOverlay.yellow, DebugOverlay.yellow, nil, nil])
        XCTAssertEqual(items.map { DebugOverlay.tint(of: $0, in: p, mode: .raster) },
                       [DebugOverlay.red, nil, DebugOverlay.green, nil])
        XCTAssertEqual(p.withDebugOverlay(.raster).canvasPass.items.count, 6)
    }

    func testMisalignedImages() {
        let img = PlanImage(key: "i", image: Image(width: 4, height: 4))
        func item(_ t: Transform3D, rect: Rect = Rect(x: 0, y: 0, width: 4, height: 4)) -> DrawItem {
            DrawItem(layer: 0, transform: t, rect: rect,
                     paint: .texture(.image(0), uv: Homography.mapping(rect, to: unit), filter: .linear, opacity: 1))
        }
        let p = plan([])
        func tint(_ i: DrawItem) -> PremultipliedColor? {
            var q = p
            q.images = [img]
            return DebugOverlay.tint(of: i, in: q, mode: .misaligned)
        }
        XCTAssertNil(tint(item(Homography.translation(2, 3).transform3D)), "on the grid, 1:1")
        XCTAssertEqual(tint(item(Homography.translation(2.5, 3).transform3D)), DebugOverlay.magenta)
        XCTAssertEqual(tint(item(Homography.scale(2, 2).transform3D)), DebugOverlay.yellow)
        XCTAssertEqual(tint(item(.identity, rect: Rect(x: 0, y: 0, width: 3, height: 4))), DebugOverlay.yellow,
                       "image squeezed into a smaller rect")
        XCTAssertNil(tint(quad(0, 0, 4, 4, paint: .solid(PremultipliedColor(r: 1, g: 1, b: 1, a: 1)))))
    }
}
