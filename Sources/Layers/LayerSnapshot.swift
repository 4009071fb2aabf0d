// Layers: contents that show another layer — renderInContext's result used
// as an image (`contents: {"snapshotOf": "name"}` in scene files). The
// contents carry a reference to the source layer instead of pixels; the
// plan builder renders the source's subtree (as it looks in the same frame)
// into the picture, and a renderer with a rasterization cache keeps it while
// the source subtree's fingerprint is unchanged.

import Images

/// Points at the layer a snapshot contents shows (held weakly: the tree owns its layers).
public final class SnapshotSource: @unchecked Sendable {
    public private(set) weak var layer: Layer?
    /// The source's identity, kept once the layer is gone (presentation copies share it).
    public let id: UInt64
    public init(_ layer: Layer) { self.layer = layer; id = layer.id }
}

extension LayerContents {
    /// Contents that show a snapshot of `layer`'s subtree, drawn over the bounds.
    public static func snapshot(of layer: Layer) -> LayerContents {
        var c = LayerContents(key: "snapshot:\(layer.id)", image: Image(width: 0, height: 0))
        c.snapshotSource = SnapshotSource(layer)
        return c
    }
}

extension Layer {
    /// Whether `other` is this layer or one of its ancestors (a snapshot of it would contain itself).
    public func isSelfOrDescendant(of other: Layer) -> Bool {
        var l: Layer? = self
        while let x = l {
            if x === other { return true }
            l = x.superlayer
        }
        return false
    }
}
