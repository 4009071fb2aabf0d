// Tests what the plan builder emits for gradient layers: one Paint.gradient
// quad over the bounds with local start/end points, blending off only when
// certainly opaque, solid fills for one colour, nothing for none, rounding
// only through masksToBounds, and the vertex stage's uv = local point.

import XCTest
import Geometry
import Layers
@testable import Rendering

final class PlanBuilderGradientTests: XCTestCase {
    func scene(_ configure: (GradientLayer) -> Void) -> RenderPlan {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let g = GradientLayer()
        g.name = "g"
        g.frame = Rect(x: 10, y: 20, width: 40, height: 20)
        g.colors = [Color(r: 1, g: 0, b: 0), Color(r: 0, g: 0, b: 1)]
        configure(g)
        root.addSublayer(g)
        return PlanBuilder.build(root: root, width: 100, height: 100)
    }

    func items(_ plan: RenderPlan) -> [DrawItem] {
        plan.passes.flatMap { p -> [DrawItem] in
            if case .draw(let items) = p.content { return items }
            return []
        }
    }

    func testOpaqueGradientIsOneCopyQuadWithLocalPoints() throws {
        let plan = scene { $0.startPoint = Vec2(0.25, 0.5); $0.endPoint = Vec2(1, 0); $0.type = .radial }
        let all = items(plan)
        XCTAssertEqual(all.count, 1)
        let item = try XCTUnwrap(all.first)
        XCTAssertEqual(item.rect, Rect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(item.blend, .copy)
        XCTAssertEqual(item.aaEdges, [])
        guard case .gradient(let g) = item.paint else { return XCTFail("\(item.paint)") }
        XCTAssertEqual(g.kind, .radial)
        XCTAssertEqual(g.start, Vec2(10, 10))
        XCTAssertEqual(g.end, Vec2(40, 0))
        XCTAssertEqual(g.locations, [0, 1])
        XCTAssertEqual(g.opacity, 1)
    }

    func testTranslucencyOpacityOrAntialiasingBlend() {
        let translucent = scene { $0.colors = [Color(r: 1, g: 0, b: 0, a: 0.5), .white] }
        XCTAssertEqual(items(translucent).first?.blend, .sourceOver)
        let faded = scene { $0.opacity = 0.5 }
        XCTAssertEqual(items(faded).first?.blend, .sourceOver)
        if case .gradient(let g)? = items(faded).first?.paint { XCTAssertEqual(g.opacity, 0.5) } else { XCTFail() }
        let aa = scene { $0.allowsEdgeAntialiasing = true }
        XCTAssertEqual(items(aa).first?.blend, .sourceOver)
        XCTAssertEqual(items(aa).first?.aaEdges, .all)
    }

    func testOneColourIsSolidAndNoneDrawsNothing() {
        let one = scene { $0.colors = [Color(r: 0, g: 1, b: 0)]; $0.opacity = 0.5 }
        XCTAssertEqual(items(one).first?.paint, .solid(PremultipliedColor(r: 0, g: 0.5, b: 0, a: 0.5)))
        XCTAssertTrue(items(scene { $0.colors = [] }).isEmpty)
        // A zero-length axis fills with the last colour.
        let flat = scene { $0.startPoint = Vec2(0.5, 0.5); $0.endPoint = Vec2(0.5, 0.5) }
        XCTAssertEqual(items(flat).first?.paint, .solid(PremultipliedColor(r: 0, g: 0, b: 1, a: 1)))
    }

    func testCornerRadiusRoundsOnlyWithMasksToBounds() {
        let plain = scene { $0.cornerRadius = 8 }
        XCTAssertEqual(plain.passes.map(\.reason), [.canvas])
        let clipped = scene { $0.cornerRadius = 8; $0.masksToBounds = true }
        XCTAssertEqual(clipped.passes.map(\.reason), [.roundedClip, .canvas])
    }

    func testInvalidModelLocationsFallBackToValidStops() {
        let plan = scene { $0.colors = [.white, .black, .white]; $0.locations = [0, 1] }
        if case .gradient(let g)? = items(plan).first?.paint { XCTAssertEqual(g.locations, [0, 0.5, 1]) } else { XCTFail() }
    }

    func testUVAttributeCarriesTheLocalPoint() throws {
        let plan = scene { $0.transform = Transform3D.rotation(0.4, 0, 0, 1) }
        let item = try XCTUnwrap(items(plan).first)
        let geometry = try XCTUnwrap(Tessellator.geometry(of: item, width: 100, height: 100))
        let v = geometry.vertices
        for i in 0..<geometry.vertexCount {
            let b = i * VertexLayout.stride
            XCTAssertEqual(v[b + VertexLayout.uv], v[b + VertexLayout.local])
            XCTAssertEqual(v[b + VertexLayout.uv + 1], v[b + VertexLayout.local + 1])
            XCTAssertEqual(v[b + VertexLayout.uv + 2], v[b + VertexLayout.local + 2])
            XCTAssertEqual(v[b + VertexLayout.color], 1)
        }
    }
}
