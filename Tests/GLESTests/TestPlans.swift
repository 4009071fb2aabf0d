// GLESTests: hand-built render plans for the differential tests, one per
// feature the executors share: solid fills, AA edges, rounded rects, rings,
// textures (nearest/linear), perspective, masks, textureAlpha, blur,
// multi-pass, and a texture larger than the (overridden) maximum size.

import Foundation
import Geometry
import Images
import Rendering

enum TestPlans {
    static let w = 96, h = 80

    static func canvas(_ items: [DrawItem], width: Int = w, height: Int = h,
                       clear: PremultipliedColor = .clear, images: [PlanImage] = [],
                       before: [RenderPass] = []) -> RenderPlan {
        RenderPlan(width: width, height: height,
                   passes: before + [RenderPass(id: 0, width: width, height: height, reason: .canvas, layerName: nil,
                                                clear: clear, content: .draw(items))],
                   images: images, layerNames: ["layer"])
    }

    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> PremultipliedColor {
        Color(r: r, g: g, b: b, a: a).premultiplied
    }

    /// uv map of a rect: local (x, y) → ((x − minX)/w, (y − minY)/h).
    static func unitUV(_ r: Rect) -> Homography {
        Homography(1 / r.width, 0, 0, 0, 1 / r.height, 0, -r.minX / r.width, -r.minY / r.height, 1)
    }

