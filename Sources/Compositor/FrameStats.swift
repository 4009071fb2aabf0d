// Compositor: what one frame of a timeline cost, and the summary over a
// sequence — the figures `compositor render --time/--frames --stats` prints.
// Prepare is CPU work before drawing (presentation copy, plan, overlay);
// draw is the executor's time without the readback; GPU time is the
// time of the GPU's work: GL_EXT_disjoint_timer_query when the driver has
// it, else glFinish wall time (`gpuTimeSource` says which).

import Foundation
import Rendering

/// Figures of one frame.
public struct FrameStats: Sendable, Codable, Equatable {
    /// Timeline time of the frame, seconds.
    public var time: Double = 0
    /// Presentation copy + plan build (+ debug overlay), milliseconds.
    public var prepareMs: Double = 0
    /// Executing the plan, readback excluded, milliseconds.
    public var drawMs: Double = 0
    /// GPU time of the frame, milliseconds, measured as `gpuTimeSource` says.
    public var gpuMs: Double = 0
    /// "timer query" or "glFinish wall time" on the GPU backend, "none (cpu backend)" on the CPU one.
    public var gpuTimeSource = ""
    /// Reading the canvas back, milliseconds.
    public var readbackMs: Double = 0
    /// prepare + draw + readback, milliseconds.
    public var frameMs: Double = 0
    public var passes = 0
    public var offscreenPasses = 0
    /// GL draw calls on the GPU backend; draw items submitted on the CPU one.
    public var drawCalls = 0
    /// Fragments shaded: exact on the CPU backend, the plan's geometric estimate on the GPU one.
    public var pixelsShaded = 0
    public var cacheHits = 0
    public var cacheMisses = 0
    public var cacheEvictions = 0
    public var cacheBytesHeld = 0
    /// Layers drawn from a reduced-resolution copy while moving (`resolutionSwap`).
    public var reducedLayers = 0
    /// Layers swapped back to full resolution in this frame.
    public var resolutionSwaps = 0
    /// Frame time over the 60 Hz budget.
    public var overBudget: Bool { frameMs > FrameStats.budgetMs }

    /// One frame at 60 Hz, milliseconds.
    public static let budgetMs = 1000.0 / 60

    public init() {}

    /// One line for `--stats`.
    public var line: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        return "t=\(f(time)) frame \(f(frameMs)) ms (prepare \(f(prepareMs)), draw \(f(drawMs)), gpu \(f(gpuMs)), "
            + "readback \(f(readbackMs))) passes \(passes) (offscreen \(offscreenPasses)) draw calls \(drawCalls) "
            + "pixels \(pixelsShaded) cache hits \(cacheHits) misses \(cacheMisses) evictions \(cacheEvictions) "
            + "held \(cacheBytesHeld) B"
            + (reducedLayers + resolutionSwaps > 0 ? " reduced layers \(reducedLayers) swaps \(resolutionSwaps)" : "")
            + (overBudget ? " OVER BUDGET" : "")
    }
}

/// Summary over the frames of a sequence.
public struct FrameSummary: Sendable, Codable, Equatable {
    public var frames = 0
    public var meanFrameMs = 0.0
    public var p95FrameMs = 0.0
    public var maxFrameMs = 0.0
    public var meanPrepareMs = 0.0
    public var meanDrawMs = 0.0
    public var meanGPUMs = 0.0
    public var gpuTimeSource = ""
    public var meanPasses = 0.0
    public var meanOffscreenPasses = 0.0
    public var meanDrawCalls = 0.0
    public var meanPixelsShaded = 0.0
    public var cacheHits = 0
    public var cacheMisses = 0
    public var cacheEvictions = 0
    /// hits / (hits + misses), 0 without rasterized layers.
    public var cacheHitRate = 0.0
    public var maxCacheBytesHeld = 0
    public var framesOverBudget = 0
    /// Frames that drew at least one layer from its reduced copy (`resolutionSwap`).
    public var framesShownReduced = 0
    /// Swaps back to full resolution over the sequence.
    public var resolutionSwaps = 0

    public init(_ s: [FrameStats]) {
        frames = s.count
        guard !s.isEmpty else { return }
        let n = Double(s.count)
        func mean(_ k: (FrameStats) -> Double) -> Double { s.reduce(0) { $0 + k($1) } / n }
        meanFrameMs = mean(\.frameMs)
        p95FrameMs = FrameSummary.percentile(s.map(\.frameMs), 0.95)
        maxFrameMs = s.map(\.frameMs).max() ?? 0
        meanPrepareMs = mean(\.prepareMs); meanDrawMs = mean(\.drawMs); meanGPUMs = mean(\.gpuMs)
        let sources = Set(s.map(\.gpuTimeSource))
        if sources.count == 1 {
            gpuTimeSource = s[0].gpuTimeSource
        } else {
            let timed = s.filter { $0.gpuTimeSource == "timer query" }.count
            gpuTimeSource = "timer query in \(timed) of \(s.count) frames, glFinish wall time otherwise"
        }
        meanPasses = mean { Double($0.passes) }; meanOffscreenPasses = mean { Double($0.offscreenPasses) }
        meanDrawCalls = mean { Double($0.drawCalls) }; meanPixelsShaded = mean { Double($0.pixelsShaded) }
        cacheHits = s.reduce(0) { $0 + $1.cacheHits }
        cacheMisses = s.reduce(0) { $0 + $1.cacheMisses }
        cacheEvictions = s.reduce(0) { $0 + $1.cacheEvictions }
        cacheHitRate = cacheHits + cacheMisses > 0 ? Double(cacheHits) / Double(cacheHits + cacheMisses) : 0
        maxCacheBytesHeld = s.map(\.cacheBytesHeld).max() ?? 0
        framesOverBudget = s.filter(\.overBudget).count
        framesShownReduced = s.filter { $0.reducedLayers > 0 }.count
        resolutionSwaps = s.reduce(0) { $0 + $1.resolutionSwaps }
    }

    /// The nearest-rank percentile `p` (0…1) of `v`.
    public static func percentile(_ v: [Double], _ p: Double) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        let rank = Int((p * Double(s.count)).rounded(.up))
        return s[min(s.count - 1, max(0, rank - 1))]
    }

    /// Text for `--stats`.
    public var text: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        return "summary: \(frames) frames, frame mean \(f(meanFrameMs)) ms, p95 \(f(p95FrameMs)) ms, "
            + "max \(f(maxFrameMs)) ms; prepare \(f(meanPrepareMs)), draw \(f(meanDrawMs)), gpu \(f(meanGPUMs)) ms "
            + "(\(gpuTimeSource)); passes \(f(meanPasses)) (offscreen \(f(meanOffscreenPasses))), "
            + "draw calls \(f(meanDrawCalls)), pixels \(Int(meanPixelsShaded.rounded())) per frame; "
            + "cache hits \(cacheHits), misses \(cacheMisses) (hit rate \(f(cacheHitRate * 100))%), "
            + "evictions \(cacheEvictions), max held \(maxCacheBytesHeld) B; "
            + "\(framesOverBudget) frames over \(f(FrameStats.budgetMs)) ms"
            + (framesShownReduced + resolutionSwaps > 0
               ? "; resolution swapping: \(framesShownReduced) frames shown reduced, \(resolutionSwaps) swaps" : "")
    }
}
