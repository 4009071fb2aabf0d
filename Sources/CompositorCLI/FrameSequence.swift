// CompositorCLI: `compositor render scene.json --frames N [--fps F]
// [--start T] -o dir/` — frame i is the tree presented at t = start + i/fps,
// written to dir/frame-0000.png, … Each file is written atomically; when a
// frame fails the error names it and lists the frames already written, so
// nothing half-written is left and the caller knows exactly what exists.
// With --stats, one line per frame and a summary; --stats-json writes both.
// The PNGs are encoded and written in the background (FrameWriter.swift)
// while the next frames render.

import CLISupport
import Compositor
import Foundation

struct FrameSequence {
    let command: RenderCommand
    let count: Int

    /// "frame-0007.png" with at least four digits (more for long sequences).
    static func fileName(_ i: Int, count: Int) -> String {
        let digits = max(4, String(max(0, count - 1)).count)
        let n = String(i)
        return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    /// Fails clearly when a file is in the way of the output directory.
    static func checkDirectory(_ dir: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), !isDir.boolValue {
            throw UsageError("the output \(dir) is a file; --frames writes a directory of PNGs")
        }
    }

    /// Creates the output directory (and parents) unless it exists.
    static func prepareDirectory(_ dir: String) throws {
        try checkDirectory(dir)
        guard !FileManager.default.fileExists(atPath: dir) else { return }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create the output directory \(dir): \(error.localizedDescription)")
        }
    }

    func run() throws {
        let c = command
        let dir = c.output.hasSuffix("/") && c.output.count > 1 ? String(c.output.dropLast()) : c.output
        try Self.checkDirectory(dir)
        let part = try c.frameShard()
        try OutputFiles.check([c.statsJSON])
        let loaded = try c.options.loadScene(c.scene, backend: c.backend)
        let s = loaded.scene, renderer = loaded.renderer
        try c.tiles.apply(to: renderer, progressive: true)
        noteIfStatic(s, path: c.scene, option: "--frames \(count)")
        // Created only once the scene loaded and the backend opened: a bad start leaves nothing.
        try Self.prepareDirectory(dir)
        let mine = (0..<count).filter { part.owns($0) }
        let progress = Progress(total: mine.count, label: "frames")
        var all: [FrameStats] = []
        var tileFrames: [[String: Any]] = []
        // Each PNG is encoded and written in the background while the next frame renders.
        let writer = FrameWriter()
        var times: [Int: Double] = [:]
        /// The error for frame `i` at time `t`, naming the frames written before it.
        func failed(_ i: Int, _ t: Double, _ error: Error, written: [String]) -> UsageError {
            if progress.enabled { FileHandle.standardError.write(Data("\n".utf8)) }
            let done = written.isEmpty ? "no frames were written"
                : "\(written.count) frames were written to \(dir): \(written.first!) … \(written.last!)"
            return UsageError("frame \(i) (t=\(t)) failed: \(error); \(done)")
        }
        for i in mine {
            // A failed write stops the sequence: no later frame is rendered or written.
            if writer.firstFailure != nil { break }
            let t = c.start + Double(i) / c.fps
            times[i] = t
            let name = Self.fileName(i, count: count)
            let out: FrameOutput
            do {
                out = try renderer.renderFrame(scene: s, time: t, scale: c.options.scale,
                                               cull: c.options.cullEnabled, debug: c.debug)
            } catch {
                let written = writer.drain()
                // A write that failed before this frame is the first failure.
                if let f = writer.firstFailure { throw failed(f.index, times[f.index] ?? t, f.error, written: written) }
                throw failed(i, t, error, written: written)
            }
            all.append(out.stats)
            if let t = tileStats(renderer) { tileFrames.append(tileFrameFields(t.lastFrame)) }
            let line = "frame \(i): " + out.stats.line
            writer.submit(c.withLegend(out.image), index: i, path: dir + "/" + name, name: name) { [stats = c.stats] in
                if stats {
                    if progress.enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                    print(line)
                }
                progress.step()
            }
        }
        let written = writer.drain()
        if let f = writer.firstFailure { throw failed(f.index, times[f.index] ?? 0, f.error, written: written) }
        let summary = FrameSummary(all)
        if c.stats { print(summary.text) }
        if let path = c.statsJSON {
            let fields: [(String, Any)] = [
                ("backend", renderer.executor.name), ("frames", all.map(frameFields)),
                ("summary", summaryFields(summary)), ("directory", dir),
            ] + (tileStats(renderer).map { [("tiles", tileFields($0)), ("tileFrames", tileFrames)] } ?? [])
            try AtomicFile.write(Array((jsonText(fields) + "\n").utf8), to: path)
        }
    }
}

/// A frame's figures for JSON output.
func frameFields(_ s: FrameStats) -> [String: Any] {
    let r = { (v: Double) in (v * 1000).rounded() / 1000 }
    return ["time": s.time, "prepareMs": r(s.prepareMs), "drawMs": r(s.drawMs), "gpuMs": r(s.gpuMs),
            "gpuTimeSource": s.gpuTimeSource, "readbackMs": r(s.readbackMs), "frameMs": r(s.frameMs),
            "passes": s.passes, "offscreenPasses": s.offscreenPasses, "drawCalls": s.drawCalls,
            "pixelsShaded": s.pixelsShaded, "cacheHits": s.cacheHits, "cacheMisses": s.cacheMisses,
            "cacheEvictions": s.cacheEvictions, "cacheBytesHeld": s.cacheBytesHeld, "overBudget": s.overBudget,
            "reducedLayers": s.reducedLayers, "resolutionSwaps": s.resolutionSwaps]
}

/// A sequence summary for JSON output.
func summaryFields(_ s: FrameSummary) -> [String: Any] {
    let r = { (v: Double) in (v * 1000).rounded() / 1000 }
    return ["frames": s.frames, "meanFrameMs": r(s.meanFrameMs), "p95FrameMs": r(s.p95FrameMs),
            "maxFrameMs": r(s.maxFrameMs), "meanPrepareMs": r(s.meanPrepareMs), "meanDrawMs": r(s.meanDrawMs),
            "meanGPUMs": r(s.meanGPUMs), "gpuTimeSource": s.gpuTimeSource, "meanPasses": r(s.meanPasses),
            "meanOffscreenPasses": r(s.meanOffscreenPasses), "meanDrawCalls": r(s.meanDrawCalls),
            "meanPixelsShaded": r(s.meanPixelsShaded), "cacheHits": s.cacheHits, "cacheMisses": s.cacheMisses,
            "cacheHitRate": r(s.cacheHitRate), "cacheEvictions": s.cacheEvictions,
            "maxCacheBytesHeld": s.maxCacheBytesHeld, "framesOverBudget": s.framesOverBudget,
            "budgetMs": r(FrameStats.budgetMs),
            "framesShownReduced": s.framesShownReduced, "resolutionSwaps": s.resolutionSwaps]
}
