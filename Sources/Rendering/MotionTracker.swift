// Rendering: which layers moved on the canvas, frame to frame. A layer
// "moves" in a frame when its map from bounds to canvas (its own and every
// ancestor's position, anchor, transform and sublayerTransform) differs from
// the map it had in the previous frame it was seen in; the tracker remembers,
// per layer identity, that map and the timeline time of the last move.
// Resolution swapping (ResolutionSwapper) and the carousel experiment's
// swapping strategy decide "still long enough" from it, so both mean the
// same thing by "still".

import Geometry
import Layers

/// The last move of each observed layer across the frames of a timeline.
///
/// Not thread-safe: one tracker per renderer, fed frames in timeline order.
public struct MotionTracker {
    struct Track {
        var map: Transform3D
        var lastMove: Double
        var lastSeen: Double
    }
    private var tracks: [UInt64: Track] = [:]

    public init() {}

    /// Records that layer `id` shows with `map` at `time`.
    /// - Returns: the timeline time of its last move, `-infinity` if it has
    ///   not moved since it was first seen (a layer first seen, or seen again
    ///   after time went backwards, counts as still).
    public mutating func observe(_ id: UInt64, map: Transform3D, time: Double) -> Double {
        guard var t = tracks[id], time >= t.lastSeen else {
            tracks[id] = Track(map: map, lastMove: -.infinity, lastSeen: time)
            return -.infinity
        }
        if t.map != map {
            t.map = map
            t.lastMove = time
        }
        t.lastSeen = time
        tracks[id] = t
        return t.lastMove
    }

    /// Whether a layer whose last move was at `lastMove` still shows as moving
    /// at `time` after `settleTime` seconds of stillness are required: it
    /// moved in this very frame, or less than `settleTime` ago.
    public static func isMoving(lastMove: Double, at time: Double, settleTime: Double) -> Bool {
        lastMove == time || time - lastMove < settleTime
    }

    /// Forgets layers not in `ids` (removed from the tree).
    public mutating func keepOnly(_ ids: Set<UInt64>) {
        if tracks.count > ids.count { tracks = tracks.filter { ids.contains($0.key) } }
    }

    /// The number of layers tracked.
    public var count: Int { tracks.count }
}

extension Layer {
    /// The 4x4 map from this layer's bounds coordinates to the root's
    /// superlayer space (the canvas for the root of a frame), walking up the
    /// superlayer chain with the Core Animation geometry rule.
    public var mapToCanvas: Transform3D {
        var m = transformToSuperlayer(parentS: superlayer?.sublayerTransformAboutAnchor ?? .identity)
        var l = superlayer
        while let s = l {
            m = m.concatenating(s.transformToSuperlayer(parentS: s.superlayer?.sublayerTransformAboutAnchor ?? .identity))
            l = s.superlayer
        }
        return m
    }
}
