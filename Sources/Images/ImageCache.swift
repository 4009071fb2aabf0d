// Images: a thread-safe, cost-limited LRU cache of decoded images, keyed by
// file key (resolved path, or LayerContents.hybridKey for hybrid images).
// An entry may keep the PVRTC1 texture a .pvr image was decoded from, so a
// deferred load hands the GLES executor the blocks as eager loading does.
// The cost of an entry is its decoded bytes (width × height × 4) plus any
// compressed bytes kept with it; inserting
// past the budget evicts least-recently-used entries first; an image larger
// than the whole budget is not kept (the caller still uses it for its frame).
// Lookups and inserts count as "uses". Failed keys are remembered separately
// so a missing or corrupt file is reported once in a long run.
// One NSLock guards everything; entries are immutable `Image` values, so a
// reader never sees pixels being written.

import Foundation
import PVRTC

/// A thread-safe LRU cache of decoded images with a byte budget.
public final class ImageCache: @unchecked Sendable {
    /// The most decoded bytes the cache holds.
    public let budgetBytes: Int

    private let lock = NSLock()
    /// A held image, the PVRTC texture it came from (if any) and what it costs.
    private struct Entry {
        let image: Image
        let pvrtc: PVRTCTexture?
        let cost: Int
    }
    private var entries: [String: Entry] = [:]
    /// Keys from least to most recently used.
    private var order: [String] = []
    private var failed: [String: String] = [:]
    private var counters = ImageCacheStats()

    /// A cache that holds at most `budgetBytes` of decoded pixels (≥ 0).
    public init(budgetBytes: Int) {
        precondition(budgetBytes >= 0, "negative cache budget")
        self.budgetBytes = budgetBytes
    }

    /// A cache with a budget in MiB (the `--image-cache-mb` option).
    public convenience init(budgetMiB: Int) { self.init(budgetBytes: budgetMiB * 1024 * 1024) }

    /// The cost of an image in the cache: its decoded bytes.
    public static func cost(of image: Image) -> Int { image.byteCount }

    /// The cached image for `key`, marking it most recently used; counts a hit or a miss.
    public func image(forKey key: String) -> Image? {
        contents(forKey: key)?.image
    }

    /// The cached image for `key` with the PVRTC texture kept with it (nil for
    /// other formats), marking it most recently used; counts a hit or a miss.
    public func contents(forKey key: String) -> (image: Image, pvrtc: PVRTCTexture?)? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else {
            counters.misses += 1
            return nil
        }
        counters.hits += 1
        touch(key)
        return (entry.image, entry.pvrtc)
    }

    /// Whether `key` is held, without counting a lookup or changing the order.
    public func contains(_ key: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries[key] != nil
    }

    /// Stores `image` (with the PVRTC texture it was decoded from, if any) under
    /// `key` as the most recently used entry, evicting the least recently used
    /// entries until the total cost fits the budget. An entry costing more than
    /// the whole budget is not stored.
    /// - Returns: the evicted keys, oldest first.
    @discardableResult
    public func insert(_ image: Image, pvrtc: PVRTCTexture? = nil, forKey key: String) -> [String] {
        let cost = Self.cost(of: image) + (pvrtc?.compressedByteCount ?? 0)
        lock.lock(); defer { lock.unlock() }
        if let old = entries.removeValue(forKey: key) {
            counters.bytesHeld -= old.cost
            order.removeAll { $0 == key }
        }
        failed[key] = nil
        guard cost <= budgetBytes else {
            counters.rejected += 1
            counters.entries = entries.count
            return []
        }
        var evicted: [String] = []
        while counters.bytesHeld + cost > budgetBytes, !order.isEmpty {
            let victim = order.removeFirst()
            if let old = entries.removeValue(forKey: victim) {
                let c = old.cost
                counters.bytesHeld -= c
                counters.evictions += 1
                counters.evictedBytes += c
                evicted.append(victim)
            }
        }
        entries[key] = Entry(image: image, pvrtc: pvrtc, cost: cost)
        order.append(key)
        counters.bytesHeld += cost
        counters.entries = entries.count
        return evicted
    }

    /// Drops `key` if held (not counted as an eviction).
    public func remove(_ key: String) {
        lock.lock(); defer { lock.unlock() }
        if let old = entries.removeValue(forKey: key) {
            counters.bytesHeld -= old.cost
            order.removeAll { $0 == key }
            counters.entries = entries.count
        }
    }

    /// Counts one finished decode of `bytes` pixel bytes taking `seconds`.
    public func recordDecode(bytes: Int, seconds: Double) {
        lock.lock(); defer { lock.unlock() }
        counters.decodes += 1
        counters.bytesDecoded += bytes
        counters.decodeSeconds += seconds
    }

    /// Remembers that `key` failed to load with `message`.
    /// - Returns: true the first time for this key (the caller reports it then, and only then).
    @discardableResult
    public func recordFailure(_ key: String, message: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard failed[key] == nil else { return false }
        failed[key] = message
        counters.failures += 1
        return true
    }

    /// The error message recorded for `key`, if its load failed.
    public func failure(forKey key: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return failed[key]
    }

    /// A snapshot of the counters.
    public var stats: ImageCacheStats {
        lock.lock(); defer { lock.unlock() }
        return counters
    }

    /// The held keys from least to most recently used (for tests and reports).
    public var keysByRecency: [String] {
        lock.lock(); defer { lock.unlock() }
        return order
    }

    private func touch(_ key: String) {
        if order.last == key { return }
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
    }
}
