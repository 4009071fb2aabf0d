// RasterTests: small builders for hand-made render plans, so each test
// reads as the scene it draws.

import Geometry
import Images
import Plan
@testable import Raster

enum Fixture {
    /// A canvas-only plan of `items` over `clear`.
    static func plan(_ width: Int, _ height: Int, _ items: [DrawItem],
                     clear: PremultipliedColor = .clear, images: [Image] = []) -> RenderPlan {
        RenderPlan(width: width, height: height,
                   passes: [RenderPass(id: 0, width: width, height: height, reason: .canvas, layerName: nil,
                                       clear: clear, content: .draw(items))],
                   images: images.enumerated().map { PlanImage(key: "img\($0.offset)", image: $0.element) },
                   layerNames: ["layer"])
    }

    /// An untransformed solid quad covering `rect` in pass pixels.
    static func solid(_ rect: Rect, _ c: PremultipliedColor, shape: Shape = .quad, aa: EdgeMask = [],
                      blend: BlendMode = .sourceOver, transform: Transform3D = .identity) -> DrawItem {
        DrawItem(layer: 0, transform: transform, rect: rect, paint: .solid(c), shape: shape, aaEdges: aa,
                 blend: blend)
    }

    /// A textured quad whose uv maps `rect` onto `uvRect` in unit texture space.
    static func textured(_ rect: Rect, _ tex: TextureRef, uvRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                         filter: TextureFilter, opacity: Double = 1,
                         transform: Transform3D = .identity) -> DrawItem {
        DrawItem(layer: 0, transform: transform, rect: rect,
                 paint: .texture(tex, uv: Homography.mapping(rect, to: uvRect), filter: filter, opacity: opacity))
    }

    /// A colour from premultiplied bytes.
    static func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PremultipliedColor {
        PremultipliedColor(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: Double(a) / 255)
    }

    /// Runs `plan` on a fresh executor.
    static func render(_ plan: RenderPlan, conventions: GLConventions = .llvmpipe,
                       bands: Int? = nil) throws -> (Image, RasterStats) {
        let ex = CPUExecutor(conventions: conventions, bands: bands)
        let img = try ex.execute(plan)
        return (img, ex.lastStats)
    }
}

extension Image {
    /// The pixel as an array, for XCTAssertEqual messages.
    func px(_ x: Int, _ y: Int) -> [UInt8] {
        let p = self[x, y]
        return [p.0, p.1, p.2, p.3]
    }
}