    /// A deterministic premultiplied test image with alpha, gradients and hard edges.
    static func image(_ width: Int, _ height: Int, seed: Int = 1) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var s = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 12345)
        for y in 0..<height {
            for x in 0..<width {
                s = s &* 1_664_525 &+ 1_013_904_223
                let i = (y * width + x) * 4
                px[i] = UInt8((x * 255) / max(1, width - 1))
                px[i + 1] = UInt8((y * 255) / max(1, height - 1))
                px[i + 2] = (x / 4 + y / 4) % 2 == 0 ? 230 : UInt8(s >> 24)
                px[i + 3] = x % 7 == 3 ? 0 : (y % 5 == 0 ? 128 : 255)
            }
        }
        return Image(width: width, height: height, straightRGBA: px)
    }

    /// An alpha mask: a radial-ish ramp.
    static func mask(_ width: Int, _ height: Int) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - Double(width) / 2, dy = Double(y) - Double(height) / 2
                let a = UInt8(max(0, min(255, 255 - (dx * dx + dy * dy).squareRoot() * 12)))
                let i = (y * width + x) * 4
                px[i] = a; px[i + 1] = a; px[i + 2] = a; px[i + 3] = a
            }
        }
        return Image(width: width, height: height, pixels: px)
    }

    static func about(_ t: Transform3D, centre: Vec2) -> Transform3D {
        Transform3D.translation(-centre.x, -centre.y).concatenating(t).concatenating(.translation(centre.x, centre.y))
    }

    static func perspective(_ d: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1 / d
        return p
    }

    // MARK: - Plans

    static var solid: RenderPlan {
        var items: [DrawItem] = []
        items.append(DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 96, height: 80),
                              paint: .solid(color(0.9, 0.9, 0.95, 1)), blend: .copy))
        for i in 0..<12 {
            let r = Rect(x: 3.3 + Double(i) * 6.7, y: 2.6 + Double(i % 5) * 13.1, width: 20.4, height: 17.75)
            items.append(DrawItem(layer: 0, transform: .identity, rect: r,
                                  paint: .solid(color(Double(i) / 11, 0.4, 1 - Double(i) / 11, 0.3 + Double(i % 4) * 0.2))))
        }
        return canvas(items)
    }

    static var aaEdges: RenderPlan {
        var items: [DrawItem] = []
        for i in 0..<6 {
            let r = Rect(x: 0, y: 0, width: 30, height: 18)
            let t = Transform3D.rotation(0.2 + Double(i) * 0.45, 0, 0, 1).concatenating(
                .translation(20 + Double(i % 3) * 28, 22 + Double(i / 3) * 34))
            items.append(DrawItem(layer: 0, transform: about(t, centre: Vec2(15, 9)), rect: r,
                                  paint: .solid(color(0.2 + Double(i) * 0.1, 0.6, 0.3, 0.85)), aaEdges: .all))
        }
        // Axis-aligned fractional rect with AA on two edges only.
        items.append(DrawItem(layer: 0, transform: .scale(1.37, 0.91), rect: Rect(x: 5.3, y: 60.2, width: 40.1, height: 15.3),
                              paint: .solid(color(0.1, 0.1, 0.8, 1)), aaEdges: [.left, .bottom]))
        return canvas(items, clear: color(1, 1, 1, 1))
    }

    static var roundedRects: RenderPlan {
        var items: [DrawItem] = []
        let radii: [Double] = [0, 3.5, 9, 20]
        for (i, radius) in radii.enumerated() {
            let r = Rect(x: 0, y: 0, width: 40, height: 30)
            let t = Transform3D.rotation(Double(i) * 0.3, 0, 0, 1).concatenating(
                .translation(8 + Double(i % 2) * 46, 6 + Double(i / 2) * 38))
            items.append(DrawItem(layer: 0, transform: about(t, centre: Vec2(20, 15)), rect: r.insetBy(-1, -1),
                                  paint: .solid(color(0.8, 0.3, Double(i) * 0.3, 0.9)),
                                  shape: .roundedRect(r, radius: radius)))
        }
        return canvas(items)
    }

    static var rings: RenderPlan {
        var items: [DrawItem] = []
        for i in 0..<4 {
            let r = Rect(x: 0, y: 0, width: 36, height: 28)
            let t = Transform3D.scale(1 + Double(i) * 0.15, 1).concatenating(
                .rotation(Double(i) * 0.4, 0, 0, 1)).concatenating(.translation(6 + Double(i % 2) * 46, 8 + Double(i / 2) * 38))
            items.append(DrawItem(layer: 0, transform: t, rect: r.insetBy(-1.5, -1.5),
                                  paint: .solid(color(0.2, 0.5, 0.9, 0.8)),
                                  shape: .ring(r, radius: 8 + Double(i), width: 2.5 + Double(i), innerRadius: max(0, 6 - Double(i)))))
        }
        return canvas(items, clear: color(0.1, 0.1, 0.1, 1))
    }

    static func textures(filter: TextureFilter) -> RenderPlan {
        let img = image(37, 23)
        var items: [DrawItem] = []
        let r = Rect(x: 0, y: 0, width: 37, height: 23)
        // Scaled up, rotated, and 1:1 with opacity.
        let t1 = Transform3D.scale(2.3, 1.7).concatenating(.translation(3.25, 2.5))
        items.append(DrawItem(layer: 0, transform: t1, rect: r,
                              paint: .texture(.image(0), uv: unitUV(r), filter: filter, opacity: 1)))
        let t2 = about(Transform3D.rotation(0.35, 0, 0, 1).concatenating(.translation(40, 40)), centre: Vec2(18.5, 11.5))
        items.append(DrawItem(layer: 0, transform: t2, rect: r,
                              paint: .texture(.image(0), uv: unitUV(r), filter: filter, opacity: 0.6), aaEdges: .all))
        items.append(DrawItem(layer: 0, transform: .translation(55, 4), rect: r,
                              paint: .texture(.image(0), uv: unitUV(r), filter: filter, opacity: 0.5)))
        return canvas(items, clear: color(0.5, 0.5, 0.5, 1), images: [PlanImage(key: "img", image: img)])
    }

    static var perspectiveTexture: RenderPlan {
        let img = image(40, 30, seed: 7)
        let r = Rect(x: 0, y: 0, width: 40, height: 30)
        let t = Transform3D.translation(-20, -15).concatenating(.rotation(0.7, 0, 1, 0))
            .concatenating(.rotation(0.3, 1, 0, 0)).concatenating(perspective(120))
            .concatenating(.scale(1.6, 1.6)).concatenating(.translation(48, 40))
        let items = [
            DrawItem(layer: 0, transform: t, rect: r,
                     paint: .texture(.image(0), uv: unitUV(r), filter: .linear, opacity: 0.9), aaEdges: .all),
            DrawItem(layer: 0, transform: t.concatenating(.translation(3, 2)), rect: r.insetBy(-1, -1),
                     paint: .solid(color(1, 0.2, 0.2, 0.4)), shape: .roundedRect(r, radius: 6)),
        ]
        return canvas(items, clear: color(1, 1, 1, 1), images: [PlanImage(key: "img", image: img)])
    }

    static var masked: RenderPlan {
        let img = image(32, 32, seed: 3)
        let m = mask(32, 32)
        let r = Rect(x: 0, y: 0, width: 32, height: 32)
        let items = [
            DrawItem(layer: 0, transform: Transform3D.scale(2.2, 2.2).concatenating(.translation(6.5, 3.3)), rect: r,
                     paint: .masked(.image(0), mask: .image(1), uv: unitUV(r), filter: .linear, opacity: 0.85)),
            DrawItem(layer: 0, transform: .translation(60, 40), rect: r,
                     paint: .masked(.image(0), mask: .image(1), uv: unitUV(r), filter: .nearest, opacity: 1)),
        ]
        return canvas(items, clear: color(0, 0, 0.2, 1),
                      images: [PlanImage(key: "img", image: img), PlanImage(key: "mask", image: m)])
    }

    static var textureAlpha: RenderPlan {
        let m = mask(24, 20)
        let r = Rect(x: 0, y: 0, width: 24, height: 20)
        let items = [
            DrawItem(layer: 0, transform: Transform3D.scale(3.1, 2.9).concatenating(.translation(4.4, 5.2)), rect: r,
                     paint: .textureAlpha(.image(0), uv: unitUV(r), filter: .linear, color: color(0.1, 0.1, 0.3, 0.7))),
            DrawItem(layer: 0, transform: .translation(62.6, 50.2), rect: r,
                     paint: .textureAlpha(.image(0), uv: unitUV(r), filter: .nearest, color: color(0.9, 0.5, 0.1, 0.55))),
        ]
        return canvas(items, clear: color(1, 1, 1, 1), images: [PlanImage(key: "mask", image: m)])
    }

    /// A shadow: shape → horizontal blur → vertical blur → drawn as textureAlpha under the shape.
    static var blur: RenderPlan {
        let pw = 72, ph = 60
        let shape = Rect(x: 16, y: 14, width: 40, height: 30)
        let src = RenderPass(id: 1, width: pw, height: ph, reason: .shadow, layerName: "s", clear: .clear,
                             content: .draw([DrawItem(layer: 0, transform: .identity, rect: shape.insetBy(-1, -1),
                                                      paint: .solid(color(0, 0, 0, 1)),
                                                      shape: .roundedRect(shape, radius: 7))]))
        let hb = RenderPass(id: 2, width: pw, height: ph, reason: .shadowBlur, layerName: "s", clear: .clear,
                            content: .blur(BlurStep(source: 1, axis: .horizontal, sigma: 3.3)))
        let vb = RenderPass(id: 3, width: pw, height: ph, reason: .shadowBlur, layerName: "s", clear: .clear,
                            content: .blur(BlurStep(source: 2, axis: .vertical, sigma: 3.3)))
        let pr = Rect(x: 0, y: 0, width: Double(pw), height: Double(ph))
        let items = [
            DrawItem(layer: 0, transform: .translation(14, 15), rect: pr,
                     paint: .textureAlpha(.pass(3), uv: unitUV(pr), filter: .linear, color: color(0, 0, 0, 0.6))),
            DrawItem(layer: 0, transform: .translation(8, 8), rect: shape.insetBy(-1, -1),
                     paint: .solid(color(0.95, 0.8, 0.2, 1)), shape: .roundedRect(shape, radius: 7)),
        ]
        return canvas(items, clear: color(1, 1, 1, 1), before: [src, hb, vb])
    }

    /// A large-σ shadow as the plan builder runs it: shape → box ÷4 along x → along y →
    /// blur H and V at ¼ size (a σ that needs the radius-bucket padding) → upsampled by a
    /// linear textureAlpha item whose uv covers ⌈size/4⌉·4 pixels.
    static var blurDownsampled: RenderPlan {
        let pw = 90, ph = 70, d = 4
        let lw = BlurStep.downsampledSide(pw, factor: d), lh = BlurStep.downsampledSide(ph, factor: d)
        let shape = Rect(x: 30, y: 24, width: 30, height: 22)
        let src = RenderPass(id: 1, width: pw, height: ph, reason: .shadow, layerName: "s", clear: .clear,
                             content: .draw([DrawItem(layer: 0, transform: .identity, rect: shape.insetBy(-1, -1),
                                                      paint: .solid(color(0, 0, 0, 1)),
                                                      shape: .roundedRect(shape, radius: 6), aaEdges: .all)]))
        func blur(_ id: Int, _ w: Int, _ h: Int, _ step: BlurStep) -> RenderPass {
            RenderPass(id: id, width: w, height: h, reason: .shadowBlur, layerName: "s", clear: .clear,
                       content: .blur(step))
        }
        let passes = [src,
                      blur(2, lw, ph, BlurStep(source: 1, axis: .horizontal, downsample: d)),
                      blur(3, lw, lh, BlurStep(source: 2, axis: .vertical, downsample: d)),
                      blur(4, lw, lh, BlurStep(source: 3, axis: .horizontal, sigma: 4.1)),
                      blur(5, lw, lh, BlurStep(source: 4, axis: .vertical, sigma: 4.1))]
        let pr = Rect(x: 0, y: 0, width: Double(pw), height: Double(ph))
        let covered = Rect(x: 0, y: 0, width: Double(lw * d), height: Double(lh * d))
        let items = [
            DrawItem(layer: 0, transform: .translation(3, 5), rect: pr,
                     paint: .textureAlpha(.pass(5), uv: unitUV(covered), filter: .linear,
                                          color: color(0.1, 0.2, 0.5, 0.7))),
            DrawItem(layer: 0, transform: .identity, rect: shape.insetBy(-1, -1),
                     paint: .solid(color(0.95, 0.8, 0.2, 1)), shape: .roundedRect(shape, radius: 6)),
        ]
        return canvas(items, clear: color(1, 1, 1, 1), before: passes)
    }

    /// Group opacity: children drawn in a pass, the pass drawn at 0.5 opacity; a second
    /// pass samples the first (chained pass textures).
    static var multiPass: RenderPlan {
        let g = Rect(x: 0, y: 0, width: 60, height: 50)
        let group = RenderPass(id: 1, width: 60, height: 50, reason: .groupOpacity, layerName: "g", clear: .clear,
                               content: .draw([
                                   DrawItem(layer: 0, transform: .identity, rect: Rect(x: 2, y: 3, width: 40, height: 30),
                                            paint: .solid(color(1, 0, 0, 1))),
                                   DrawItem(layer: 0, transform: .identity, rect: Rect(x: 20.5, y: 15.5, width: 35, height: 30),
                                            paint: .solid(color(0, 0, 1, 0.8)), aaEdges: .all),
                               ]))
        let rounded = RenderPass(id: 2, width: 60, height: 50, reason: .roundedClip, layerName: "r", clear: .clear,
                                 content: .draw([DrawItem(layer: 0, transform: .identity, rect: g,
                                                          paint: .texture(.pass(1), uv: unitUV(g), filter: .nearest, opacity: 1),
                                                          shape: .roundedRect(g.insetBy(4, 4), radius: 10), blend: .copy)]))
        let items = [
            DrawItem(layer: 0, transform: .translation(4, 4), rect: g,
                     paint: .texture(.pass(1), uv: unitUV(g), filter: .nearest, opacity: 0.5)),
            DrawItem(layer: 0, transform: Transform3D.rotation(0.25, 0, 0, 1).concatenating(.translation(38, 22)), rect: g,
                     paint: .texture(.pass(2), uv: unitUV(g), filter: .linear, opacity: 0.75), aaEdges: .all),
        ]
        return canvas(items, clear: color(0.9, 1, 0.9, 1), before: [group, rounded])
    }

    /// Many small items in one state: batching must keep draw calls low.
    static var manyItems: RenderPlan {
        var items: [DrawItem] = []
        for i in 0..<1000 {
            let x = Double(i % 40) * 2.4, y = Double(i / 40) * 3.2
            items.append(DrawItem(layer: i % 7, transform: .identity, rect: Rect(x: x, y: y, width: 3.1, height: 2.7),
                                  paint: .solid(color(Double(i % 5) / 4, 0.5, Double(i % 3) / 2, 0.7)),
                                  clip: i % 13 == 0 ? [Vec2(0, 0), Vec2(96, 0), Vec2(0, 80)] : nil))
        }
        return canvas(items)
    }

    /// An image of 150×90 drawn with linear filtering, scaled and rotated, for tiling at a small max size.
    static var bigTexture: RenderPlan {
        let img = image(150, 90, seed: 11)
        let r = Rect(x: 0, y: 0, width: 150, height: 90)
        let t = about(Transform3D.rotation(0.12, 0, 0, 1), centre: Vec2(75, 45))
            .concatenating(.scale(0.61, 0.83)).concatenating(.translation(1.7, 2.2))
        let sub = Homography(0.8 / 150, 0, 0, 0, 0.9 / 90, 0, 0.07, 0.05, 1)   // a sub-rect of the image
        let items = [
            DrawItem(layer: 0, transform: t, rect: r, paint: .texture(.image(0), uv: unitUV(r), filter: .linear, opacity: 1),
                     aaEdges: .all),
            DrawItem(layer: 0, transform: Transform3D.scale(0.31, 0.29).concatenating(.translation(50.2, 50.1)), rect: r,
                     paint: .texture(.image(0), uv: sub, filter: .nearest, opacity: 0.7)),
        ]
        return canvas(items, clear: color(0.2, 0.2, 0.2, 1), images: [PlanImage(key: "big", image: img)])
    }
}
