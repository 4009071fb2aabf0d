// Transform layers in the plan builder: sublayers composed in 3D before
// flattening, a painter's sort by depth (checked against which faces of a
// cube face the viewer, at many angles), back-face culling through the
// accumulated map, nested transform layers sharing one context, and the
// transform layer's own appearance ignored.

import XCTest
import Geometry
import Layers
@testable import Rendering

final class TransformLayerTests: XCTestCase {
    let faceNames = ["front", "right", "top", "bottom", "left", "back"]

    /// A 100-point cube of six coloured faces in a transform layer rotated by
    /// `rotX` then `rotY` (degrees), under a perspective container.
    func cubeScene(rotX: Double, rotY: Double, doubleSided: Bool = true) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 256, height: 256)
        let container = Layer()
        container.frame = root.bounds
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        container.sublayerTransform = p
        root.addSublayer(container)
        let cube = TransformLayer()
        cube.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        cube.position = Vec2(128, 128)
        cube.transform = Transform3D.rotation(rotY * .pi / 180, 0, 1, 0)
            .concatenating(.rotation(rotX * .pi / 180, 1, 0, 0))
        container.addSublayer(cube)
        let faces: [Transform3D] = [
            .translation(0, 0, 50),
            Transform3D.rotation(.pi / 2, 0, 1, 0).concatenating(.translation(50, 0, 0)),
            Transform3D.rotation(.pi / 2, 1, 0, 0).concatenating(.translation(0, -50, 0)),
            Transform3D.rotation(-.pi / 2, 1, 0, 0).concatenating(.translation(0, 50, 0)),
            Transform3D.rotation(-.pi / 2, 0, 1, 0).concatenating(.translation(-50, 0, 0)),
            Transform3D.rotation(.pi, 0, 1, 0).concatenating(.translation(0, 0, -50)),
        ]
        for (name, t) in zip(faceNames, faces) {
            let f = Layer()
            f.name = name
            f.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            f.position = Vec2(50, 50)
            f.transform = t
            f.backgroundColor = Color(r: 0.5, g: 0.5, b: 0.5)
            f.isDoubleSided = doubleSided
            cube.addSublayer(f)
        }
        return root
    }

    func drawnOrder(_ root: Layer) -> [String] {
        let plan = PlanBuilder.build(root: root, width: 256, height: 256)
        return plan.canvasPass.items.map { plan.layerNames[$0.layer] }
    }

    /// Whether the face looks at the viewer: its plane keeps its orientation on screen.
    func facesViewer(_ root: Layer, _ name: String) -> Bool {
        let plan = PlanBuilder.build(root: cubeSceneClone(root, onlyFrontFacing: name), width: 256, height: 256)
        return !plan.canvasPass.items.isEmpty
    }

    /// The same cube with one face single-sided and the others hidden.
    func cubeSceneClone(_ root: Layer, onlyFrontFacing name: String) -> Layer {
        let cube = root.sublayers[0].sublayers[0]
        for f in cube.sublayers {
            f.isHidden = f.name != name
            f.isDoubleSided = false
        }
        return root
    }

    func testCubeFacesDrawBackToFrontAtManyAngles() {
        for rotX in stride(from: -80.0, through: 80, by: 20) {
            for rotY in stride(from: 0.0, to: 360, by: 25) {
                let order = drawnOrder(cubeScene(rotX: rotX, rotY: rotY))
                XCTAssertEqual(Set(order), Set(faceNames), "all six faces draw at \(rotX), \(rotY)")
                let probe = cubeScene(rotX: rotX, rotY: rotY)
                let front = Set(faceNames.filter { facesViewer(probe, $0) })
                XCTAssertTrue((1...3).contains(front.count), "\(front) at \(rotX), \(rotY)")
                // Every face turned away is drawn before every face that shows.
                let lastBack = order.lastIndex { !front.contains($0) } ?? -1
                let firstFront = order.firstIndex { front.contains($0) } ?? order.count
                XCTAssertLessThan(lastBack, firstFront, "order \(order), front \(front) at \(rotX), \(rotY)")
            }
        }
    }

    func testSingleSidedFacesCullThroughTheAccumulatedMap() {
        let b = PlanBuilder()
        let plan = b.build(root: cubeScene(rotX: -45, rotY: -45, doubleSided: false), width: 256, height: 256)
        let drawn = Set(plan.canvasPass.items.map { plan.layerNames[$0.layer] })
        XCTAssertEqual(drawn, ["front", "right", "top"])
        XCTAssertEqual(b.stats.culledBackFacing, 3)
    }

    func testSublayersAreNotFlattenedIntoTheTransformLayer() {
        // Turned 90° about y, the transform layer is edge-on; a sublayer turned
        // back by −90° faces the viewer again — in 3D. An ordinary layer would
        // flatten the sublayer into its own edge-on plane, where nothing shows.
        func scene(_ parent: Layer) -> Layer {
            let root = Layer()
            root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            parent.frame = Rect(x: 25, y: 25, width: 50, height: 50)
            parent.transform = .rotation(.pi / 2, 0, 1, 0)
            let child = Layer()
            child.name = "child"
            child.frame = parent.bounds
            child.transform = .rotation(-.pi / 2, 0, 1, 0)
            child.backgroundColor = .white
            parent.addSublayer(child)
            root.addSublayer(parent)
            return root
        }
        let flat = PlanBuilder.build(root: scene(Layer()), width: 100, height: 100)
        XCTAssertTrue(flat.canvasPass.items.isEmpty)
        let plan = PlanBuilder.build(root: scene(TransformLayer()), width: 100, height: 100)
        XCTAssertEqual(plan.canvasPass.items.count, 1)
        let h = plan.canvasPass.items[0].transform.flattened
        let p = h.apply(Vec2(0, 0)), q = h.apply(Vec2(50, 50))
        XCTAssertEqual(p.x, 25, accuracy: 1e-9); XCTAssertEqual(p.y, 25, accuracy: 1e-9)
        XCTAssertEqual(q.x, 75, accuracy: 1e-9); XCTAssertEqual(q.y, 75, accuracy: 1e-9)
    }

    func testOwnAppearanceIsIgnored() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let t = TransformLayer()
        t.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        t.backgroundColor = .black
        t.borderWidth = 3
        t.borderColor = .white
        t.shadowOpacity = 1
        t.masksToBounds = true
        t.cornerRadius = 5
        t.opacity = 0.5
        let mask = Layer()
        mask.frame = Rect(x: 0, y: 0, width: 1, height: 1)
        mask.backgroundColor = .black
        t.mask = mask
        let child = Layer()
        child.name = "child"
        child.frame = Rect(x: 40, y: 40, width: 30, height: 30)  // overflows the bounds: not clipped
        child.backgroundColor = Color(r: 1, g: 0, b: 0)
        t.addSublayer(child)
        root.addSublayer(t)
        let plan = PlanBuilder.build(root: root, width: 100, height: 100)
        XCTAssertEqual(plan.passes.count, 1)
        XCTAssertEqual(plan.dump, """
        plan 100x100, 1 passes, 0 images
        pass#0 canvas 100x100
          [child] rect [0, 0, 30, 30] map [1 0 0 0 1 0 50 50 1] solid rgba(0.5, 0, 0, 0.5)

        """)
    }

    func testEqualDepthsKeepDocumentOrderAndNestedLayersShareTheContext() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let outer = TransformLayer()
        outer.frame = root.bounds
        func card(_ name: String, z: Double) -> Layer {
            let l = Layer()
            l.name = name
            l.frame = Rect(x: 20, y: 20, width: 40, height: 40)
            l.zPosition = z
            l.backgroundColor = .white
            return l
        }
        let inner = TransformLayer()
        inner.frame = root.bounds
        inner.addSublayer(card("inner near", z: 10))
        inner.addSublayer(card("inner far", z: -10))
        outer.addSublayer(card("a", z: 0))
        outer.addSublayer(inner)
        outer.addSublayer(card("b", z: 0))
        outer.addSublayer(card("far", z: -20))
        root.addSublayer(outer)
        XCTAssertEqual(drawnOrder(root).filter { $0 != "layer#0" },
                       ["far", "inner far", "a", "b", "inner near"])
    }

    func testDepthIsMeasuredAfterPerspective() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 100
        let b = Rect(x: 0, y: 0, width: 10, height: 10)
        let near = PlanBuilder.depth(of: b, through: Transform3D.translation(0, 0, 20).concatenating(p))
        let far = PlanBuilder.depth(of: b, through: Transform3D.translation(0, 0, -20).concatenating(p))
        XCTAssertGreaterThan(near, far)
        XCTAssertEqual(PlanBuilder.depth(of: b, through: Transform3D.translation(0, 0, 200).concatenating(p)),
                       -.infinity)
    }

    func testExtentsFollowTransformLayersIn3D() {
        // A transform-layer mask turned 60° about y holding a sublayer turned
        // back by −60°: in 3D the sublayer faces the viewer at full width.
        // Flattening each map separately would squash it to a quarter.
        let host = Layer()
        host.frame = Rect(x: 0, y: 0, width: 80, height: 40)
        host.backgroundColor = .white
        let mask = TransformLayer()
        mask.frame = host.bounds
        mask.transform = .rotation(.pi / 3, 0, 1, 0)
        let shape = Layer()
        shape.frame = mask.bounds
        shape.transform = .rotation(-.pi / 3, 0, 1, 0)
        shape.backgroundColor = .black
        mask.addSublayer(shape)
        host.mask = mask
        let e = PlanBuilder().outputExtent(host, .identity)
        XCTAssertEqual(e?.minX ?? 0, 0, accuracy: 1e-9)
        XCTAssertEqual(e?.maxX ?? 0, 80, accuracy: 1e-9)
    }
}
