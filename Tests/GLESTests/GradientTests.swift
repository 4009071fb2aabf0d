// GLESTests: gradients on the GPU against the CPU reference — every type,
// many stops with hard edges and translucent colours, rotation, perspective
// and AA edges at sizes where the whole ramp is visible — and how gradient
// items batch (equal uniforms share a draw call, different ones do not).

import XCTest
import Geometry
import Plan
@testable import GLES

extension TestPlans {
    static func gradient(_ kind: GradientKind, _ s: Vec2, _ e: Vec2, _ colors: [Color],
                         locations: [Double]? = nil, opacity: Double = 1) -> Paint {
        .gradient(GradientPaint(kind: kind, start: s, end: e, colors: colors,
                                locations: GradientStops.normalized(locations, count: colors.count), opacity: opacity))
    }

    static var gradients: RenderPlan {
        let wheel = [Color(r: 1, g: 0, b: 0), Color(r: 1, g: 1, b: 0), Color(r: 0, g: 1, b: 0),
                     Color(r: 0, g: 1, b: 1), Color(r: 0, g: 0, b: 1), Color(r: 1, g: 0, b: 1, a: 0.4),
                     Color(r: 1, g: 0, b: 0)]
        let r = Rect(x: 0, y: 0, width: 40, height: 32)
        var items: [DrawItem] = []
        items.append(DrawItem(layer: 0, transform: .translation(3, 4), rect: r,
                              paint: gradient(.axial, Vec2(3.3, 1.1), Vec2(37.2, 29.5), wheel,
                                              locations: [0, 0.1, 0.4, 0.4, 0.7, 0.71, 1]), blend: .copy))
        items.append(DrawItem(layer: 0, transform: about(.rotation(0.5, 0, 0, 1), centre: Vec2(20, 16))
                                .concatenating(.translation(50, 5)), rect: r,
                              paint: gradient(.radial, Vec2(13.7, 18.2), Vec2(31.1, 26.9),
                                              [Color(r: 1, g: 1, b: 1), Color(r: 0.9, g: 0.5, b: 0, a: 0.7),
                                               Color(r: 0.2, g: 0, b: 0.6, a: 0)], opacity: 0.85),
                              aaEdges: .all))
        items.append(DrawItem(layer: 0, transform: .translation(4, 42), rect: r,
                              paint: gradient(.conic, Vec2(21.3, 14.9), Vec2(5, 2), wheel)))
        let tilt = about(Transform3D.rotation(0.9, 0.3, 1, 0), centre: Vec2(20, 16))
            .concatenating(perspective(60)).concatenating(.translation(52, 44))
        items.append(DrawItem(layer: 0, transform: tilt, rect: r,
                              paint: gradient(.conic, Vec2(20, 16), Vec2(20, 40), wheel, opacity: 0.9),
                              aaEdges: .all))
        return canvas(items, clear: color(0.95, 0.95, 0.9, 1))
    }
}

final class GradientTests: XCTestCase {
    func testGradientsAgreeWithTheCPU() throws {
        try assertAgree("gradients", TestPlans.gradients, gpu: GPU.executor())
    }

    func testEqualGradientsShareADrawCallAndDifferentOnesDoNot() throws {
        let gl = try GPU.executor()
        let colors = [Color(r: 1, g: 0, b: 0), Color(r: 0, g: 0, b: 1)]
        let a = TestPlans.gradient(.axial, Vec2(0, 0), Vec2(0, 10), colors)
        let b = TestPlans.gradient(.axial, Vec2(0, 0), Vec2(10, 0), colors)
        func item(_ p: Paint, _ x: Double) -> DrawItem {
            DrawItem(layer: 0, transform: .translation(x, 5), rect: Rect(x: 0, y: 0, width: 10, height: 10), paint: p)
        }
        _ = try gl.execute(TestPlans.canvas([item(a, 2), item(a, 20)]))
        XCTAssertEqual(gl.lastStats.drawCalls, 1)
        // The third overlaps the second, so it must follow it in a batch of its
        // own, and so must the second follow the first when it overlaps it too.
        _ = try gl.execute(TestPlans.canvas([item(a, 2), item(b, 8), item(a, 14)]))
        XCTAssertEqual(gl.lastStats.drawCalls, 3)
        // With the first apart from the second, the first may wait and join the
        // third after the second (BlendedScheduling): two calls.
        _ = try gl.execute(TestPlans.canvas([item(a, 2), item(b, 20), item(a, 25)]))
        XCTAssertEqual(gl.lastStats.drawCalls, 2)
        // Apart from the second, it joins the first's batch (PassOrdering).
        _ = try gl.execute(TestPlans.canvas([item(a, 2), item(b, 20), item(a, 40)]))
        XCTAssertEqual(gl.lastStats.drawCalls, 2)
    }
}
