// Rendering: resolution swapping for a timeline's frames (see Layers'
// ResolutionSwap). Before a frame's plan is built, every layer of the
// presentation tree that has a `resolutionSwap` option and contents is
// checked with the MotionTracker: while it moves (it moved this frame or less
// than `settleTime` ago) its presentation copy's contents are replaced by a
// box-filtered copy at `scale` of the resolution, with contentsScale reduced
// by the same ratio so that gravity places it exactly where the full image
// goes; once still long enough it draws the full image again, which counts
// as one swap. Reduced copies are made on the rendering thread the first
// time they are needed and kept in a cost-limited cache (64 MiB by default)
// under "key#swapWxH", so the plan never mixes the two sizes under one key.
// The model tree is never touched, and a single still frame (`render`, no
// timeline) always shows the full image.

import Foundation
import Geometry
import Images
import Layers

/// Tracks motion across frames and swaps reduced-resolution contents in while layers move.
///
/// Not thread-safe: one swapper per renderer, fed frames in timeline order.
public final class ResolutionSwapper {
    /// What swapping did in one frame.
    public struct FrameCounts: Sendable, Equatable {
        /// Layers drawn from their reduced copy.
        public var reducedLayers = 0
        /// Layers that went back to full resolution in this frame.
        public var swapsToFull = 0
        /// Reduced copies made (box-filtered) in this frame.
        public var reducedCopiesMade = 0
        public init() {}
    }

    public private(set) var motion = MotionTracker()
    /// The reduced copies, by "key#swapWxH".
    public let reducedCopies: ImageCache
    private var showingReduced: Set<UInt64> = []

    /// A swapper keeping at most `cacheBytes` of reduced copies.
    public init(cacheBytes: Int = 64 * 1024 * 1024) {
        reducedCopies = ImageCache(budgetBytes: cacheBytes)
    }

    /// Applies swapping to the presentation tree `root` of the frame at `time`
    /// (replacing contents on its layers, which must be copies, never the model).
    public func apply(to root: Layer, time: Double) -> FrameCounts {
        var counts = FrameCounts()
        var swapping: [Layer] = []
        Self.collect(root, into: &swapping)
        if swapping.isEmpty && motion.count == 0 { return counts }
        var seen = Set<UInt64>()
        for l in swapping {
            guard let option = l.resolutionSwap else { continue }
            seen.insert(l.id)
            let lastMove = motion.observe(l.id, map: l.mapToCanvas, time: time)
            guard let c = l.contents, c.image.width > 0, c.image.height > 0,
                  MotionTracker.isMoving(lastMove: lastMove, at: time, settleTime: option.settleTime) else {
                if showingReduced.remove(l.id) != nil, l.contents != nil { counts.swapsToFull += 1 }
                continue
            }
            let (w, h) = option.reducedSize(width: c.image.width, height: c.image.height)
            let key = c.key + "#swap\(w)x\(h)"
            let small: Image
            if let held = reducedCopies.image(forKey: key) {
                small = held
            } else {
                small = ImageDownscale.box(c.image, width: w, height: h)
                reducedCopies.insert(small, forKey: key)
                counts.reducedCopiesMade += 1
            }
            l.contentsScale *= Double(small.width) / Double(c.image.width)
            l.contents = LayerContents(key: key, image: small)
            showingReduced.insert(l.id)
            counts.reducedLayers += 1
        }
        motion.keepOnly(seen)
        showingReduced.formIntersection(seen)
        return counts
    }

    /// The layers of the tree (not masks) with a resolutionSwap option.
    private static func collect(_ l: Layer, into out: inout [Layer]) {
        if l.resolutionSwap != nil { out.append(l) }
        for s in l.sublayers { collect(s, into: &out) }
    }
}
