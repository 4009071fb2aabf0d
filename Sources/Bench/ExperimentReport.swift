// Bench: the Markdown report of `experiment layers`: one table of
// frame times (plan build, draw + readback) and culling stats per grid size,
// the whole-grid ÷ visible-only ratio (the cost of layers nobody sees), memory per layer, and the
// overdraw heat maps written beside it.

import Compositor
import Foundation

struct LayerExperimentReport {
    let command: String
    let backend: String
    let rows: [LayerExperimentRow]
    let memory: MemoryFigures
    /// Overdraw heat maps written beside the report: file name and a one-line summary.
    var heatMaps: [(file: String, line: String)] = []

    /// Whole-grid frame ÷ visible-only frame: what the off-screen layers still cost.
    static func ratio(_ a: FrameTiming, _ b: FrameTiming) -> Double { a.frameMs / max(b.frameMs, 1e-9) }

    var markdown: String {
        var s = "# experiment layers (\(backend))\n\n"
        s += "Command: `\(command)`\n\n"
        s += "Canvas 1280×720, squares 100 pt spaced 150 pt, camera distance 500 (m34 = −1/500), "
        s += "scrolled to the grid's centre. Times are medians in ms: plan = plan build, draw = draw + readback. "
        s += "\"visible-only\" is a scene holding only the squares the culled plan drew.\n\n"
        s += "| grid | layers | visible | culled outside | culled other | occluded items | "
        s += "cull on: plan / draw / frame | cull off: plan / draw / frame | "
        s += "visible-only (cull on): plan / draw / frame | visible-only (cull off) frame | "
        s += "ratio on | ratio off | same image |\n"
        s += "|" + String(repeating: "---|", count: 13) + "\n"
        for r in rows {
            let st = r.statsOn
            let other = st.culledTotal - st.culledOutsideCanvas
            let on = Self.ratio(r.on, r.visibleOn), off = Self.ratio(r.off, r.visibleOff)
            s += "| \(r.grid.label) | \(r.grid.layerCount) | \(r.visibleLayers) | \(st.culledOutsideCanvas) | "
            s += "\(other) | \(st.culledOccludedItems) | \(t(r.on)) | \(t(r.off)) | \(t(r.visibleOn)) | "
            s += "\(f(r.visibleOff.frameMs)) | \(f(on))× | \(f(off))× | "
            s += "\(r.sameImage && r.cullInvariant ? "yes" : "NO") |\n"
        }
        s += "\nratio on = whole grid, culling on ÷ visible-only, culling on (culling works when this stays ≤ 2×: off-screen layers then cost at most as much as the visible ones); "
        s += "ratio off = whole grid, culling off ÷ visible-only, culling off. "
        s += "\"same image\": culling on and off, and the visible-only scene, render identical pixels.\n\n"
        if let big = rows.max(by: { $0.grid.layerCount < $1.grid.layerCount }) {
            let r = Self.ratio(big.on, big.visibleOn)
            s += "**Culling bound** (\(big.grid.label), \(big.grid.layerCount) layers, \(big.visibleLayers) visible): "
            s += "\(f(big.on.frameMs)) ms ÷ \(f(big.visibleOn.frameMs)) ms = \(f(r))× — "
            s += r <= 2 ? "met (≤ 2×).\n\n" : "NOT met (> 2×).\n\n"
        }
        let n = Double(max(memory.layers, 1))
        s += "## Memory (\(memory.layers) layers)\n\n"
        s += "| what | bytes | per layer |\n|---|---|---|\n"
        s += "| layer tree, resident set growth | \(memory.treeBytes) | \(f(Double(memory.treeBytes) / n)) |\n"
        s += "| plan, culling on, resident set growth | \(memory.planOnBytes) | \(f(Double(memory.planOnBytes) / n)) |\n"
        s += "| plan, culling on, estimate | \(memory.planOnEstimate) | \(f(Double(memory.planOnEstimate) / n)) |\n"
        s += "| plan, culling off, resident set growth | \(memory.planOffBytes) | \(f(Double(memory.planOffBytes) / n)) |\n"
        s += "| plan, culling off, estimate | \(memory.planOffEstimate) | \(f(Double(memory.planOffEstimate) / n)) |\n"
        s += "\nDrawItem stride \(MemoryLayout<DrawItem>.stride) bytes. Plot: `frame-time.png`.\n"
        if !heatMaps.isEmpty {
            s += "\n## Overdraw heat maps (culled frames; blue 1×, green 2×, pink 3×, red 4×+)\n\n"
            for h in heatMaps { s += "- `\(h.file)`: \(h.line)\n" }
        }
        return s
    }

    func t(_ x: FrameTiming) -> String { "\(f(x.planMs)) / \(f(x.drawMs)) / \(f(x.frameMs))" }
    func f(_ v: Double) -> String { String(format: "%.2f", v) }
}
