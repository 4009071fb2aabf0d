// Bench: `compositor experiment carousel` — chapter 14 of Lockwood's book
// (Image IO): the scrolling carousel of large photos, rendered frame by
// frame at 60 fps, loading its photos four ways (CarouselStrategy.swift):
// synchronously on the render thread, on background threads with a
// cost-limited cache, as tiled layers, and on background threads with
// resolution swapping. The photos are generated (CarouselPhotos) into a cache
// folder. Writes DIR/report.md, one frame-time plot per strategy
// (DIR/frames-<strategy>.png) and DIR/contact-sheet.png.

import ArgumentParser
import CLISupport
import Compositor
import Foundation

struct ExperimentCarousel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carousel",
        abstract: "The book's photo carousel scrolled at 60 fps, loading photos four ways (sync, threaded, tiled, swapping).")

    @Option(help: "Directory for report.md, the plots and the contact sheet.")
    var out: String = "out/experiment-carousel"

    @Option(help: "Where the generated photos are kept (default: DIR/photos); reused when present.")
    var photoCache: String?

    @Option(help: "Number of photos in the strip.")
    var photos: Int = 12

    @Option(help: "Photo size in pixels, WxH.")
    var photoSize: String = "2400x1800"

    @Option(help: "Photo file format: png or jpeg.")
    var format: String = "png"

    @Option(help: "Canvas size in points, WxH (rendered at scale 1; cells fill the height).")
    var size: String = "1024x256"

    @Option(help: "Frames rendered per strategy (60 per second).")
    var frames: Int = 360

    @Option(help: "Frames at the end with the strip held still (default: a quarter of --frames).")
    var stillFrames: Int?

    @Option(help: "Comma-separated strategies: sync, threaded, tiled, swapping.")
    var strategies: String = CarouselStrategyName.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: "Decoded-image cache budget of the threaded strategies, MiB.")
    var cacheMb: Int = 64

    @Option(help: "Background decode threads (default: cores − 1, at least 1).")
    var workers: Int?

    @Option(help: "Resolution swapping: the reduced files' fraction of the cell's pixel size (0 < scale < 1).")
    var reducedScale: Double = 0.25

    @Option(help: "Resolution swapping: seconds the strip must be still before full-resolution photos load.")
    var settleTime: Double = 0.1

    @Option(help: "Simulated storage latency added to every photo (or tile) read, milliseconds.")
    var loadLatency: Double = 0

    @OptionGroup var backend: BackendOptions

    func run() throws {
        try reportingErrors {
            let settings = try validated()
            let g = settings.geometry
            let renderer = try backend.renderer()
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let progress = Progress(total: g.count + settings.strategies.count * g.frames, label: "experiment carousel")
            let (cw, ch) = g.cellPixels
            let rw = max(1, Int((Double(cw) * reducedScale).rounded())), rh = max(1, Int((Double(ch) * reducedScale).rounded()))
            let files = try CarouselPhotos.files(count: g.count, width: g.photoWidth, height: g.photoHeight,
                                                 reducedWidth: rw, reducedHeight: rh, format: settings.format,
                                                 pyramids: settings.strategies.contains(.tiled), dir: photoCache ?? out + "/photos") { _ in progress.step() }
            let snapshotFrames = CarouselContactSheet.frames(g, settleFrames: Int((settleTime * 60).rounded(.up)))
            var results: [CarouselResult] = []
            for s in settings.strategies {
                let strategy = try make(s, files: files, geometry: g)
                // A fresh renderer per strategy: no texture or tile carried over.
                let r = results.isEmpty ? renderer : try backend.renderer()
                (strategy as? TiledCarousel)?.attach(r)
                results.append(try CarouselRun(geometry: g, snapshotFrames: snapshotFrames, progress: progress)
                    .run(strategy, renderer: r))
            }
            let command = (["compositor"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
            let report = CarouselReport(command: command, backend: renderer.executor.name, geometry: g,
                                        format: settings.format, reducedSize: (rw, rh), loadLatencyMs: loadLatency,
                                        results: results)
            for r in results {
                try PNG.write(CarouselFramePlot(result: r, geometry: g).image, to: "\(out)/frames-\(r.name).png")
            }
            try PNG.write(CarouselContactSheet(results: results, geometry: g).image, to: out + "/contact-sheet.png")
            try AtomicFile.write(Array(report.markdown.utf8), to: out + "/report.md")
            print(report.markdown, terminator: "")
            print("wrote \(out)/report.md, \(results.count) plots and contact-sheet.png")
        }
    }

    struct Settings {
        var geometry: CarouselGeometry
        var strategies: [CarouselStrategyName]
        var format: CarouselPhotoFormat
    }

    /// Every option checked before anything is written.
    func validated() throws -> Settings {
        func dims(_ s: String, _ option: String) throws -> (Double, Double) {
            let p = s.split(separator: "x").compactMap { Int($0) }
            guard p.count == 2, p[0] > 0, p[1] > 0, p[0] <= 16384, p[1] <= 16384 else {
                throw UsageError("\(option) '\(s)': want WxH, each 1…16384")
            }
            return (Double(p[0]), Double(p[1]))
        }
        let (pw, ph) = try dims(photoSize, "--photo-size")
        let (cw, chh) = try dims(size, "--size")
        guard chh >= 24 else { throw UsageError("--size '\(size)': the canvas must be at least 24 points tall") }
        guard (1...1000).contains(photos) else { throw UsageError("--photos must be 1…1000") }
        guard (1...100_000).contains(frames) else { throw UsageError("--frames must be 1…100000") }
        let still = stillFrames ?? frames / 4
        guard still >= 0, still < frames else { throw UsageError("--still-frames must be 0…\(frames - 1)") }
        guard reducedScale > 0, reducedScale < 1 else { throw UsageError("--reduced-scale must be between 0 and 1") }
        guard settleTime >= 0, settleTime <= 3600 else { throw UsageError("--settle-time must be 0…3600 s, got \(settleTime)") }
        guard loadLatency >= 0, loadLatency <= 10_000 else { throw UsageError("--load-latency must be 0…10000 ms") }
        try BenchCounts.check(cacheMb, "--cache-mb", 1...(1 << 20))
        if let w = workers { try BenchCounts.check(w, "--workers", 1...256) }
        guard let fmt = CarouselPhotoFormat(rawValue: format) else { throw UsageError("--format '\(format)': want png or jpeg") }
        let names = try strategies.split(separator: ",").map { s -> CarouselStrategyName in
            guard let n = CarouselStrategyName(rawValue: String(s)) else {
                throw UsageError("unknown strategy '\(s)' (\(CarouselStrategyName.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return n
        }
        guard !names.isEmpty else { throw UsageError("--strategies is empty") }
        let g = CarouselGeometry(canvasWidth: cw, canvasHeight: chh, count: photos, frames: frames,
                                 scrollFrames: frames - still, photoWidth: Int(pw), photoHeight: Int(ph))
        return Settings(geometry: g, strategies: names, format: fmt)
    }

    func make(_ name: CarouselStrategyName, files: [CarouselPhotoFiles], geometry g: CarouselGeometry) throws -> CarouselStrategy {
        let w = workers ?? ImageLoadingPool.defaultWorkers, bytes = cacheMb * 1024 * 1024
        switch name {
        case .sync: return SyncCarousel(files: files, latencyMs: loadLatency)
        case .threaded:
            return ThreadedCarousel(files: files, latencyMs: loadLatency, cellPixels: g.cellPixels, cacheBytes: bytes, workers: w)
        case .swapping:
            return SwappingCarousel(files: files, latencyMs: loadLatency, cellPixels: g.cellPixels, cacheBytes: bytes,
                                    workers: w, settleTime: settleTime)
        case .tiled:
            return try TiledCarousel(pyramids: files.compactMap(\.pyramid), latencyMs: loadLatency, geometry: g, cacheBytes: bytes)
        }
    }
}

enum CarouselStrategyName: String, CaseIterable {
    case sync, threaded, tiled, swapping
}
