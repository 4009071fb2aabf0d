// Compositor: `Layer.snapshot(scale:)` — renderInContext into an image: the
// layer's subtree drawn in its own bounds (its position and transform
// ignored, its opacity kept), bounds × scale pixels, through the CPU
// reference executor unless a renderer is given.

import Foundation
import Raster

extension Layer {
    /// The layer and its sublayers rendered into a ceil(bounds × scale) image (renderInContext).
    /// The model tree is rendered as it is now (no animations applied).
    public func snapshot(scale: Double = 1, renderer: Renderer? = nil) throws -> Image {
        guard scale.isFinite, scale > 0 else { throw SnapshotError(description: "the snapshot scale must be positive (got \(scale))") }
        let w = (bounds.width * scale).rounded(.up) / scale, h = (bounds.height * scale).rounded(.up) / scale
        guard w > 0, h > 0 else { throw SnapshotError(description: "the layer's bounds are empty") }
        // A host whose contents show this layer: the plan builder renders the subtree in its bounds.
        let host = Layer()
        host.frame = Rect(x: 0, y: 0, width: w, height: h)
        host.contentsGravity = .topLeft
        host.contents = .snapshot(of: self)
        let r = renderer ?? Renderer(executor: CPUExecutor())
        return try r.render(root: host, width: w, height: h, scale: scale).image
    }
}

/// A snapshot that cannot be taken.
public struct SnapshotError: Error, CustomStringConvertible {
    public let description: String
}
