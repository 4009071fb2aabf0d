// Bench: the Markdown report of `experiment carousel`: the set-up, one row
// per strategy (frames over budget, worst and median frame, time until each
// photo shows at full resolution, peak memory, blank and reduced frames,
// decodes on the render thread and in the background, swaps), what each
// strategy does, and the plots and contact sheet written beside it.

import Compositor
import Foundation

struct CarouselReport {
    let command: String
    let backend: String
    let geometry: CarouselGeometry
    let format: CarouselPhotoFormat
    let reducedSize: (Int, Int)
    let loadLatencyMs: Double
    let results: [CarouselResult]

    var markdown: String {
        let g = geometry
        var s = "# experiment carousel (\(backend))\n\n"
        s += "Command: `\(command)`\n\n"
        s += "\(g.count) generated photos of \(g.photoWidth)×\(g.photoHeight) px (\(format.rawValue)), "
        s += "cells of \(g.cellPixels.width)×\(g.cellPixels.height) px on a \(Int(g.canvasWidth))×\(Int(g.canvasHeight)) canvas; "
        s += "the strip scrolls at \(f(g.speed, 0)) points/s for \(g.scrollFrames) frames, then stays still for "
        s += "\(g.frames - g.scrollFrames) frames; \(g.frames) frames at 60 fps per strategy. "
        s += "Reduced files: \(reducedSize.0)×\(reducedSize.1) px. "
        s += loadLatencyMs > 0 ? "Simulated storage latency: \(f(loadLatencyMs, 0)) ms per read.\n\n" : "No simulated storage latency.\n\n"
        s += "| strategy | frames > 16.67 ms | worst frame (ms) | median frame (ms) | median prepare / render (ms) | "
        s += "time to full resolution, median / max (ms) | "
        s += "photos never at full resolution | peak image memory (MiB) | peak RSS growth (MiB) | blank frames | "
        s += "reduced frames | swaps | render-thread decodes | background decodes | mean decode (ms) |\n"
        s += "|" + String(repeating: "---|", count: 15) + "\n"
        for r in results {
            let t = r.fullTimes
            let full = t.isEmpty ? "–" : "\(f(FrameSummary.percentile(t, 0.5), 0)) / \(f(t.last ?? 0, 0))"
            let prep = FrameSummary.percentile(r.frames.map(\.prepareMs), 0.5)
            let render = FrameSummary.percentile(r.frames.map(\.renderMs), 0.5)
            s += "| \(r.name) | \(r.overBudget) of \(r.frames.count) | \(f(r.worstMs)) | \(f(r.medianMs)) | "
            s += "\(f(prep)) / \(f(render)) | \(full) | "
            s += "\(r.neverFull) of \(r.timeToFull.count) | \(mib(r.peakHeldBytes)) | \(mib(r.peakResidentGrowth)) | "
            s += "\(r.blankFrames) | \(r.reducedFrames) | \(r.swaps) | \(r.renderThreadDecodes) | \(r.backgroundDecodes) | \(f(r.meanDecodeMs, 1)) |\n"
        }
        s += "\n- **prepare**: the strategy's work before rendering (decodes on the render thread included); **render**: "
        s += "presentation, plan, draw and readback. Each strategy has a fresh renderer, warmed up with one untimed frame.\n"
        s += "- **time to full resolution**: wall time from the start of the frame in which a photo's cell first "
        s += "appears to the end of the first frame that shows it at its full displayed resolution (for the tiled "
        s += "strategy: the first frame in which none of the view's tiles is blank, coarser or still fading).\n"
        s += "- **peak image memory**: the decoded bytes the strategy holds (cells, caches, tiles) at the end of a frame, "
        s += "largest over the run; **peak RSS growth**: the process's resident high-water mark during the run minus "
        s += "its size at the start.\n"
        s += "- **mean decode**: per decode, a whole photo (sync: read and decode; threaded: and drawn at the cell's size; "
        s += "swapping: the same, or a reduced file) or one tile (tiled), on the thread that ran it.\n"
        s += "- **blank frames**: frames in which a visible cell (or tile) shows nothing yet; **reduced frames**: frames "
        s += "in which a visible cell shows a reduced-resolution image.\n\n"
        s += "## Strategies\n\n"
        for r in results { s += "- **\(r.name)**: \(r.summary). Plot: `frames-\(r.name).png`.\n" }
        s += "\nContact sheet: `contact-sheet.png` (frames as photos enter, and after the strip stops).\n"
        return s
    }

    func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
    func mib(_ b: Int) -> String { String(format: "%.1f", Double(b) / 1_048_576) }
}
