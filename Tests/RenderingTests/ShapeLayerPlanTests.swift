// Tests what the plan builder emits for shape layers: fill trapezoids then
// stroke trapezoids, premultiplied colour × opacity, nothing for an empty
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

    func testFillThenStroke() {
        let r = canvas()
        // A square with an extra point on its top edge: not a primitive, so it is tessellated.
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
        let fillPaint = Paint.solid(PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        let strokePaint = Paint.solid(PremultipliedColor(r: 0, g: 0, b: 1, a: 1))
        // Fill first, then stroke.
        let fills = it.prefix { $0.paint == fillPaint }
        let strokes = it.dropFirst(fills.count)
        XCTAssertTrue(strokes.allSatisfy { $0.paint == strokePaint })
        func area<S: Sequence>(_ items: S) -> Double where S.Element == DrawItem {
            items.reduce(0.0) { a, item in
                guard case .trapezoid(let z) = item.shape else { XCTFail("not a trapezoid"); return a }
                return a + z.area
            }
        }
        // The fill: one 20-wide slab cut in two (items are at most 16 pixels wide).
        XCTAssertEqual(fills.count, 2)
        XCTAssertEqual(area(fills), 400, accuracy: 1e-9)
        XCTAssertEqual(fills.map(\.aaEdges), [[.left, .top, .bottom], [.top, .right, .bottom]])
        XCTAssertEqual(area(strokes), 22 * 22 - 18 * 18, accuracy: 1e-9)
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
        // An ellipse that is not a circle, or a star, is tessellated.
        for path in [Path.ellipse(Rect(x: 0, y: 0, width: 20, height: 10)),
                     Path([.move(Vec2(10, 0)), .line(Vec2(20, 20)), .line(Vec2(0, 20)), .close])] {
            let r = canvas()
            r.addSublayer(shape(path))
            let it = items(PlanBuilder.build(root: r, width: 100, height: 100))
            XCTAssertTrue(it.allSatisfy { if case .trapezoid = $0.shape { return true }; return false })
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
