// GLES: a pass's schedule (PassOrdering.schedule: its batches and their
// floor), kept for the next frame. The schedule is a function of each
// piece's state, painter order, phase flags, vertex count, box and
// axis-aligned rectangle (what the overlap graph, HiddenOverlaps and the
// greedy choice read), of the pass's viewport and of the options; colours,
// texture coordinates and the other vertex attributes do not enter it. So
// when all of those are bit for bit last frame's, last frame's batches are
// drawn again without building the graph. A still pass is also where
// HiddenOverlaps pays: it costs more than the draw calls it saves on one
// frame (docs/benchmarks.md), so by default a pass gets it on the second
// frame it arrives unchanged, and keeps that schedule while it stays so.
// Anything differing, and the pass is scheduled afresh: a memo can only
// save work, never draw an order the graph forbids.

import Foundation
import Plan

/// When blended pieces are ordered by the pixels they can still write
/// (HiddenOverlaps) instead of by their boxes.
public enum HiddenOverlapsMode: String, Sendable {
    /// Never: boxes only.
    case never
    /// On a pass's second unchanged frame, kept while it stays unchanged (needs the memo).
    case steady
    /// On every frame.
    case always

    /// The mode COMPOSITOR_GLES_HIDDEN_OVERLAPS names (0, 1, steady; unset: steady).
    static func fromEnvironment(_ value: String?) -> HiddenOverlapsMode {
        switch value {
        case "0", "never": return .never
        case "1", "always": return .always
        default: return .steady
        }
    }
}

extension PassOrdering {
    /// What the schedule reads of one piece.
    struct ScheduleKey: Equatable {
        var state: BatchState
        var order: Int
        var vertexCount: Int
        /// Bit 0: opaque; bit 1: a flat interior; bit 2: an axis-aligned rectangle (`rect` holds it).
        var flags: Int
        /// The bits of DrawPiece.box.
        var box: SIMD4<UInt32>
        /// The bits of its axis-aligned rectangle, zero when it is not one.
        var rect: SIMD4<UInt32>

        init(_ p: DrawPiece) {
            state = p.state; order = p.order; vertexCount = p.geometry.vertexCount
            box = SIMD4(p.box.x.bitPattern, p.box.y.bitPattern, p.box.z.bitPattern, p.box.w.bitPattern)
            var f = (p.opaque ? 1 : 0) | (p.interior ? 2 : 0)
            if let r = OcclusionClip.axisAlignedRect(p.geometry) {
                f |= 4
                rect = SIMD4(r.x.bitPattern, r.y.bitPattern, r.z.bitPattern, r.w.bitPattern)
            } else {
                rect = .zero
            }
            flags = f
        }
    }

    /// One pass's schedule and the inputs it came from.
    struct ScheduleMemo {
        var opaqueFirst: Bool
        var reorderBlended: Bool
        var viewport: SIMD2<Int>
        var keys: [ScheduleKey]
        /// Whether the schedule counted HiddenOverlaps.
        var hidden: Bool
        var batches: [PassBatch]
        var lowerBound: Int?

        func matches(_ keys: [ScheduleKey], opaqueFirst: Bool, reorderBlended: Bool, viewport: SIMD2<Int>) -> Bool {
            opaqueFirst == self.opaqueFirst && reorderBlended == self.reorderBlended
                && viewport == self.viewport && keys == self.keys
        }
    }

    /// `schedule(pieces, …)` through `memo`: last frame's batches when the
    /// pass's keys, options and viewport are last frame's (and the memo's
    /// schedule already counted hidden overlaps, or `mode` does not ask for
    /// them), else a fresh schedule, which `memo` then holds. `mode`
    /// `.steady` counts hidden overlaps only on a pass unchanged since
    /// last frame. `replayed` says whether the batches were last frame's.
    static func schedule(_ pieces: [DrawPiece], opaqueFirst: Bool, reorderBlended: Bool, viewport: SIMD2<Int>,
                         hidden mode: HiddenOverlapsMode, memo: inout ScheduleMemo?)
        -> (batches: [PassBatch], lowerBound: Int?, replayed: Bool) {
        let keys = pieces.map(ScheduleKey.init)
        let same = memo?.matches(keys, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended,
                                 viewport: viewport) == true
        if same, let m = memo, m.hidden || mode == .never { return (m.batches, m.lowerBound, true) }
        let hidden = mode == .always || (mode == .steady && same)
        let s = schedule(pieces, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended,
                         viewport: hidden ? viewport : nil)
        memo = ScheduleMemo(opaqueFirst: opaqueFirst, reorderBlended: reorderBlended, viewport: viewport,
                            keys: keys, hidden: hidden, batches: s.batches, lowerBound: s.lowerBound)
        return (s.batches, s.lowerBound, false)
    }
}
