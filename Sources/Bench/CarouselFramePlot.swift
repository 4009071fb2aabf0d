// Bench: the plot of one `experiment carousel` strategy, drawn straight into
// an Image: one bar per frame (its time in ms; red over the 16.67 ms budget,
// green within), the budget as a line, and under the axis a strip saying
// how the visible cells showed in each frame (grey: a cell blank, blue: a
// cell reduced, nothing: all at full resolution), the end of scrolling
// marked.

import Compositor
import Foundation

struct CarouselFramePlot {
    let result: CarouselResult
    let geometry: CarouselGeometry

    var image: Image {
        var c = PlotCanvas(width: 960, height: 420)
        let left = 70, right = 940, top = 50, bottom = 330
        let frames = result.frames
        let yMax = max(40, (result.worstMs / 10).rounded(.up) * 10)
        let n = max(1, frames.count)
        func px(_ i: Int) -> Int { left + i * (right - left) / n }
        func py(_ ms: Double) -> Int { bottom - Int(min(ms, yMax) / yMax * Double(bottom - top)) }
        let grey: (UInt8, UInt8, UInt8) = (225, 225, 225), ink: (UInt8, UInt8, UInt8) = (30, 30, 30)
        var tick = 0.0
        let step = yMax > 200 ? 50.0 : yMax > 80 ? 20 : 10
        while tick <= yMax {
            let y = py(tick)
            c.line(left, y, right, y, grey)
            c.text("\(Int(tick))", rightX: left - 8, y: y - 3, ink)
            tick += step
        }
        for (i, fr) in frames.enumerated() {
            let x0 = px(i), x1 = max(x0 + 1, px(i + 1) - (n < 200 ? 1 : 0))
            let colour: (UInt8, UInt8, UInt8) = fr.overBudget ? (214, 39, 40) : (44, 160, 44)
            let y = py(fr.frameMs)
            c.fill(x0, y, x1 - x0, bottom - y, colour)
            let status: (UInt8, UInt8, UInt8)? = fr.blankCells > 0 ? (150, 150, 150) : fr.reducedCells > 0 ? (31, 119, 180) : nil
            if let s = status { c.fill(x0, bottom + 8, x1 - x0, 10, s) }
        }
        let budget = py(FrameStats.budgetMs)
        c.line(left, budget, right, budget, (255, 127, 14), thickness: 2)
        c.text("16.67 MS", x: right - 50, y: budget - 12, (255, 127, 14))
        let stop = px(geometry.scrollFrames)
        c.line(stop, top, stop, bottom + 20, ink)
        c.text("STRIP STOPS", x: stop + 4, y: top + 4, ink)
        c.line(left, top, left, bottom, ink); c.line(left, bottom, right, bottom, ink)
        c.text("MS", rightX: left - 8, y: top - 18, ink, scale: 2)
        c.text("FRAME (60 FPS)", centreX: (left + right) / 2, y: bottom + 26, ink, scale: 2)
        let title = "\(result.name.uppercased()): \(result.overBudget) OF \(frames.count) FRAMES OVER BUDGET, "
            + "WORST \(String(format: "%.1f", result.worstMs)) MS, \(result.blankFrames) BLANK, \(result.reducedFrames) REDUCED"
        c.text(title, centreX: (left + right) / 2, y: 14, ink, scale: 2)
        let ly = bottom + 56
        c.fill(left, ly, 14, 8, (44, 160, 44)); c.text("FRAME WITHIN BUDGET", x: left + 20, y: ly, ink)
        c.fill(left + 190, ly, 14, 8, (214, 39, 40)); c.text("OVER BUDGET", x: left + 210, y: ly, ink)
        c.fill(left + 330, ly, 14, 8, (150, 150, 150)); c.text("A CELL BLANK", x: left + 350, y: ly, ink)
        c.fill(left + 470, ly, 14, 8, (31, 119, 180)); c.text("A CELL REDUCED", x: left + 490, y: ly, ink)
        return c.image
    }
}
