// GLES: how many fragments sample each PVRTC image in a plan — the area, in
// pass pixels, of the polygons GLES draws for the Paint.texture items that
// sample it (Tessellator.polygon: clipped to the pass and the eye plane,
// antialiasing fringe included). The `auto` decode rule (PVRTCDecodeChoice)
// weighs these fragments, summed over the frames that used the texture,
// against the texels a decode pass would shade, so a large texture drawn as a
// thumbnail keeps being decoded per fragment.

import Geometry
import Plan

enum PVRTCFragmentCount {
    /// For each plan image with PVRTC blocks that Paint.texture items sample,
    /// the pass pixels those items cover (summed over items and passes).
    static func fragments(in plan: RenderPlan) -> [Int: Double] {
        var out: [Int: Double] = [:]
        for pass in plan.passes {
            guard case .draw(let items) = pass.content else { continue }
            for item in items {
                guard case .texture(.image(let i), _, _, _) = item.paint,
                      plan.images.indices.contains(i), plan.images[i].pvrtc != nil,
                      let (polygon, _) = Tessellator.polygon(of: item, width: pass.width, height: pass.height)
                else { continue }
                out[i, default: 0] += area(polygon)
            }
        }
        return out
    }

    /// The area of a simple polygon (shoelace formula), whatever its winding.
    static func area(_ p: [Vec2]) -> Double {
        guard p.count >= 3 else { return 0 }
        var twice = 0.0
        for k in p.indices {
            let a = p[k], b = p[(k + 1) % p.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }
}
