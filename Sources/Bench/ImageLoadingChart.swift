// Bench: the chart of `experiment image-loading`: for each source
// image a panel of grouped bars — one group per size, one bar per format —
// of total (load + decode + upload) milliseconds on a log scale, drawn with
// PlotCanvas and TextLabel.

import Compositor
import Foundation

struct ImageLoadingChart {
    let rows: [ImageLoadingRow]

    static let colors: [ImageExperimentFormat: (UInt8, UInt8, UInt8)] = [
        .png: (31, 119, 180), .jpeg: (255, 127, 14), .jp2: (148, 103, 189), .jp2Half: (197, 176, 213),
        .pvrtc: (44, 160, 44),
    ]

    var image: Image {
        var kinds: [String] = []
        for r in rows where !kinds.contains(r.kind) { kinds.append(r.kind) }
        let panelH = 300
        var c = PlotCanvas(width: 960, height: 60 + panelH * max(1, kinds.count))
        c.text("Load, decode and upload, ms (log scale)", centreX: 480, y: 12, (0, 0, 0), scale: 2)
        var lx = 230
        for f in ImageExperimentFormat.allCases {
            c.fill(lx, 40, 14, 10, Self.colors[f]!)
            c.text(f.rawValue, x: lx + 20, y: 41, (0, 0, 0))
            lx += 110
        }
        let positive = rows.map(\.totalMs).filter { $0 > 0 }
        let y0 = floor(log10(positive.min() ?? 0.01)), y1 = max(ceil(log10(positive.max() ?? 100)), y0 + 1)
        for (k, kind) in kinds.enumerated() {
            let top = 70 + k * panelH, bottom = top + panelH - 60, left = 80, right = 940
            c.text(kind, x: left, y: top - 4, (0, 0, 0), scale: 2)
            c.line(left, top + 14, left, bottom, (0, 0, 0))
            c.line(left, bottom, right, bottom, (0, 0, 0))
            func py(_ v: Double) -> Int {
                let t = (log10(max(v, pow(10, y0))) - y0) / (y1 - y0)
                return bottom - Int(t * Double(bottom - top - 14))
            }
            var e = y0
            while e <= y1 {
                let y = py(pow(10, e))
                c.line(left - 4, y, left, y, (0, 0, 0))
                c.text(FrameTimePlot.ms(pow(10, e)), rightX: left - 8, y: y - 3, (0, 0, 0))
                e += 1
            }
            let mine = rows.filter { $0.kind == kind }
            var sizes: [String] = []
            for r in mine where !sizes.contains("\(r.width)x\(r.height)") { sizes.append("\(r.width)x\(r.height)") }
            let groupW = (right - left) / max(1, sizes.count)
            for (g, size) in sizes.enumerated() {
                let x0 = left + g * groupW + 8
                let group = mine.filter { "\($0.width)x\($0.height)" == size }
                let barW = max(4, (groupW - 16) / max(1, group.count))
                for (b, r) in group.enumerated() {
                    let y = py(r.totalMs)
                    c.fill(x0 + b * barW, y, barW - 2, max(1, bottom - y), Self.colors[r.format]!)
                }
                c.text(size, centreX: left + g * groupW + groupW / 2, y: bottom + 8, (0, 0, 0))
            }
        }
        return c.image
    }
}
