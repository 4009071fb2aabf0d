// CompositorCLI: render statistics as text and JSON, from one place so the
// two never disagree.

import Compositor
import Foundation

struct StatsReport {
    var fields: [(String, Any)] = []

    init(_ o: RenderOutput) {
        let plan = o.plan
        fields.append(("backend", o.backend))
        fields.append(("size", "\(plan.width)x\(plan.height)"))
        fields.append(("passes", plan.passes.count))
        var reasons: [String: Int] = [:]
        for (r, n) in plan.offscreenPassesByReason { reasons[r.rawValue] = n }
        fields.append(("offscreenPassesByReason", reasons))
        fields.append(("drawItems", plan.passes.reduce(0) { $0 + $1.items.count }))
        fields.append(("layersVisited", o.buildStats.layersVisited))
        fields.append(("layersCulled", o.buildStats.culledTotal))
        let b = o.buildStats
        fields.append(("culledByReason", ["hidden": b.culledHidden, "transparent": b.culledTransparent,
                                          "backFacing": b.culledBackFacing, "outsideCanvas": b.culledOutsideCanvas,
                                          "clippedByAncestor": b.culledClipped, "empty": b.culledEmpty,
                                          "occludedItems": b.culledOccludedItems]))
        fields.append(("planMilliseconds", (o.planSeconds * 1e5).rounded() / 100))
        fields.append(("executeMilliseconds", (o.executeSeconds * 1e5).rounded() / 100))
        if let g = o.gpuStats {
            fields.append(("drawCalls", g.drawCalls))
            fields.append(("triangles", g.triangles))
            fields.append(("textureUploads", g.textureUploads))
            fields.append(("textureBinds", g.textureBinds))
        }
        if let c = o.cpuStats {
            fields.append(("triangles", c.triangles))
            fields.append(("fragmentsShaded", c.fragmentsShaded))
            fields.append(("fragmentsWritten", c.fragmentsWritten))
        }
    }

    var text: String {
        fields.map { k, v in
            if let d = v as? [String: Int] {
                let s = d.keys.sorted().map { "\($0)=\(d[$0]!)" }.joined(separator: " ")
                return "\(k): \(s.isEmpty ? "none" : s)"
            }
            return "\(k): \(v)"
        }.joined(separator: "\n")
    }

    var json: String {
        var dict: [String: Any] = [:]
        for (k, v) in fields { dict[k] = v }
        let data = (try? JSONSerialization.data(withJSONObject: dict, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
