// Rendering: masks the plan builder computes on the CPU, kept across
// frames — blurred shadowPath masks (ShadowMask), shape coverage masks and
// the shape polygons they come from (PlanBuilder+ShapeMask). A mask depends only on its key (the path, the
// blur or the map to pixels, the resolution), so a layer that stays the
// same — the common case, and Core Animation's advice — pays for it once,
// not every frame; and handing the executors the same image again lets the
// GPU keep its texture. Bounded by entry count and bytes; least recently
// used entries go first. Thread-safe.

import Foundation
import Geometry
import Images

final class MaskCache<Key: Hashable, Value>: @unchecked Sendable {
    private struct Entry { var value: Value; var bytes: Int; var lastUse: UInt64 }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    private let lock = NSLock()
    let maxEntries: Int
    let maxBytes: Int
    /// The bytes a value holds.
    let size: (Value) -> Int

    init(maxEntries: Int, maxBytes: Int, size: @escaping (Value) -> Int) {
        self.maxEntries = maxEntries; self.maxBytes = maxBytes; self.size = size
    }

    /// The cached value for `key`, or the result of `make()`, stored for
    /// next time (a `make` that throws stores nothing).
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        clock += 1
        if var e = entries[key] {
            e.lastUse = clock
            entries[key] = e
            lock.unlock()
            return e.value
        }
        lock.unlock()
        let v = try make()
        let n = size(v)
        lock.lock()
        defer { lock.unlock() }
        if n <= maxBytes, entries[key] == nil {
            entries[key] = Entry(value: v, bytes: n, lastUse: clock)
            bytes += n
            while entries.count > maxEntries || bytes > maxBytes,
                  let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                bytes -= oldest.value.bytes
                entries.removeValue(forKey: oldest.key)
            }
        }
        return v
    }
}

/// Blurred shadowPath masks with the local rect each covers (ShadowMask).
let shadowMaskCache = MaskCache<ShadowMaskKey, (Image, Rect)>(maxEntries: 64, maxBytes: 64 << 20) { $0.0.byteCount }

/// Shape coverage masks (PlanBuilder+ShapeMask).
let shapeMaskCache = MaskCache<ShapeMaskKey, Image>(maxEntries: 4096, maxBytes: 128 << 20) { $0.byteCount }

/// Shape parts' polygons in the layer's plane (PlanBuilder+ShapeMask): they
/// depend on the path, the stroke and the flattening tolerance, not on where
/// the layer is, so a moving or turning shape is flattened and stroked once.
let shapePolygonCache = MaskCache<ShapeTrapezoidKey, ShapePolygons>(maxEntries: 1024, maxBytes: 64 << 20) {
    $0.polygons.reduce(0) { $0 + $1.count } * MemoryLayout<Vec2>.stride
}
