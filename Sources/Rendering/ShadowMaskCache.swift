// Rendering: blurred shadowPath masks kept across frames. A mask depends
// only on the path, the blur and the resolution, so a layer whose
// shadowPath stays the same — the common case, and Core Animation's
// advice — pays for the CPU blur once, not every frame. Bounded by entry
// count and bytes; least recently used entries go first. Thread-safe.

import Foundation
import Geometry
import Images

final class ShadowMaskCache: @unchecked Sendable {
    static let shared = ShadowMaskCache(maxEntries: 64, maxBytes: 64 << 20)

    private struct Entry { var image: Image; var local: Rect; var lastUse: UInt64 }
    private var entries: [ShadowMaskKey: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    private let lock = NSLock()
    let maxEntries: Int
    let maxBytes: Int

    init(maxEntries: Int, maxBytes: Int) { self.maxEntries = maxEntries; self.maxBytes = maxBytes }

    /// The cached mask for `key`, or the result of `make()`, stored for next time.
    func mask(for key: ShadowMaskKey, make: () -> (Image, Rect)) -> (Image, Rect) {
        lock.lock()
        clock += 1
        if var e = entries[key] {
            e.lastUse = clock
            entries[key] = e
            lock.unlock()
            return (e.image, e.local)
        }
        lock.unlock()
        let (img, local) = make()
        lock.lock()
        defer { lock.unlock() }
        if img.byteCount <= maxBytes {
            entries[key] = Entry(image: img, local: local, lastUse: clock)
            bytes += img.byteCount
            while entries.count > maxEntries || bytes > maxBytes,
                  let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                bytes -= oldest.value.image.byteCount
                entries.removeValue(forKey: oldest.key)
            }
        }
        return (img, local)
    }
}
