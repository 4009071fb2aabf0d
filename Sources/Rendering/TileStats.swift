// Rendering: what a TileLoader did — for `--stats`/`--stats-json`, the
// carousel experiment and the tests that count decoded tiles. Totals since
// the loader was made, and the figures of the last frame built with it.

/// Tile loading figures.
public struct TileStats: Sendable, Equatable {
    /// Tile loads started (each tile once while it stays cached or in flight).
    public var requested = 0
    /// Tiles decoded successfully.
    public var decoded = 0
    /// Tiles that could not be read (each reported once).
    public var failed = 0
    /// Loads cancelled because no frame needed the tile any more.
    public var cancelled = 0
    /// Tiles dropped from the cache to stay within its budget.
    public var evicted = 0
    /// Tiles in the cache now, and their bytes.
    public var cached = 0
    public var cacheBytes = 0
    /// The most bytes the cache held at the end of a frame.
    public var peakCacheBytes = 0
    /// The cache budget in bytes.
    public var budgetBytes = 0
    /// Seconds the workers spent decoding (sum over tiles).
    public var decodeSeconds = 0.0
    /// Seconds frames spent waiting for tiles (wait and latency arrival).
    public var waitSeconds = 0.0
    /// Needed tiles drawn with nothing (not loaded and no coarser tile to stand in), summed over frames.
    public var blankTiles = 0
    /// Frames with at least one blank tile.
    public var framesWithBlankTiles = 0
    /// Needed tiles drawn from a coarser level while theirs loads or fades in, summed over frames.
    public var fallbackTiles = 0
    /// Levels drawn so far (pyramid level numbers).
    public var levels: Set<Int> = []
    /// The last frame: tiles it needed, drew fully, drew fading, drew blank, and its levels.
    public var lastFrame = FrameTiles()

    /// One frame's tile figures.
    public struct FrameTiles: Sendable, Equatable {
        public var needed = 0
        public var shown = 0
        public var fading = 0
        public var fallback = 0
        public var blank = 0
        public var levels: Set<Int> = []
        public init() {}
    }

    public init() {}
}
