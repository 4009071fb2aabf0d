// Rendering: masks the plan builder computes on the CPU, kept across
// frames — blurred shadowPath masks (ShadowMask), shape coverage masks and
// the shape polygons they come from (PlanBuilder+ShapeMask). A mask depends only on its key (the path, the
// blur or the map to pixels, the resolution), so a layer that stays the
// same — the common case, and Core Animation's advice — pays for it once,
// not every frame; and handing the executors the same image again lets the
// GPU keep its texture. Bounded by entry count and bytes; least recently
// used entries go first. The entries form a doubly linked list in use
// order (links are slot numbers in one array, freed slots reused), so a
// hit, an insertion and each eviction cost O(1) whatever the entry count.
// Thread-safe.

import Foundation
import Geometry
import Images

final class MaskCache<Key: Hashable, Value>: @unchecked Sendable {
    /// An entry and its neighbours in use order (slots in `nodes`, -1 for none).
    private struct Node {
        var key: Key
        var value: Value
        var bytes: Int
        /// The entry used just before this one, and just after.
        var older: Int, newer: Int
    }
    /// Entries by slot; nil slots are free (listed in `freeSlots`).
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// Ends of the use-order list: the least and the most recently used entry's slot, -1 when empty.
    private var oldest = -1, newest = -1
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
    /// next time (a `make` that throws stores nothing; a value of more than
    /// `maxBytes` is returned but not stored).
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let i = slots[key] {
            if i != newest { unlink(i); pushNewest(i) }
            let v = nodes[i]!.value
            lock.unlock()
            return v
        }
        lock.unlock()
        let v = try make()
        let n = size(v)
        lock.lock()
        defer { lock.unlock() }
        if n <= maxBytes, slots[key] == nil {
            let i: Int
            let node = Node(key: key, value: v, bytes: n, older: -1, newer: -1)
            if let free = freeSlots.popLast() { i = free; nodes[i] = node } else { i = nodes.count; nodes.append(node) }
            slots[key] = i
            bytes += n
            pushNewest(i)
            while slots.count > maxEntries || bytes > maxBytes, oldest >= 0 { remove(oldest) }
        }
        return v
    }

    /// Entries held, and the bytes their values hold.
    var count: Int { lock.lock(); defer { lock.unlock() }; return slots.count }
    var byteCount: Int { lock.lock(); defer { lock.unlock() }; return bytes }

    /// The keys held, least recently used first.
    var keysOldestFirst: [Key] {
        lock.lock(); defer { lock.unlock() }
        var out: [Key] = []
        var i = oldest
        while i >= 0 { out.append(nodes[i]!.key); i = nodes[i]!.newer }
        return out
    }

    /// Takes slot `i` out of the use-order list (it stays in `nodes`).
    private func unlink(_ i: Int) {
        let older = nodes[i]!.older, newer = nodes[i]!.newer
        if older >= 0 { nodes[older]!.newer = newer } else { oldest = newer }
        if newer >= 0 { nodes[newer]!.older = older } else { newest = older }
    }

    /// Puts slot `i` at the most recently used end of the list.
    private func pushNewest(_ i: Int) {
        nodes[i]!.older = newest
        nodes[i]!.newer = -1
        if newest >= 0 { nodes[newest]!.newer = i } else { oldest = i }
        newest = i
    }

    /// Evicts the entry in slot `i` and frees the slot.
    private func remove(_ i: Int) {
        unlink(i)
        let node = nodes[i]!
        bytes -= node.bytes
        slots[node.key] = nil
        nodes[i] = nil
        freeSlots.append(i)
    }
}

/// Blurred shadowPath masks with the local rect each covers (ShadowMask).
let shadowMaskCache = MaskCache<ShadowMaskKey, (Image, Rect)>(maxEntries: 64, maxBytes: 64 << 20) { $0.0.byteCount }

/// Shape coverage masks (PlanBuilder+ShapeMask).
let shapeMaskCache = MaskCache<ShapeMaskKey, ShapeMask>(maxEntries: 4096, maxBytes: 128 << 20) {
    $0.image.byteCount + $0.tiles.count * MemoryLayout<ShapeMask.Tile>.stride
}

/// Shape parts' polygons in the layer's plane (PlanBuilder+ShapeMask): they
/// depend on the path, the stroke and the flattening tolerance, not on where
/// the layer is, so a moving or turning shape is flattened and stroked once.
let shapePolygonCache = MaskCache<ShapePartKey, ShapePolygons>(maxEntries: 1024, maxBytes: 64 << 20) {
    $0.polygons.reduce(0) { $0 + $1.count } * MemoryLayout<Vec2>.stride
}
