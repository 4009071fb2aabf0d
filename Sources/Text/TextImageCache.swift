// Text: backing images kept between frames, so a text layer that did not
// change is not laid out and rasterized again (the book: changing a text
// layer's frame redraws its text). Keyed by the layer and everything the
// image depends on; a size limit in bytes evicts the least recently used.

import Foundation
import Images

/// A process-wide, size-limited cache of text backing images.
public final class TextImageCache: @unchecked Sendable {
    /// A cached image and the unique key plans use to refer to it.
    public struct Entry: Sendable {
        public var key: String
        public var image: Image
    }

    struct Key: Hashable {
        var layer: UInt64
        var request: TextImageRequest
    }

    /// The cache the plan builder uses.
    public static let shared = TextImageCache(limitBytes: 64 << 20)

    public let limitBytes: Int
    private let lock = NSLock()
    private var entries: [Key: (entry: Entry, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    private var serial = 0
    /// Renders and hits since creation.
    public private(set) var misses = 0, hits = 0

    public init(limitBytes: Int) { self.limitBytes = limitBytes }

    /// The backing image of layer `layer` showing `request`, rendered on a miss.
    public func image(layer: UInt64, _ request: TextImageRequest) throws -> Entry {
        let k = Key(layer: layer, request: request)
        lock.lock()
        clock += 1
        if let e = entries[k] {
            entries[k]!.used = clock
            hits += 1
            lock.unlock()
            return e.entry
        }
        lock.unlock()
        let image = try TextRasterizer.render(request)
        lock.lock(); defer { lock.unlock() }
        misses += 1
        serial += 1
        let entry = Entry(key: "text#\(layer).\(serial)", image: image)
        let size = image.pixels.count
        if bytes + size > limitBytes { evict(toMake: size) }
        if size <= limitBytes {
            entries[k] = (entry, clock)
            bytes += size
        }
        return entry
    }

    /// Drops the least recently used images until `size` more bytes fit
    /// with a quarter of the limit to spare, in one sorted pass: evicting
    /// one victim per insertion, each found by a scan of every entry, made
    /// 100,000 text layers quadratic. The caller holds `lock`.
    private func evict(toMake size: Int) {
        let target = max(0, limitBytes - limitBytes / 4 - size)
        for (k, v) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            if bytes <= target { break }
            bytes -= v.entry.image.pixels.count
            entries[k] = nil
        }
    }

    /// Drops every image.
    public func removeAll() {
        lock.lock(); defer { lock.unlock() }
        entries = [:]; bytes = 0
    }
}
