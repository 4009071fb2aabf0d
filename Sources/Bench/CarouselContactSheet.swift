// Bench: the contact sheet of `experiment carousel`: for each strategy, a
// row of frames at the same moments — as a photo enters on the right (every
// third frame, where tiles fade in, blank cells wait and reduced images
// show) and after the strip stops (before and after the swap to full
// resolution) — each frame at half size with its number.

import Compositor
import Foundation

struct CarouselContactSheet {
    let results: [CarouselResult]
    let geometry: CarouselGeometry

    /// The frames every strategy keeps: six as the first photo not visible at
    /// the start enters, then the frame the strip stops, one within the
    /// settle time and the last frame.
    static func frames(_ g: CarouselGeometry, settleFrames: Int) -> Set<Int> {
        var out: Set<Int> = []
        let initial = Set(g.visible(0))
        if let entering = (0..<g.count).first(where: { !initial.contains($0) }), let e = g.entryFrame(entering) {
            for k in 0..<6 { out.insert(e + 3 * k) }
        }
        out.insert(g.scrollFrames)
        out.insert(g.scrollFrames + max(1, settleFrames / 2))
        out.insert(g.frames - 1)
        return Set(out.filter { $0 >= 0 && $0 < g.frames })
    }

    var image: Image {
        let chosen = Set(results.flatMap { $0.snapshots.keys }).sorted()
        let tw = max(1, Int(geometry.canvasWidth) / 2), th = max(1, Int(geometry.canvasHeight) / 2)
        let cols = min(4, max(1, chosen.count)), rowsPer = (chosen.count + cols - 1) / max(1, cols)
        let pad = 8, label = 14, header = 22
        let width = pad + cols * (tw + pad)
        let block = header + rowsPer * (th + label + pad)
        var c = PlotCanvas(width: width, height: pad + results.count * block)
        let ink: (UInt8, UInt8, UInt8) = (30, 30, 30)
        for (ri, r) in results.enumerated() {
            let y0 = pad + ri * block
            c.text(r.name.uppercased(), x: pad, y: y0 + 4, ink, scale: 2)
            for (k, f) in chosen.enumerated() {
                let x = pad + (k % cols) * (tw + pad), y = y0 + header + (k / cols) * (th + label + pad)
                let phase = f >= geometry.scrollFrames ? "STILL" : "SCROLLING"
                c.text("FRAME \(f) (\(String(format: "%.2f", geometry.time(f))) S, \(phase))", x: x, y: y, ink)
                if let frame = r.snapshots[f] {
                    c.blit(ImageDownscale.box(frame, width: tw, height: th), x: x, y: y + label)
                }
            }
        }
        return c.image
    }
}

extension PlotCanvas {
    /// Copies `image` (opaque frames) with its top-left corner at (x, y).
    mutating func blit(_ source: Image, x: Int, y: Int) {
        for sy in 0..<source.height {
            for sx in 0..<source.width {
                let i = (sy * source.width + sx) * 4
                set(x + sx, y + sy, (source.pixels[i], source.pixels[i + 1], source.pixels[i + 2]))
            }
        }
    }
}
