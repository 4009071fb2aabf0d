// Images: the counters of an ImageCache (and the pool that fills it), as one
// value so a frame's report can take a consistent snapshot under one lock.

/// What an ``ImageCache`` has done since it was created.
public struct ImageCacheStats: Sendable, Equatable {
    /// Lookups that found a decoded image.
    public var hits = 0
    /// Lookups that found nothing (the image had to be decoded or was never loaded).
    public var misses = 0
    /// Entries dropped to stay within the budget (least recently used first).
    public var evictions = 0
    /// Bytes of the evicted entries.
    public var evictedBytes = 0
    /// Bytes of decoded pixels currently held.
    public var bytesHeld = 0
    /// Entries currently held.
    public var entries = 0
    /// Decoded images offered to the cache that were larger than the whole budget (used, not kept).
    public var rejected = 0
    /// Bytes of pixels produced by decoding (whether or not they stayed in the cache).
    public var bytesDecoded = 0
    /// Images decoded.
    public var decodes = 0
    /// Seconds spent decoding, summed over all worker threads.
    public var decodeSeconds: Double = 0
    /// Decodes that failed (missing or corrupt files).
    public var failures = 0

    public init() {}
}
