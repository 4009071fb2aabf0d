// Rendering: what a plan costs in pixels, computed from the geometry both
// executors draw: the area of every tessellated polygon plus every blur
// pass's pixels. Used by benchmarks to size the fill-rate floor.

import Geometry

extension RenderPlan {
    /// Pixels the plan shades (polygon areas; blur passes count their full size).
    public var shadedPixels: Double {
        var total = 0.0
        for p in passes {
            switch p.content {
            case .blur: total += Double(p.width * p.height)
            case .draw(let items):
                for it in items {
                    guard let g = Tessellator.geometry(of: it, width: p.width, height: p.height) else { continue }
                    var pts: [Vec2] = []
                    for i in 0..<g.vertexCount {
                        let o = i * VertexLayout.stride
                        pts.append(Vec2(Double(g.vertices[o]), Double(g.vertices[o + 1])))
                    }
                    total += abs(Tessellator.signedArea(pts))
                }
            }
        }
        return total
    }

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
