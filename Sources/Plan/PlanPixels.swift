// Plan: how many pixels a plan shades, estimated from geometry — the
// area of each item's clipped polygon (what the vertex stage hands the
// rasterizer), blur passes counted as their full target. Frame stats use it
// for the GPU backend, which has no fragment counters; the CPU executor
// counts fragments exactly.

import Geometry

extension RenderPlan {
    /// Estimated fragments shaded over all passes.
    public var estimatedPixelsShaded: Int {
        var total = 0.0
        for p in passes {
            switch p.content {
            case .blur, .blurs:
                total += Double(p.width * p.height)
            case .draw(let items):
                for item in items {
                    guard let (poly, _) = Tessellator.polygon(of: item, width: p.width, height: p.height),
                          poly.count >= 3 else { continue }
                    var a = 0.0
                    for i in poly.indices {
                        let u = poly[i], v = poly[(i + 1) % poly.count]
                        a += u.x * v.y - v.x * u.y
                    }
                    total += abs(a) / 2
                }
            }
        }
        return Int(total.rounded())
    }
}
