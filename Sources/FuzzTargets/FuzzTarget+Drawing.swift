// FuzzTargets: drawing lists — the `draw` reader of `"type": "drawing"`
// layers and their execution by cairo (DrawingLayer.displayIfNeeded), then
// the plan and the CPU executor. The first two bytes pick the layer's size
// (1…256 points square-ish) and contentsScale (¼…4); the rest is the JSON
// value of `draw`. The layer is drawn at time 0, then at time 1 and 2 by the
// same layer (so appearing operations go through the dirty-rect damage),
// and once more after setNeedsDisplay(in:) of a rect the input picks. The
// backing store is bounded by the plan's memory limit (8 MiB), checked
// before cairo allocates it, as every render does.

import Foundation
import Geometry
import Layers
import Raster
import Rendering

extension FuzzTarget {
    /// Drawing list JSON (after two size bytes) → drawing layer → cairo → plan → CPU pixels.
    public static func drawing(_ bytes: [UInt8]) throws {
        guard bytes.count >= 2 else { return }
        let side = 1 + Double(bytes[0])
        let scales = [0.25, 0.5, 1, 1.5, 2, 3, 4]
        let scale = scales[Int(bytes[1]) % scales.count]
        let list = String(decoding: bytes[2...], as: UTF8.self)
        guard !mayNameSpecialFile(Array(bytes[2...])) else { return }
        let height = max(1, (side * 0.75).rounded())
        let json = #"{"canvas": {"width": 64, "height": 48}, "sublayers": [{"type": "drawing", "name": "fuzz", "#
            + #""frame": [0, 0, \#(side), \#(height)], "contentsScale": \#(scale), "draw": "# + list + "}]}"
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: sceneDirectory, name: "fuzz.json")
        var options = PlanOptions(scale: 0.75, cull: bytes.count % 2 == 0)
        options.memoryLimit = 8 << 20
        for t in [0.0, 1, 2] {
            let root = scene.root.presentation(at: t)
            let builder = PlanBuilder(options: options)
            let plan = builder.build(root: root, width: 48, height: 36)
            guard builder.stats.problems.isEmpty else { throw SceneNotDrawn(problems: builder.stats.problems) }
            _ = try CPUExecutor(bands: 1).execute(plan)
        }
        if let d = scene.root.sublayers.first as? DrawingLayer {
            let b = Double(bytes.count % 97)
            d.setNeedsDisplay(in: Rect(x: b / 3, y: b / 5, width: b, height: b / 2))
            d.displayIfNeeded(maximumBytes: 8 << 20)
        }
    }
}
