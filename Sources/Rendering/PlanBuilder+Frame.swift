// Rendering: building the plan of one frame of a timeline with the
// rasterization cache: start the cache's frame (timeline eviction), build,
// and record which kept bitmaps the executor must drop.

import Layers

extension PlanBuilder {
    /// The plan of the frame at timeline time `time` for `root` (already the
    /// presentation tree), consulting and updating `cache`. `held` is the set of
    /// keys the executor holds (entries it lost, e.g. in a failed frame, are dropped).
    public static func buildFrame(root: Layer, width: Int, height: Int, options: PlanOptions = PlanOptions(),
                                  cache: RasterCache, time: Double, held: Set<UInt64>? = nil,
                                  sublayerIndexes: SublayerIndexCache? = nil, tileLoader: TileLoader? = nil)
        -> (plan: RenderPlan, stats: PlanBuildStats, cache: RasterCache.FrameStats) {
        cache.beginFrame(time: time, canvasPixels: width * height, held: held)
        let b = PlanBuilder(options: options)
        b.rasterCache = cache
        if let s = sublayerIndexes { b.sublayerIndexes = s }
        b.tileLoader = tileLoader
        b.frameTime = time
        var plan = b.build(root: root, width: width, height: height)
        let (evicted, kept, cacheStats) = cache.endFrame()
        plan.evictedCacheKeys = evicted
        for i in plan.passes.indices {
            if let k = plan.passes[i].retainKey, !kept.contains(k) { plan.passes[i].retainKey = nil }
        }
        return (plan, b.stats, cacheStats)
    }
}
