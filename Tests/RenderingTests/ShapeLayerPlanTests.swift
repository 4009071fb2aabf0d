// Tests what the plan builder emits for shape layers: the fill then the
// stroke (coverage mask tiles, under a 2D map and under perspective),
// premultiplied colour × opacity, nothing for an empty
// path, a null fill or a zero line width, and no culling of a path that
// lies outside the layer's bounds (shapes are not clipped to bounds).

import XCTest
import Geometry
import Layers
@testable import Rendering

final class ShapeLayerPlanTests: XCTestCase {
    func canvas() -> Layer {
        let r = Layer()
        r.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        return r
    }

    func shape(_ path: Path?) -> ShapeLayer {
        let s = ShapeLayer()
        s.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        s.path = path
        return s
    }

    func items(_ plan: RenderPlan) -> [DrawItem] {
        guard case .draw(let items) = plan.passes.last!.content else { return [] }
        return items
    }

    /// The area `items` cover in target pixels: solid tiles whole, mask tiles
    /// by their coverage texels.
    func coveredArea<S: Sequence>(_ items: S, _ plan: RenderPlan) -> Double where S.Element == DrawItem {
        items.reduce(0.0) { a, item in
            switch (item.paint, item.shape) {
            case (.solid, .quad):
                return a + item.rect.width * item.rect.height
            case (.textureAlpha(.image(let i), let uv, .nearest, _), .quad):
                let img = plan.images[i].image
                var sum = 0.0
                for y in Int(item.rect.minY)..<Int(item.rect.maxY) {
                    for x in Int(item.rect.minX)..<Int(item.rect.maxX) {
                        let t = uv.apply(Vec2(Double(x) + 0.5, Double(y) + 0.5))
                        sum += Double(img[Int(t.x * Double(img.width)), Int(t.y * Double(img.height))].3) / 255
                    }
                }
                return a + sum
            default:
                XCTFail("not a shape item: \(item)")
                return a
            }
        }
    }

    func colour(_ item: DrawItem) -> PremultipliedColor? {
        switch item.paint {
        case .solid(let c), .textureAlpha(_, _, _, let c): return c
        default: return nil
        }
    }

    func testFillThenStroke() {
        let r = canvas()
        // A square with an extra point on its top edge: not a primitive, so it is drawn from its coverage.
        let s = shape(Path([.move(Vec2(0, 0)), .line(Vec2(10, 0)), .line(Vec2(20, 0)), .line(Vec2(20, 20)),
                            .line(Vec2(0, 20)), .close]))
        s.fillColor = Color(r: 1, g: 0, b: 0, a: 1)
        s.strokeColor = Color(r: 0, g: 0, b: 1, a: 1)
        s.lineWidth = 2
        s.opacity = 0.5
        r.addSublayer(s)
        // Below opacity 1 the overlapping fill and stroke are one part: drawn
        // at full opacity into a shapeContent window, faded once on the canvas.
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(plan.passes.map(\.reason), [.shapeContent, .canvas])
        guard case .texture(.pass(0), _, _, let faded) = items(plan).first?.paint else { return XCTFail() }
        XCTAssertEqual(faded, 0.5)
        guard case .draw(let it) = plan.passes[0].content else { return XCTFail() }
        let fillColour = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
        let strokeColour = PremultipliedColor(r: 0, g: 0, b: 1, a: 1)
        // Fill first, then stroke.
        let fills = it.prefix { colour($0) == fillColour }
        let strokes = it.dropFirst(fills.count)
        XCTAssertFalse(fills.isEmpty)
        XCTAssertTrue(strokes.allSatisfy { colour($0) == strokeColour })
        // The fill covers its 20 × 20 pixels exactly (one full tile: a solid quad);
        // the stroke the ring between the squares 22 and 18 wide.
        XCTAssertEqual(coveredArea(fills, plan), 400, accuracy: 1e-9)
        XCTAssertTrue(fills.allSatisfy { if case .solid = $0.paint { return true }; return false })
        XCTAssertEqual(coveredArea(strokes, plan), 22 * 22 - 18 * 18, accuracy: 1e-9)
    }

