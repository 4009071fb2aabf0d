// Bench: `compositor experiment drawing` — the book's comparison of a
// growing hand-drawn path (chapter 13's drawing app, chapter 15's advice on
// software drawing): a CAShapeLayer whose path grows each frame, against a
// drawing layer (cairo) that redraws its whole backing image each frame,
// against the same drawing layer redrawing only the dirty rect of the new
// segment (setNeedsDisplay(in:)), on both backends. Per frame: frame time
// (plan building includes the software drawing), pixels redrawn, backing
// store bytes. Writes DIR/report.md and DIR/frame-time.png.

import ArgumentParser
import CLISupport
import Compositor
import Foundation

struct ExperimentDrawing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawing",
        abstract: "A growing hand-drawn path: shape layer vs software drawing (whole redraw, dirty rects), on both backends.")

    @Option(help: "Directory for report.md and frame-time.png.")
    var out: String = "out/experiment-drawing"

    @Option(help: "Frames (one new path segment each).")
    var frames: Int = 600

    @Option(help: "Canvas width and height in points, as WxH.")
    var size: String = "400x300"

    @Option(help: "Canvas scale and the drawing layer's contentsScale (pixels per point).")
    var scale: Double = 2

    @Option(help: "Comma-separated backends (cpu, gpu).")
    var backends: String = "cpu,gpu"

    public func run() throws {
        try reportingErrors {
            guard frames >= 2, frames <= 100_000 else { throw UsageError("--frames must be between 2 and 100000") }
            guard scale > 0, scale <= 4 else { throw UsageError("--scale must be in (0, 4]") }
            let parts = size.split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 4096 }) else {
                throw UsageError("--size must be WxH with sides 16…4096 points")
            }
            let names = backends.split(separator: ",").map(String.init)
            let setup = DrawingExperiment(width: parts[0], height: parts[1], scale: scale, frames: frames)
            let progress = Progress(total: names.count * DrawingStrategy.allCases.count * frames, label: "experiment drawing")
            var runs: [DrawingRun] = []
            for name in names {
                guard let choice = BackendChoice(rawValue: name) else { throw UsageError("unknown backend '\(name)'") }
                let renderer = try Renderer(backend: choice)
                for strategy in DrawingStrategy.allCases {
                    runs.append(try setup.run(strategy, renderer: renderer, progress: progress))
                }
            }
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let command = (["compositor"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
            let report = DrawingExperimentReport(command: command, setup: setup, runs: runs)
            try AtomicFile.write(Array(report.markdown.utf8), to: out + "/report.md")
            try PNG.write(DrawingExperimentPlot(runs: runs).image, to: out + "/frame-time.png")
            print(report.markdown)
            print("wrote \(out)/report.md and \(out)/frame-time.png")
        }
    }
}

/// How the growing path is drawn.
enum DrawingStrategy: String, CaseIterable {
    case shapeLayer = "shape layer"
    case fullRedraw = "drawing, whole redraw"
    case dirtyRects = "drawing, dirty rects"
}

/// One strategy on one backend: per-frame measurements.
struct DrawingRun {
    var strategy: DrawingStrategy
    var backend: String
    var frameMs: [Double] = []
    var prepareMs: [Double] = []
    var pixelsRedrawn: [Int] = []
    var pathLength: [Double] = []
    var backingStoreBytes = 0
    var finalImage: Image?
}

/// The scene and the path of the experiment.
struct DrawingExperiment {
    let width: Double, height: Double, scale: Double, frames: Int
    let lineWidth = 3.0

    /// The i-th point of the "hand-drawn" path: a wandering Lissajous scribble, 1.5–4 points a step.
    func point(_ i: Int) -> Vec2 {
        let t = Double(i) / Double(max(frames, 1)) * 2 * .pi
        let x = 0.5 + 0.42 * sin(3 * t + 0.3) * cos(0.5 * t) + 0.03 * sin(37 * t)
        let y = 0.5 + 0.40 * sin(2 * t) * cos(0.7 * t + 0.2) + 0.03 * cos(29 * t)
        return Vec2(x * width, y * height)
    }

    func run(_ strategy: DrawingStrategy, renderer: Renderer, progress: Progress) throws -> DrawingRun {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = .white
        var points = [point(0)]
        let shape = ShapeLayer(), drawing = DrawingLayer()
        let ink = Color(r: 0.11, g: 0.21, b: 0.34)
        for l in [shape as Layer, drawing] {
            l.frame = Rect(x: 0, y: 0, width: width, height: height)
            l.contentsScale = scale
        }
        shape.fillColor = nil; shape.strokeColor = ink; shape.lineWidth = lineWidth
        shape.lineCap = .round; shape.lineJoin = .round
        // The drawing layer keeps the points and draws them all; its clip limits what lands.
        final class Points { var list: [Vec2] = [] }
        let store = Points()
        drawing.drawsContent = { [lineWidth] ctx in
            guard let first = store.list.first else { return }
            ctx.setStrokeColor(ink); ctx.setLineWidth(lineWidth)
            ctx.setLineCap(.round); ctx.setLineJoin(.round)
            ctx.move(to: first)
            for p in store.list.dropFirst() { ctx.addLine(to: p) }
            ctx.strokePath()
        }
        root.addSublayer(strategy == .shapeLayer ? shape : drawing)
        var run = DrawingRun(strategy: strategy, backend: renderer.executor.name)
        var length = 0.0
        for i in 1..<frames {
            let p = point(i), q = points[points.count - 1]
            points.append(p)
            length += ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
            switch strategy {
            case .shapeLayer:
                var path = Path([.move(points[0])])
                path.elements += points.dropFirst().map { .line($0) }
                shape.path = path
            case .fullRedraw:
                store.list = points
                drawing.setNeedsDisplay()
            case .dirtyRects:
                store.list = points
                // Chapter 13: the new segment's box, grown by half the line width (round caps and joins) and a pixel.
                let grow = lineWidth / 2 + 1
                drawing.setNeedsDisplay(in: Rect.bounding([p, q]).insetBy(-grow, -grow))
            }
            let frame = try renderer.renderFrame(root: root, time: nil, width: width, height: height, scale: scale)
            run.frameMs.append(frame.stats.frameMs)
            run.prepareMs.append(frame.stats.prepareMs)
            run.pixelsRedrawn.append(frame.buildStats.drawingPixelsRedrawn)
            run.pathLength.append(length)
            run.backingStoreBytes = max(run.backingStoreBytes, frame.buildStats.backingStoreBytes)
            if i == frames - 1 { run.finalImage = frame.image }
            progress.step()
        }
        return run
    }
}
