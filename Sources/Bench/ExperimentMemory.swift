// Bench: memory per layer for `experiment layers` — resident set
// growth (/proc/self/statm) while building the largest grid's layer tree and
// its plans, divided by the layer count, next to the plan's own byte estimate.

import Compositor
import Foundation

/// Memory figures of one grid.
struct MemoryFigures {
    var layers: Int
    /// Resident set growth while building the layer tree.
    var treeBytes: Int
    /// Resident set growth while building the plan, culling on and off.
    var planOnBytes: Int, planOffBytes: Int
    /// The plans' estimated bytes (`RenderPlan.estimatedBytes`).
    var planOnEstimate: Int, planOffEstimate: Int
}

enum MemoryProbe {
    /// Resident bytes of this process, or 0 where /proc is missing.
    static func residentBytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let f = s.split(separator: " ")
        guard f.count > 1, let pages = Int(f[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Builds `grid` and its plans once, measuring resident set growth.
    static func layers(_ grid: LayerGrid) -> MemoryFigures {
        let w = Int(grid.canvasWidth), h = Int(grid.canvasHeight)
        let r0 = residentBytes()
        let root = grid.build()
        let r1 = residentBytes()
        let on = PlanBuilder.build(root: root, width: w, height: h, options: PlanOptions(cull: true))
        let r2 = residentBytes()
        let off = PlanBuilder.build(root: root, width: w, height: h, options: PlanOptions(cull: false))
        let r3 = residentBytes()
        let m = MemoryFigures(layers: grid.layerCount, treeBytes: r1 - r0, planOnBytes: r2 - r1,
                              planOffBytes: r3 - r2, planOnEstimate: on.estimatedBytes,
                              planOffEstimate: off.estimatedBytes)
        withExtendedLifetime((root, on, off)) {}
        return m
    }
}