    func testRectRoundedRectAndCircleFillsAreOneAnalyticItem() {
        let cases: [(Path, Shape)] = [
            (.rect(Rect(x: 1, y: 2, width: 15, height: 9)), .quad),
            (.roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), radius: 3),
             .roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), radius: 3)),
            (.ellipse(Rect(x: 2, y: 2, width: 16, height: 16)),
             .roundedRect(Rect(x: 2, y: 2, width: 16, height: 16), radius: 8)),
        ]
        for (path, expected) in cases {
            let r = canvas()
            let s = shape(path)
            r.addSublayer(s)
            let it = items(PlanBuilder.build(root: r, width: 100, height: 100))
            XCTAssertEqual(it.count, 1, "\(path)")
            XCTAssertEqual(it.first?.shape, expected)
            XCTAssertEqual(it.first?.aaEdges, .all, "shape edges are always antialiased")
        }
        // An ellipse that is not a circle, or a triangle, is drawn from its exact
        // coverage: pixel-aligned tiles, the partly covered ones sampling a
        // coverage mask texel for texel, under a 2D map and under perspective.
        let ellipse = Path.ellipse(Rect(x: 0, y: 0, width: 20, height: 10))
        let triangle = Path([.move(Vec2(10, 0)), .line(Vec2(20, 20)), .line(Vec2(0, 20)), .close])
        for (path, area) in [(ellipse, Double.pi * 10 * 5), (triangle, 200)] {
            let r = canvas()
            r.addSublayer(shape(path))
            let plan = PlanBuilder.build(root: r, width: 100, height: 100)
            let it = items(plan)
            XCTAssertTrue(it.allSatisfy { $0.shape == .quad && $0.aaEdges == [] && $0.transform == .identity })
            XCTAssertTrue(it.contains { if case .textureAlpha(_, _, .nearest, _) = $0.paint { return true }; return false })
            // Each texel rounds its coverage to 8 bits: within half a level a pixel.
            XCTAssertEqual(coveredArea(it, plan), area, accuracy: 0.05 + 0.5 / 255 * 400)
            let s = shape(path)
            var eye = Transform3D.identity
            eye.m34 = -1.0 / 200
            s.transform = Transform3D.rotation(0.5, 0, 1, 0).concatenating(eye)
            let p = canvas()
            p.addSublayer(s)
            let turned = items(PlanBuilder.build(root: p, width: 100, height: 100))
            XCTAssertFalse(turned.isEmpty)
            XCTAssertTrue(turned.allSatisfy { $0.shape == .quad && $0.aaEdges == [] && $0.transform == .identity })
            XCTAssertTrue(turned.contains { if case .textureAlpha(_, _, .nearest, _) = $0.paint { return true }; return false })
        }
    }

    /// masksToBounds with a cornerRadius clips what a shape or text layer
    /// draws in its contents slot to the rounded bounds (an offscreen
    /// rounded clip), as it clips contents and sublayers.
    func testRoundedMasksToBoundsClipsShapeAndTextContent() {
        let r = canvas()
        let s = shape(.rect(Rect(x: -10, y: -10, width: 40, height: 40)))
        let t = TextLayer()
        t.frame = Rect(x: 50, y: 10, width: 40, height: 40)
        t.string = "WWWW"
        for l in [s, t] as [Layer] {
            l.cornerRadius = 12
            l.masksToBounds = true
            r.addSublayer(l)
        }
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(plan.offscreenPassesByReason[.roundedClip], 2)
        // Without a radius the clip stays an aliased polygon: no pass.
        s.cornerRadius = 0; t.cornerRadius = 0
        XCTAssertNil(PlanBuilder.build(root: r, width: 100, height: 100).offscreenPassesByReason[.roundedClip])
    }

    func testNothingToDraw() {
        let cases: [(ShapeLayer) -> Void] = [
            { $0.path = nil },
            { $0.path = Path() },
            { $0.fillColor = nil },
            { $0.fillColor = nil; $0.strokeColor = .black; $0.lineWidth = 0 },
            { $0.fillColor = nil; $0.strokeColor = .black; $0.strokeStart = 0.7; $0.strokeEnd = 0.3 },
        ]
        for (i, change) in cases.enumerated() {
            let r = canvas()
            let s = shape(.rect(Rect(x: 0, y: 0, width: 20, height: 20)))
            change(s)
            r.addSublayer(s)
            XCTAssertEqual(items(PlanBuilder.build(root: r, width: 100, height: 100)).count, 0, "case \(i)")
        }
    }

    func testPathOutsideTheBoundsIsNotCulled() {
        let r = canvas()
        let s = shape(.ellipse(Rect(x: 40, y: 40, width: 30, height: 30)))
        s.bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        r.addSublayer(s)
        let it = items(PlanBuilder.build(root: r, width: 100, height: 100))
        XCTAssertEqual(it.count, 1, "the circle is drawn although the bounds are empty")
        XCTAssertEqual(it.first?.rect, Rect(x: 40, y: 40, width: 30, height: 30))
    }
}
