// Text layers in the plan: one texture item over the bounds showing the
// backing image (ceil(bounds × contentsScale) pixels), reused between frames.

import XCTest
import Geometry
import Layers
@testable import Rendering

final class TextPlanTests: XCTestCase {
    func scene(scale: Double) -> (Layer, TextLayer) {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let t = TextLayer()
        t.name = "label"
        t.frame = Rect(x: 10, y: 5, width: 60.5, height: 30)
        t.string = "Hello"
        t.fontSize = 20
        t.contentsScale = scale
        root.addSublayer(t)
        return (root, t)
    }

    func testTextIsOneTextureItemOverTheBounds() throws {
        let (root, _) = scene(scale: 2)
        let plan = PlanBuilder.build(root: root, width: 200, height: 100, options: PlanOptions(scale: 2))
        XCTAssertEqual(plan.images.count, 1)
        XCTAssertEqual(plan.images[0].image.width, 121)
        XCTAssertEqual(plan.images[0].image.height, 60)
        guard case .draw(let items) = plan.passes[0].content else { return XCTFail("not a draw pass") }
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0].rect, Rect(x: 0, y: 0, width: 60.5, height: 30))
        guard case .texture(_, let uv, _, let opacity) = items[0].paint else { return XCTFail("not a texture") }
        XCTAssertEqual(opacity, 1)
        XCTAssertEqual(uv.apply(Vec2(60.5, 30)).x, 1, accuracy: 1e-12)
        XCTAssertEqual(uv.apply(Vec2(60.5, 30)).y, 1, accuracy: 1e-12)
    }

    func testUnchangedTextReusesItsBackingImage() {
        let (root, t) = scene(scale: 1)
        let a = PlanBuilder.build(root: root, width: 100, height: 50)
        let b = PlanBuilder.build(root: root, width: 100, height: 50)
        XCTAssertEqual(a.images.map(\.key), b.images.map(\.key))
        t.string = "Hello!"
        let c = PlanBuilder.build(root: root, width: 100, height: 50)
        XCTAssertNotEqual(a.images.map(\.key), c.images.map(\.key))
    }

    func testEmptyOrInvisibleTextDrawsNothing() {
        let (root, t) = scene(scale: 1)
        t.string = ""
        XCTAssertEqual(PlanBuilder.build(root: root, width: 100, height: 50).images.count, 0)
        t.string = "x"; t.foregroundColor = nil
        XCTAssertEqual(PlanBuilder.build(root: root, width: 100, height: 50).images.count, 0)
    }

    /// Text backing images are counted before each is rendered: a frame
    /// whose text images would pass PlanLimits.maximumTextImageBytes is
    /// refused (a problem naming the layer) and renders no further text.
    func testTextImagesOverTheFrameBudgetAreRefusedBeforeRendering() {
        let (root, _) = scene(scale: 1)
        let fits = PlanBuilder(options: PlanOptions())
        let plan = fits.build(root: root, width: 100, height: 50)
        XCTAssertEqual(fits.stats.problems, [])
        XCTAssertEqual(fits.textImageBytes, 61 * 30 * 4)
        XCTAssertEqual(plan.images.count, 1)

        let full = PlanBuilder(options: PlanOptions())
        full.textImageBytes = PlanLimits.maximumTextImageBytes - 61 * 30 * 4 + 1  // one byte short of room
        let refused = full.build(root: root, width: 100, height: 50)
        XCTAssertEqual(refused.images.count, 0, "the image is not rendered")
        XCTAssertEqual(full.stats.problems.count, 1)
        XCTAssertTrue(full.stats.problems.first?.contains("sublayers[0] (text layer 'label') text:") ?? false,
                      "\(full.stats.problems)")
        XCTAssertTrue(full.stats.problems.first?.contains("more than 256 MiB") ?? false, "\(full.stats.problems)")
    }
}
