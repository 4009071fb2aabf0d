// Compositor: what image loading cost a render — the cache's counters plus
// the time the frame spent waiting for images and preloading, and the bytes
// "decode at display size" saved. Filled by SceneImages, printed by the CLI.

/// Image loading figures for render stats.
public struct ImageLoadingStats: Sendable, Equatable {
    /// "preload" or "lazy".
    public var mode: String
    /// The cache's counters (bytes decoded, decode time, hits, misses, evictions…).
    public var cache: ImageCacheStats
    /// The cache budget in bytes.
    public var cacheBudgetBytes: Int
    /// Worker threads decoding.
    public var workers: Int
    /// Seconds spent before the first frame decoding every image (preload mode).
    public var preloadSeconds: Double = 0
    /// Seconds the frames blocked waiting for images they draw (lazy mode; summed over frames).
    public var frameWaitSeconds: Double = 0
    /// Images the frames needed and found decoded already.
    public var readyAtFrame = 0
    /// Images the frames needed and had to wait for.
    public var waitedFor = 0
    /// Images that could not be loaded (the layers render without contents).
    public var failedImages = 0
    /// Images downscaled to their drawn size, and the decoded bytes that saved.
    public var downscaledImages = 0
    public var downscaleBytesSaved = 0

    public init(mode: String, cache: ImageCacheStats, cacheBudgetBytes: Int, workers: Int) {
        self.mode = mode
        self.cache = cache
        self.cacheBudgetBytes = cacheBudgetBytes
        self.workers = workers
    }
}
