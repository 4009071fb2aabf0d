// Rendering: the sublayer indexes of big sublayer lists (SublayerIndex),
// kept across frames by layer identity — as RasterCache keeps bitmaps — so
// the layer model carries no renderer data. A presentation copy has its
// model layer's identity and, when nothing in it is animated, its
// revisions, so it finds and reuses the model's index. Indexes unused for a
// while are dropped at the end of a build.

import Layers

/// Sublayer indexes by layer identity, shared by the plan builders of one
/// renderer (one build at a time: not thread-safe).
public final class SublayerIndexCache {
    private struct Entry {
        var index: SublayerIndex
        var lastUsed: UInt64
    }
    private var entries: [UInt64: Entry] = [:]
    private var builds: UInt64 = 0
    /// Builds an index may go unused before it is dropped.
    static let maxIdleBuilds: UInt64 = 120

    public init() {}

    /// How many indexes are held.
    public var count: Int { entries.count }

    /// Whether an index is held for the layer with identity `id`.
    public func holdsIndex(forLayer id: UInt64) -> Bool { entries[id] != nil }

    /// The index of `layer`'s sublayers: the held one while it is current,
    /// else a new one from `build` (held from now on); `built` says which.
    func index(for layer: Layer, build: () -> SublayerIndex) -> (index: SublayerIndex, built: Bool) {
        if var e = entries[layer.id], e.index.isCurrent(for: layer) {
            e.lastUsed = builds
            entries[layer.id] = e
            return (e.index, false)
        }
        let index = build()
        entries[layer.id] = Entry(index: index, lastUsed: builds)
        return (index, true)
    }

    /// Ends one plan build: drops indexes unused for `maxIdleBuilds` builds.
    func endBuild() {
        builds &+= 1
        guard builds % 16 == 0 else { return }
        entries = entries.filter { builds &- $0.value.lastUsed <= Self.maxIdleBuilds }
    }
}
