// Rendering: the rasterization cache — shouldRasterize bitmaps kept across
// frames. The plan builder asks it, per rasterized layer and frame, whether
// the executor still holds a bitmap for the layer (`id`) that was rendered
// from the same content (`LayerFingerprint`); on a hit the plan samples
// `TextureRef.cached(id)` and builds no pass, on a miss it builds the pass
// and tags it so the executor keeps the output. Both executors keep bitmaps
// the same way, so one cache serves either backend.
//
// Limits, as Core Animation documents them: a byte budget of 2.5 × the
// canvas's pixels (4 bytes each), least recently used entries evicted to fit
// (an entry larger than the budget is never kept: a miss every frame), and
// entries unused for 100 ms of timeline time evicted.

import Foundation

/// Keeps track of the shouldRasterize bitmaps an executor holds between frames.
///
/// Not thread-safe: one cache per renderer, used from one thread.
public final class RasterCache {
    /// Counters of one frame.
    public struct FrameStats: Sendable, Equatable, Codable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        /// Bytes of the bitmaps held after the frame (4 per pixel).
        public var bytesHeld = 0
        /// Entries held after the frame.
        public var entries = 0
        public init() {}
    }

    struct Entry {
        var fingerprint: Int
        var width: Int
        var height: Int
        var bytes: Int { width * height * 4 }
        /// Timeline time of the last frame that drew it.
        var lastUsedTime: Double
        /// Frame counter of the last use (LRU order).
        var lastUsedFrame: UInt64
    }

    /// Budget in canvas pixels multiples (Core Animation: 2.5 × the screen).
    public static let budgetCanvasMultiple = 2.5
    /// Entries unused for longer than this (seconds of timeline time) are evicted.
    public static let maxIdleSeconds = 0.1

    private var entries: [UInt64: Entry] = [:]
    private var frame: UInt64 = 0
    private var time: Double = 0
    private var budget = 0
    private var decided: Set<UInt64> = []
    private var pendingEvictions: [UInt64] = []
    private var candidates: [(UInt64, Entry)] = []
    /// Counters of the frame being built (or the last one built).
    public private(set) var stats = FrameStats()

    public init() {}

    /// Bytes held now.
    public var bytesHeld: Int { entries.values.reduce(0) { $0 + $1.bytes } }
    /// Keys held now.
    public var keys: Set<UInt64> { Set(entries.keys) }
    /// The byte budget of the current frame.
    public var budgetBytes: Int { budget }

    /// Starts a frame at timeline time `time` on a canvas of `canvasPixels`:
    /// evicts entries idle for more than 100 ms of timeline time (either
    /// direction, for seeks) and entries the executor no longer holds
    /// (`held`, e.g. after a failed frame).
    public func beginFrame(time: Double, canvasPixels: Int, held: Set<UInt64>? = nil) {
        frame &+= 1
        self.time = time
        budget = Int(Self.budgetCanvasMultiple * Double(canvasPixels)) * 4
        decided = []
        pendingEvictions = []
        candidates = []
        stats = FrameStats()
        for (k, e) in entries {
            let idle = abs(time - e.lastUsedTime) > Self.maxIdleSeconds + 1e-9
            if idle || held.map({ !$0.contains(k) }) == true { evict(k) }
        }
        evictToFit(0)
    }

    /// What to do with a rasterized layer this frame.
    public enum Decision: Equatable {
        /// Draw the kept bitmap `TextureRef.cached(key)`.
        case hit
        /// Build the pass; `store` says whether to tag it for keeping (the tag
        /// is removed again when `endFrame` finds no room for it).
        case miss(store: Bool)
    }

    /// Looks up layer `key` whose bitmap is `width` × `height` pixels and whose content hashes to `fingerprint`.
    public func lookup(key: UInt64, fingerprint: Int, width: Int, height: Int) -> Decision {
        // A layer met twice in one frame (it should not be) is drawn uncached the second time.
        guard decided.insert(key).inserted else { stats.misses += 1; return .miss(store: false) }
        if var e = entries[key], e.fingerprint == fingerprint, e.width == width, e.height == height {
            e.lastUsedTime = time
            e.lastUsedFrame = frame
            entries[key] = e
            stats.hits += 1
            return .hit
        }
        stats.misses += 1
        // Stale content: replaced (or dropped), not counted as an eviction.
        if entries.removeValue(forKey: key) != nil { pendingEvictions.append(key) }
        guard width * height * 4 <= budget else { return .miss(store: false) }
        // Whether it is kept is decided in `endFrame`, once every hit of the frame is known
        // (so a miss never evicts an entry a later layer of the same frame hits).
        candidates.append((key, Entry(fingerprint: fingerprint, width: width, height: height,
                                      lastUsedTime: time, lastUsedFrame: frame)))
        return .miss(store: true)
    }

    /// Ends the frame being built: keeps the frame's misses that fit the budget
    /// (evicting least recently used entries this frame did not draw), and returns
    /// the keys the executor must drop, the keys whose passes it must keep, and the counters.
    public func endFrame() -> (evicted: [UInt64], kept: Set<UInt64>, stats: FrameStats) {
        var kept: Set<UInt64> = []
        for (key, entry) in candidates where evictToFit(entry.bytes) {
            entries[key] = entry
            kept.insert(key)
        }
        candidates = []
        stats.bytesHeld = bytesHeld
        stats.entries = entries.count
        let e = pendingEvictions
        pendingEvictions = []
        return (e, kept, stats)
    }

    /// Forgets every entry (the executor's bitmaps are listed for eviction).
    public func removeAll() {
        for k in Array(entries.keys) { evict(k) }
    }

    private func evict(_ key: UInt64) {
        guard entries.removeValue(forKey: key) != nil else { return }
        pendingEvictions.append(key)
        stats.evictions += 1
    }

    /// Evicts least recently used entries not used this frame until
    /// `extra` more bytes fit; false when they cannot.
    @discardableResult
    private func evictToFit(_ extra: Int) -> Bool {
        var held = bytesHeld
        let pinned = entries.values.filter { $0.lastUsedFrame == frame }.reduce(0) { $0 + $1.bytes }
        if pinned + extra > budget { return false }
        while held + extra > budget {
            guard let victim = entries.filter({ $0.value.lastUsedFrame != frame })
                .min(by: { ($0.value.lastUsedFrame, $0.key) < ($1.value.lastUsedFrame, $1.key) }) else { return false }
            held -= victim.value.bytes
            evict(victim.key)
        }
        return true
    }
}
