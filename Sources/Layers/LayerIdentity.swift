// Layers: process-unique layer identities. A presentation copy keeps its
// model layer's identity, which is what lets caches (the rasterization
// cache, spatial indexes) recognise a layer from one frame to the next.

import Foundation

enum LayerIdentity {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    /// The next unused identity.
    static func next() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        last &+= 1
        return last
    }
}
