// CompositorCLI: tiled layers' figures (TileLoader's TileStats) for --stats
// and --stats-json: tiles requested, decoded, cached, evicted, failed,
// blank, the levels drawn, the cache bytes against its budget and the
// process's peak resident memory.

import CLISupport
import Compositor
import Foundation

/// The renderer's tile figures, or nil when no tiled layer was drawn.
func tileStats(_ renderer: Renderer) -> TileStats? {
    let s = renderer.tileLoader.stats
    return s.levels.isEmpty && s.requested == 0 ? nil : s
}

/// Totals for JSON output.
func tileFields(_ s: TileStats) -> [String: Any] {
    let ms = { (v: Double) in (v * 1e5).rounded() / 100 }
    return ["requested": s.requested, "decoded": s.decoded, "failed": s.failed, "cancelled": s.cancelled,
            "cached": s.cached, "evicted": s.evicted, "cacheBytes": s.cacheBytes, "peakCacheBytes": s.peakCacheBytes,
            "cacheBudgetBytes": s.budgetBytes, "decodeMilliseconds": ms(s.decodeSeconds),
            "waitMilliseconds": ms(s.waitSeconds), "blankTiles": s.blankTiles,
            "framesWithBlankTiles": s.framesWithBlankTiles, "fallbackTiles": s.fallbackTiles,
            "levels": s.levels.sorted(), "processPeakResidentBytes": peakResidentBytes()]
}

/// The process's peak resident memory so far, in bytes: VmHWM
/// (peakResidentBytesFromProc, which says why not ru_maxrss), or ru_maxrss where /proc is missing.
func peakResidentBytes() -> Int {
    if let peak = peakResidentBytesFromProc() { return peak }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

/// One frame's tile figures for JSON output.
func tileFrameFields(_ f: TileStats.FrameTiles) -> [String: Any] {
    ["needed": f.needed, "shown": f.shown, "fading": f.fading, "fallback": f.fallback, "blank": f.blank,
     "levels": f.levels.sorted()]
}
