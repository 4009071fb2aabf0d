// Plan: the raw fill-rate floor benchmarks compare a frame against: a
// plan of full-canvas quads covering as many pixels as the frame writes
// (exact fragment counts come from the overdraw counters).

import Geometry

extension RenderPlan {
    /// A plan of `count` full-canvas blended quads over a `width` × `height` canvas:
    /// the raw fill-rate floor for the same number of pixels.
    public static func fullCanvasQuads(count: Int, width: Int, height: Int) -> RenderPlan {
        let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let items = (0..<count).map { i in
            DrawItem(layer: 0, transform: .identity, rect: rect,
                     paint: .solid(PremultipliedColor(r: 0.25, g: Double(i % 2) * 0.25, b: 0.25, a: 0.5)))
        }
        return RenderPlan(width: width, height: height,
                          passes: [RenderPass(id: 0, width: width, height: height, reason: .canvas,
                                              layerName: nil, clear: .clear, content: .draw(items))],
                          images: [], layerNames: ["quad"])
    }
}
