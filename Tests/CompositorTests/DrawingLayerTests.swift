// Drawing layers through the renderer: the drawing cycle's contract —
// drawsContent and delegates draw into bounds × contentsScale pixels, a
// frame redraws only what setNeedsDisplay(in:) marked (stats count redraws,
// pixels and backing-store bytes), nothing when nothing is marked, and
// everything after a contentsScale change or, with needsDisplayOnBoundsChange,
// a bounds change; timed operations redraw only what they damage.

import XCTest
import Compositor
import Raster

final class DrawingLayerTests: XCTestCase {
    let renderer = Renderer(executor: CPUExecutor())

    private func scene(_ layer: Layer, width: Double = 40, height: Double = 30) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        root.addSublayer(layer)
        return root
    }

    private func pixel(_ im: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let o = (y * im.width + x) * 4
        return Array(im.pixels[o..<o + 4])
    }

    func testDrawsContentFillsBoundsTimesScale() throws {
        let d = DrawingLayer()
        d.frame = Rect(x: 10, y: 5, width: 20, height: 10)
        d.contentsScale = 2
        d.drawsContent = { ctx in
            ctx.setFillColor(Color(r: 1, g: 0, b: 0))
            ctx.addRect(Rect(x: 0, y: 0, width: 10, height: 10)); ctx.fillPath()
        }
        let out = try renderer.render(root: scene(d), scale: 2)
        XCTAssertEqual(out.buildStats.drawingRedraws, 1)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 40 * 20)
        XCTAssertEqual(out.buildStats.backingStoreBytes, 20 * 10 * 4 * 4, "width × height × 4 × scale²")
        XCTAssertEqual(d.display.store?.pixelWidth, 40)
        // Canvas at 2×: the layer covers x 20..<60; its left half is red, the right half transparent.
        XCTAssertEqual(pixel(out.image, 21, 12), [255, 0, 0, 255])
        XCTAssertEqual(pixel(out.image, 39, 29), [255, 0, 0, 255])
        XCTAssertEqual(pixel(out.image, 41, 12), [0, 0, 0, 0])
    }

    final class Delegate: DrawingLayerDelegate {
        var calls = 0
        func draw(_ layer: DrawingLayer, in context: DrawingContext) {
            calls += 1
            context.setFillColor(Color(r: 0, g: 0, b: 1))
            context.addRect(layer.bounds); context.fillPath()
        }
    }

    func testRedrawsOnlyWhatIsMarked() throws {
        let d = DrawingLayer()
        let delegate = Delegate()
        d.delegate = delegate
        d.frame = Rect(x: 0, y: 0, width: 40, height: 30)
        let root = scene(d)
        var out = try renderer.render(root: root)
        XCTAssertEqual(delegate.calls, 1)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 1200)
        // Nothing marked: the kept backing image is composited, no redraw.
        out = try renderer.render(root: root)
        XCTAssertEqual(delegate.calls, 1)
        XCTAssertEqual(out.buildStats.drawingRedraws, 0)
        XCTAssertEqual(pixel(out.image, 5, 5), [0, 0, 255, 255])
        // Two dirty rects: their union is redrawn (rounded out to whole pixels), overlap counted once.
        d.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 10, height: 10))
        d.setNeedsDisplay(in: Rect(x: 5.5, y: 5, width: 10, height: 10))
        out = try renderer.render(root: root)
        XCTAssertEqual(delegate.calls, 2)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 100 + 11 * 10 - 5 * 5)
        // A contentsScale change redraws everything at the new size.
        d.contentsScale = 2
        out = try renderer.render(root: root)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 80 * 60)
        // A bounds change keeps the image (stretched) unless needsDisplayOnBoundsChange…
        d.bounds = Rect(x: 1, y: 0, width: 40, height: 30)
        out = try renderer.render(root: root)
        XCTAssertEqual(out.buildStats.drawingRedraws, 0)
        d.needsDisplayOnBoundsChange = true
        d.bounds = Rect(x: 2, y: 0, width: 40, height: 30)
        out = try renderer.render(root: root)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 80 * 60)
        // …and a size change in pixels always redraws.
        d.needsDisplayOnBoundsChange = false
        d.bounds = Rect(x: 0, y: 0, width: 20, height: 30)
        out = try renderer.render(root: root)
        XCTAssertEqual(out.buildStats.drawingPixelsRedrawn, 40 * 60)
        XCTAssertEqual(d.display.redraws, 5)
    }

    /// Operations appearing over time redraw only the damage of the new segment,
    /// and the frame equals a fresh full drawing of the same operations.
    func testTimedOperationsRedrawTheirDamage() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 80}, "sublayers": [{"type": "drawing", "frame": [0, 0, 100, 80], "draw": [
          {"op": "move", "to": [10, 10]}, {"op": "line", "to": [30, 20]},
          {"op": "line", "to": [50, 10], "time": 1}, {"op": "line", "to": [70, 20], "time": 2},
          {"op": "stroke", "color": "#1D3557", "lineWidth": 4, "lineJoin": "round", "lineCap": "round"}]}]}
        """#
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "t.json")
        let incremental = Renderer(executor: CPUExecutor())
        _ = try incremental.renderFrame(scene: scene, time: 0)
        _ = try incremental.renderFrame(scene: scene, time: 1)
        let last = try incremental.renderFrame(scene: scene, time: 2)
        // The segment (50,10)–(70,20) grown by the round join's reach (2) and a pixel: 26 × 16.
        XCTAssertEqual(last.buildStats.drawingRedraws, 1)
        XCTAssertEqual(last.buildStats.drawingPixelsRedrawn, 26 * 16)
        let fresh = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "t.json")
        let full = try Renderer(executor: CPUExecutor()).renderFrame(scene: fresh, time: 2)
        XCTAssertEqual(full.buildStats.drawingPixelsRedrawn, 8000)
        var worst = 0
        for (a, b) in zip(last.image.pixels, full.image.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        XCTAssertLessThanOrEqual(worst, 17, "cairo's sub-row coverage step, see BackingStoreTests")
    }

    /// The backing store is budgeted before it is allocated: over the memory limit the
    /// frame is refused with a problem naming the layer, and nothing was allocated.
    func testBackingStoreIsBudgetedBeforeAllocation() throws {
        let d = DrawingLayer()
        d.name = "huge"
        d.frame = Rect(x: 0, y: 0, width: 4000, height: 4000)
        d.drawsContent = { _ in XCTFail("drew over the budget") }
        let r = Renderer(executor: CPUExecutor())
        r.memoryLimit = 1 << 20
        XCTAssertThrowsError(try r.render(root: scene(d))) { e in
            XCTAssertTrue("\(e)".contains("drawing layer 'huge'"), "\(e)")
            XCTAssertTrue("\(e)".contains("--memory-limit"), "\(e)")
        }
        XCTAssertNil(d.display.store)
    }
}
