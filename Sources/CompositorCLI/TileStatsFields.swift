// CompositorCLI: tiled layers' figures (TileLoader's TileStats) for --stats
// and --stats-json: tiles requested, decoded, cached, evicted, failed,
// blank, the levels drawn and the cache bytes against its budget.

import Compositor

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
            "levels": s.levels.sorted()]
}

/// One frame's tile figures for JSON output.
func tileFrameFields(_ f: TileStats.FrameTiles) -> [String: Any] {
    ["needed": f.needed, "shown": f.shown, "fading": f.fading, "fallback": f.fallback, "blank": f.blank,
     "levels": f.levels.sorted()]
}
