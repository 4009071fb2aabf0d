// Tests what the plan builder emits: offscreen passes and their reasons,
// antialiasing flags, clips, and exact text dumps of small plans.

import XCTest
import Geometry
import Images
import Layers
@testable import Rendering

final class PlanBuilderTests: XCTestCase {
    func root(_ w: Double = 100, _ h: Double = 100) -> Layer {
        let r = Layer()
        r.frame = Rect(x: 0, y: 0, width: w, height: h)
        return r
    }

    func box(_ name: String, _ frame: Rect, _ color: Color? = .white) -> Layer {
        let l = Layer()
        l.name = name
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    func reasons(_ plan: RenderPlan) -> [PassReason] { plan.passes.map(\.reason) }

    func testPlainLayersNeedNoOffscreenPass() {
        let r = root()
        r.addSublayer(box("a", Rect(x: 10, y: 10, width: 20, height: 20)))
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        XCTAssertEqual(plan.dump, """
        plan 100x100, 1 passes, 0 images
        pass#0 canvas 100x100
          [a] rect [0, 0, 20, 20] map [1 0 0 0 1 0 10 10 1] solid rgba(1, 1, 1, 1) copy

        """)
    }

    func testRoundedBackgroundAndBorderAreAntialiased() {
        let r = root()
        let l = box("card", Rect(x: 10, y: 10, width: 40, height: 30), Color(r: 1, g: 0, b: 0))
        l.cornerRadius = 50  // clamped to 15
        l.borderWidth = 4
        l.borderColor = Color(r: 0, g: 0, b: 1, a: 0.5)
        r.addSublayer(l)
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(plan.dump, """
        plan 100x100, 1 passes, 0 images
        pass#0 canvas 100x100
          [card] rect [0, 0, 40, 30] map [1 0 0 0 1 0 10 10 1] solid rgba(1, 0, 0, 1) rrect [0, 0, 40, 30] r 15 aa all
          [card] rect [0, 0, 40, 30] map [1 0 0 0 1 0 10 10 1] solid rgba(0, 0, 0.5, 0.5) ring [0, 0, 40, 30] r 15 w 4 ir 11 aa all

        """)
    }

    func testSquareBorderIsFourAliasedStrips() {
        let r = root()
        let l = box("b", Rect(x: 0, y: 0, width: 10, height: 10), nil)
        l.borderWidth = 2
        r.addSublayer(l)
        let items = PlanBuilder.build(root: r, width: 100, height: 100).canvasPass.items
        XCTAssertEqual(items.map(\.rect), [Rect(x: 0, y: 0, width: 10, height: 2), Rect(x: 0, y: 8, width: 10, height: 2),
                                           Rect(x: 0, y: 2, width: 2, height: 6), Rect(x: 8, y: 2, width: 2, height: 6)])
        XCTAssertTrue(items.allSatisfy { $0.aaEdges.isEmpty && $0.blend == .copy })
    }

    func testGroupOpacityOnlyWithSublayers() {
        let r = root()
        let parent = box("p", Rect(x: 10, y: 10, width: 50, height: 50))
        parent.opacity = 0.5
        r.addSublayer(parent)
        XCTAssertEqual(reasons(PlanBuilder.build(root: r, width: 100, height: 100)), [.canvas])
        parent.addSublayer(box("c", Rect(x: 10, y: 10, width: 20, height: 20)))
        XCTAssertEqual(reasons(PlanBuilder.build(root: r, width: 100, height: 100)), [.groupOpacity, .canvas])
        parent.allowsGroupOpacity = false
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        // Opacity multiplied into each part instead.
        XCTAssertEqual(plan.canvasPass.items.map(\.paint), [.solid(PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5)),
                                                            .solid(PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5))])
    }

    func testGroupOpacityWindowIsPixelAlignedAndDrawnBackExactly() {
        let r = root()
        let parent = box("p", Rect(x: 10.5, y: 10, width: 50, height: 50))
        parent.opacity = 0.5
        parent.addSublayer(box("c", Rect(x: 10, y: 10, width: 20, height: 20)))
        r.addSublayer(parent)
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        let group = plan.passes[0]
        XCTAssertEqual(group.reason, .groupOpacity)
        // x extent [10.5, 60.5] widened by 1 for AA → [9.5, 61.5] → pixels 9..<62;
        // y extent [10, 60] → [9, 61].
        XCTAssertEqual(group.width, 53)
        XCTAssertEqual(group.height, 52)
        let back = plan.canvasPass.items[0]
        XCTAssertEqual(back.transform.flattened, .translation(9, 9))
        XCTAssertEqual(back.paint, .texture(.pass(0), uv: .scale(1.0 / 53, 1.0 / 52), filter: .nearest, opacity: 0.5))
    }

    func testRoundedMasksToBoundsNeedsOffscreenSquareDoesNot() {
        let r = root()
        let l = box("clip", Rect(x: 10, y: 10, width: 50, height: 50))
        l.masksToBounds = true
        l.addSublayer(box("child", Rect(x: 30, y: 30, width: 50, height: 50), Color(r: 0, g: 1, b: 0)))
        r.addSublayer(l)
        var plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        let child = plan.canvasPass.items[1]
        XCTAssertEqual(child.clip, [Vec2(10, 10), Vec2(60, 10), Vec2(60, 60), Vec2(10, 60)])
        l.cornerRadius = 8
        plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.roundedClip, .canvas])
        guard case .roundedRect(let rr, let rad) = plan.canvasPass.items[0].shape else { return XCTFail("no clip shape") }
        XCTAssertEqual(rr, Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(rad, 8)
    }

    func testShadowWithoutPathBlursOffscreenWithPathDoesNot() {
        let r = root()
        // Translucent: its alpha is not a plain opaque rect's (see testPlainRectShadowNeedsNoPass).
        let l = box("s", Rect(x: 20, y: 20, width: 40, height: 40), Color(r: 1, g: 1, b: 1, a: 0.9))
        l.shadowOpacity = 0.5
        l.shadowRadius = 2
        r.addSublayer(l)
        var plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.shadow, .shadowBlur, .shadowBlur, .canvas])
        guard case .blur(let h) = plan.passes[1].content, case .blur(let v) = plan.passes[2].content else {
            return XCTFail("expected blur passes")
        }
        XCTAssertEqual(h.axis, .horizontal)
        XCTAssertEqual(v.axis, .vertical)
        XCTAssertEqual(h.sigma, 2)
        XCTAssertEqual(v.source, 1)
        l.shadowPath = .rect(l.bounds)
        plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        // A rect path is drawn in closed form (Shape.blurredRect): no mask image.
        XCTAssertEqual(plan.images.count, 0)
        XCTAssertEqual(plan.canvasPass.items.count, 2)
        guard case .blurredRect(let rect, let sx, let sy) = plan.canvasPass.items[0].shape else {
            return XCTFail("expected a closed-form rect shadow")
        }
        XCTAssertEqual(rect, l.bounds)
        XCTAssertEqual(sx, 2)
        XCTAssertEqual(sy, 2)
        // Any other path takes the CPU-blurred mask.
        l.shadowPath = .roundedRect(l.bounds, radius: 6)
        plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        XCTAssertEqual(plan.images.count, 1)
        XCTAssertEqual(plan.canvasPass.items.count, 2)
    }

    func testShadowCastFromOffCanvasKeepsItsSourceInTheWindow() {
        // The layer sits above the canvas; its shadow (offset 30 down) reaches in.
        let r = root()
        let l = box("above", Rect(x: 20, y: -60, width: 60, height: 40), Color(r: 1, g: 1, b: 1, a: 0.9))  // not a plain rect's shadow
        l.shadowOpacity = 1
        l.shadowOffset = Vec2(0, 30)
        l.shadowRadius = 4
        r.addSublayer(l)
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(plan.passes.map(\.reason), [.shadow, .shadowBlur, .shadowBlur, .canvas])
        // The body pass's window starts above the canvas, so the body (y −60…−20) is drawn into it.
        let back = plan.canvasPass.items.last!
        XCTAssertLessThanOrEqual(back.transform.flattened.h, -20)
        XCTAssertEqual(plan.passes[0].items.count, 1)
    }

    func testShadowSigmaScalesWithCanvasScale() {
        let r = root()
        let l = box("s", Rect(x: 20, y: 20, width: 40, height: 40), Color(r: 1, g: 1, b: 1, a: 0.9))  // blurred offscreen
        l.shadowOpacity = 1
        l.shadowRadius = 3
        r.addSublayer(l)
        let plan = PlanBuilder.build(root: r, width: 200, height: 200, options: PlanOptions(scale: 2))
        guard case .blur(let b) = plan.passes[1].content else { return XCTFail("no blur") }
        XCTAssertEqual(b.sigma, 6)
    }

    func testPlainRectShadowNeedsNoPass() {
        // An opaque (rounded) rect layer's shadow is its bounds' blurred coverage: drawn like a
        // shadowPath shadow, from a cached mask image, with no body or blur pass.
        let r = root()
        let l = box("card", Rect(x: 20, y: 20, width: 40, height: 30))
        l.shadowOpacity = 0.5
        l.shadowRadius = 4
        l.cornerRadius = 6
        r.addSublayer(l)
        var plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        XCTAssertEqual(plan.images.count, 1)
        XCTAssertEqual(plan.canvasPass.items.count, 2)
        guard case .textureAlpha(.image(0), _, .linear, _) = plan.canvasPass.items[0].paint else {
            return XCTFail("the shadow is not drawn from the mask image: \(plan.canvasPass.items[0].paint)")
        }
        // Rotated (a rounded, so antialiased, rect): still rigid at the device scale, still no pass.
        l.transform = .rotation(Double.pi / 6, 0, 0, 1)
        plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.canvas])
        // Not a plain opaque rect's alpha, not rigid, or a hard shadow: blurred offscreen as before.
        for change in [{ l.backgroundColor = Color(r: 1, g: 1, b: 1, a: 0.9) },
                       { l.addSublayer(self.box("child", Rect(x: 2, y: 2, width: 8, height: 8))) },
                       { l.transform = .scale(2, 1, 1) },
                       { l.shadowRadius = 0 }] as [() -> Void] {
            let saved = (l.backgroundColor, l.transform, l.shadowRadius)
            change()
            plan = PlanBuilder.build(root: r, width: 100, height: 100)
            XCTAssertEqual(plan.passes.first?.reason, .shadow)
            (l.backgroundColor, l.transform, l.shadowRadius) = saved
            l.sublayers.forEach { $0.removeFromSuperlayer() }
        }
    }

    func testMaskLayerMakesMaskedDrawback() {
        let r = root()
        let l = box("m", Rect(x: 10, y: 10, width: 50, height: 50))
        let mask = box("mask", Rect(x: 0, y: 0, width: 25, height: 50))
        l.mask = mask
        r.addSublayer(l)
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.mask, .mask, .canvas])
        guard case .masked(.pass(0), mask: .pass(1), _, _, _) = plan.canvasPass.items[0].paint else {
            return XCTFail("expected masked paint")
        }
        mask.isHidden = true
        XCTAssertEqual(PlanBuilder.build(root: r, width: 100, height: 100).canvasPass.items.count, 0)
    }

    func testRasterizeRendersInLayerSpaceAtRasterizationScale() {
        let r = root()
        let l = box("r", Rect(x: 10, y: 10, width: 20, height: 10))
        l.shouldRasterize = true
        l.rasterizationScale = 2
        l.opacity = 0.5
        l.transform = .scale(3, 3)
        r.addSublayer(l)
        let plan = PlanBuilder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(reasons(plan), [.rasterize, .canvas])
        // Local extent [0,0,20,10] at 2 px/pt, exactly (no margin, issue 12 item 3).
        XCTAssertEqual(plan.passes[0].width, 40)
        XCTAssertEqual(plan.passes[0].height, 20)
        guard case .texture(.pass(0), _, .linear, let o) = plan.canvasPass.items[0].paint else { return XCTFail() }
        XCTAssertEqual(o, 0.5)
    }

    func testNineSliceMakesNinePiecesWithFixedEdges() {
        let r = root()
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 90, height: 60)
        l.contents = LayerContents(key: "btn", image: Image(width: 30, height: 30))
        l.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        r.addSublayer(l)
        let items = PlanBuilder.build(root: r, width: 100, height: 100).canvasPass.items
        XCTAssertEqual(items.count, 9)
        XCTAssertEqual(items[0].rect, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(items[4].rect.width, 70, accuracy: 1e-9)
        XCTAssertEqual(items[8].rect.maxX, 90, accuracy: 1e-9)
    }

    func testGravityPlacesNaturalSizeWithTopAtVisualTop() {
        let b = PlanBuilder()
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        l.contents = LayerContents(key: "i", image: Image(width: 20, height: 10))
        l.contentsScale = 2
        l.contentsGravity = .top
        XCTAssertEqual(b.contentsFrame(l), Rect(x: 45, y: 0, width: 10, height: 5))
        l.contentsGravity = .bottomRight
        XCTAssertEqual(b.contentsFrame(l), Rect(x: 90, y: 95, width: 10, height: 5))
        l.contentsGravity = .resizeAspect
        XCTAssertEqual(b.contentsFrame(l), Rect(x: 0, y: 25, width: 100, height: 50))
        l.contentsGravity = .resizeAspectFill
        XCTAssertEqual(b.contentsFrame(l), Rect(x: -50, y: 0, width: 200, height: 100))
    }

    func testBlurWeightsAreNormalised() {
        for sigma in [0.5, 1, 3, 10, 40.0] {
            let w = BlurStep.gaussianWeights(sigma: sigma)
            let total = w[0] + 2 * w.dropFirst().reduce(0, +)
            XCTAssertEqual(Double(total), 1, accuracy: 1e-5)
        }
    }

    func testHiddenAndTransparentAreCulledWithReasons() {
        let r = root()
        let a = box("a", Rect(x: 0, y: 0, width: 10, height: 10)); a.isHidden = true
        let b = box("b", Rect(x: 0, y: 0, width: 10, height: 10)); b.opacity = 0
        r.addSublayer(a); r.addSublayer(b)
        let builder = PlanBuilder()
        _ = builder.build(root: r, width: 100, height: 100)
        XCTAssertEqual(builder.stats.culledHidden, 1)
        XCTAssertEqual(builder.stats.culledTransparent, 1)
    }

    func testShadowPathMaskIsBlurredCoverage() {
        // A 10x10 square at scale 1, no blur: interior 255, outside 0.
        let (img, local) = ShadowMask.make(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                           sigma: 0, scale: 1, pad: 2)
        XCTAssertEqual(local, Rect(x: -2, y: -2, width: 14, height: 14))
        XCTAssertEqual(img[7, 7].3, 255)
        XCTAssertEqual(img[0, 0].3, 0)
        // The mask starts `pad` pixels left of the path; a right edge at
        // 2 + 10.5 = 12.5 half-covers pixel 12.
        let (half, _) = ShadowMask.make(path: .rect(Rect(x: 0, y: 0, width: 10.5, height: 10)),
                                        sigma: 0, scale: 1, pad: 2)
        XCTAssertEqual(half.width, 15)
        XCTAssertEqual(Int(half[12, 5].3), 128, accuracy: 1)
        XCTAssertEqual(half[11, 5].3, 255)
        XCTAssertEqual(half[13, 5].3, 0)
    }
}
