// Bench: the plot of `experiment layers`, drawn straight into an
// Image: frame time (log) against layer count (log), one series per way of
// counting, with axes, ticks, labels (TextLabel) and a legend.

import Compositor
import Foundation

struct FrameTimePlot {
    let rows: [LayerExperimentRow]
    let backend: String

    struct Series {
        var label: String
        var color: (UInt8, UInt8, UInt8)
        var points: [(x: Double, y: Double)]
    }

    var series: [Series] {
        let r = rows.sorted { $0.grid.layerCount < $1.grid.layerCount }
        return [
            Series(label: "whole grid, cull on, vs total layers", color: (31, 119, 180),
                   points: r.map { (Double($0.grid.layerCount), $0.on.frameMs) }),
            Series(label: "whole grid, cull on, vs visible layers", color: (255, 127, 14),
                   points: r.map { (Double($0.visibleLayers), $0.on.frameMs) }),
            Series(label: "visible-only scene, vs visible layers", color: (44, 160, 44),
                   points: r.map { (Double($0.visibleLayers), $0.visibleOn.frameMs) }),
            Series(label: "whole grid, cull off, vs total layers", color: (214, 39, 40),
                   points: r.map { (Double($0.grid.layerCount), $0.off.frameMs) }),
        ]
    }

    var image: Image {
        var c = PlotCanvas(width: 960, height: 600)
        let left = 90, right = 930, top = 50, bottom = 500
        let all = series.flatMap(\.points).filter { $0.x > 0 && $0.y > 0 }
        let xs = all.map(\.x), ys = all.map(\.y)
        let x0 = floor(log10(xs.min() ?? 10)), x1 = max(ceil(log10(xs.max() ?? 1e5)), x0 + 1)
        let y0 = floor(log10(ys.min() ?? 1)), y1 = max(ceil(log10(ys.max() ?? 100)), y0 + 1)
        func px(_ x: Double) -> Int { left + Int((log10(x) - x0) / (x1 - x0) * Double(right - left)) }
        func py(_ y: Double) -> Int { bottom - Int((log10(y) - y0) / (y1 - y0) * Double(bottom - top)) }
        let grey: (UInt8, UInt8, UInt8) = (225, 225, 225), ink: (UInt8, UInt8, UInt8) = (30, 30, 30)

        // Grid lines and ticks: x at decades, y at 1, 2, 5 × decades.
        for d in Int(x0)...Int(x1) {
            let v = pow(10, Double(d)), x = px(v)
            c.line(x, top, x, bottom, grey)
            c.line(x, bottom, x, bottom + 6, ink)
            c.text(Self.count(v), centreX: x, y: bottom + 12, ink)
        }
        for d in Int(y0)...Int(y1) {
            for m in [1.0, 2, 5] {
                let v = m * pow(10, Double(d))
                guard log10(v) <= y1 + 1e-9 else { continue }
                let y = py(v)
                c.line(left, y, right, y, grey)
                c.line(left - 6, y, left, y, ink)
                c.text(Self.ms(v), rightX: left - 10, y: y - 3, ink)
            }
        }
        c.line(left, top, left, bottom, ink); c.line(left, bottom, right, bottom, ink)
        c.text("layer count (log scale)", centreX: (left + right) / 2, y: bottom + 32, ink, scale: 2)
        c.text("ms", rightX: left - 10, y: top - 22, ink, scale: 2)
        c.text("Frame time (median, log scale) against layer count, 3D grid, \(backend) backend",
               centreX: (left + right) / 2, y: 14, ink, scale: 2)

        for s in series {
            // Sorted by x, so a series plotted against the visible count (which
            // several grid sizes can share) runs left to right instead of folding back.
            let pts = s.points.filter { $0.x > 0 && $0.y > 0 }
                .sorted { ($0.x, $0.y) < ($1.x, $1.y) }
                .map { (px($0.x), py($0.y)) }
            for (a, b) in zip(pts, pts.dropFirst()) { c.line(a.0, a.1, b.0, b.1, s.color, thickness: 2) }
            for p in pts { c.fill(p.0 - 3, p.1 - 3, 7, 7, s.color) }
        }
        // Legend, below the axis label.
        for (i, s) in series.enumerated() {
            let lx = left + (i % 2) * 420, ly = bottom + 60 + (i / 2) * 18
            c.fill(lx, ly + 2, 22, 4, s.color)
            c.fill(lx + 8, ly, 7, 7, s.color)
            c.text(s.label, x: lx + 30, y: ly, ink)
        }
        return c.image
    }

    static func count(_ v: Double) -> String {
        v >= 1e6 ? "\(Int(v / 1e6))M" : v >= 1e3 ? "\(Int(v / 1e3))K" : "\(Int(v))"
    }

    static func ms(_ v: Double) -> String {
        v >= 1 ? "\(Int(v.rounded()))" : String(format: "%g", v)
    }
}

/// An opaque white RGB canvas with lines, boxes and text labels (TextLabel).
struct PlotCanvas {
    var image: Image

    init(width: Int, height: Int) {
        image = Image(width: width, height: height)
        image.fill(255, 255, 255, 255)
    }

    mutating func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let i = (y * image.width + x) * 4
        image.pixels[i] = c.0; image.pixels[i + 1] = c.1; image.pixels[i + 2] = c.2; image.pixels[i + 3] = 255
    }

    mutating func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8)) {
        for yy in y..<(y + h) { for xx in x..<(x + w) { set(xx, yy, c) } }
    }

    /// Bresenham, with a square pen of `thickness` pixels.
    mutating func line(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int, _ c: (UInt8, UInt8, UInt8), thickness: Int = 1) {
        var x = xa, y = ya
        let dx = abs(xb - xa), dy = -abs(yb - ya), sx = xa < xb ? 1 : -1, sy = ya < yb ? 1 : -1
        var err = dx + dy
        while true {
            fill(x - (thickness - 1) / 2, y - (thickness - 1) / 2, thickness, thickness, c)
            if x == xb && y == yb { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// Font size in pixels for labels drawn at `scale` (1: tick labels, 2: titles).
    static func pixelSize(scale: Int) -> Double { scale <= 1 ? 12 : 15 }

    /// Width in pixels of `s` drawn at `scale`.
    static func textWidth(_ s: String, scale: Int) -> Int {
        TextLabel.make(s, pixelSize: pixelSize(scale: scale))?.width ?? 0
    }

    /// Draws `s` in colour `c`, its box vertically centred on a 7 × scale pixel line starting at y.
    mutating func text(_ s: String, x: Int, y: Int, _ c: (UInt8, UInt8, UInt8), scale: Int = 1) {
        guard let label = TextLabel.make(s, pixelSize: Self.pixelSize(scale: scale)) else { return }
        label.draw(into: &image, x: x, y: y - (label.height - 7 * scale) / 2, c)
    }

    mutating func text(_ s: String, centreX: Int, y: Int, _ c: (UInt8, UInt8, UInt8), scale: Int = 1) {
        text(s, x: centreX - Self.textWidth(s, scale: scale) / 2, y: y, c, scale: scale)
    }

    mutating func text(_ s: String, rightX: Int, y: Int, _ c: (UInt8, UInt8, UInt8), scale: Int = 1) {
        text(s, x: rightX - Self.textWidth(s, scale: scale), y: y, c, scale: scale)
    }
}
