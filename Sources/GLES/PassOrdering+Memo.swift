// GLES: a pass's schedule (PassOrdering.schedule: its batches and their
// floor), kept for the next frame. The schedule is a function of each
// piece's state, painter order, phase flags, vertex count, box and
// axis-aligned rectangle (what the overlap graph, HiddenOverlaps and the
// greedy choice read), of the pass's viewport and of the options; colours,
// texture coordinates and the other vertex attributes do not enter it. So
// when all of those are bit for bit last frame's, last frame's batches are
// drawn again without building the graph. A still pass is also where
// HiddenOverlaps pays: it costs more than the draw calls it saves on one
// frame (docs/benchmarks.md), so by default a pass gets it on the first
// frame that repeats the one before (its second frame when still), and
// keeps that schedule while it stays so.
// Anything differing, and the pass is scheduled afresh: a memo can only
// save work, never draw an order the graph forbids.

import Foundation
import Plan

/// When blended pieces are ordered by the pixels they can still write
/// (HiddenOverlaps) instead of by their boxes.
public enum HiddenOverlapsMode: String, Sendable {
    /// Never: boxes only.
    case never
    /// On a frame whose pass repeats the last frame's, kept while it stays so (needs the memo).
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
    /// What the schedule reads of one piece: 80 bytes, no padding, so
    /// `ScheduleInputs` compares keys with memcmp. Its state travels as its
    /// fields' bits (enum cases by their tags, at most two textures and
    /// sizes), or, for a state with a gradient or more textures, as an
    /// index into `ScheduleInputs.states` (compared with ==).
    struct ScheduleKey {
        /// The bits of DrawPiece.box.
        var box: SIMD4<UInt32>
        /// The bits of its axis-aligned rectangle, zero when it is not one.
        var rect: SIMD4<UInt32>
        /// The bits of the state's sizes (up to two).
        var sizes: SIMD4<UInt32>
        var order: Int
        var vertexCount: Int
        /// The state's textures (up to two).
        var textures: SIMD2<UInt32>
        /// The state's program, blend and filter tags, depth writes, texture and size counts.
        var kinds: UInt32
        /// Bit 0: opaque; bit 1: a flat interior; bit 2: an axis-aligned
        /// rectangle (`rect` holds it); from bit 8: 1 + the state's index
        /// in `ScheduleInputs.states`, or 0 when the bits above are the state.
        var flags: UInt32

        init(_ p: DrawPiece, stateIndex: Int?) {
            order = p.order; vertexCount = p.geometry.vertexCount
            box = SIMD4(p.box.x.bitPattern, p.box.y.bitPattern, p.box.z.bitPattern, p.box.w.bitPattern)
            var f = UInt32(p.opaque ? 1 : 0) | UInt32(p.interior ? 2 : 0)
            if let r = OcclusionClip.axisAlignedRect(p.geometry) {
                f |= 4
                rect = SIMD4(r.x.bitPattern, r.y.bitPattern, r.z.bitPattern, r.w.bitPattern)
            } else {
                rect = .zero
            }
            let s = p.state
            textures = .zero; sizes = .zero
            if let k = stateIndex {
                f |= UInt32(k + 1) << 8
                kinds = 0
            } else {
                for (j, t) in s.textures.enumerated() { textures[j] = t }
                for (j, v) in s.sizes.enumerated() { sizes[2 * j] = v.x.bitPattern; sizes[2 * j + 1] = v.y.bitPattern }
                kinds = Self.tag(s.program) | Self.tag(s.blend) << 8 | Self.tag(s.filter) << 16
                    | UInt32(s.depthWrite ? 1 : 0) << 24 | UInt32(s.textures.count) << 25 | UInt32(s.sizes.count) << 28
            }
            flags = f
        }

        /// Whether `s` travels in a key's bits (else by index).
        static func fitsBits(_ s: BatchState) -> Bool {
            s.gradient == nil && s.textures.count <= 2 && s.sizes.count <= 2
        }

        /// A case of an enum without payloads, by its tag (one byte).
        private static func tag<T>(_ value: T) -> UInt32 {
            precondition(MemoryLayout<T>.size == 1, "\(T.self) is not a one-byte enum")
            return withUnsafeBytes(of: value) { UInt32($0[0]) }
        }
    }

    /// What the schedule reads of a pass's pieces: a key per piece, and
    /// the states too large for a key's bits, in order of first appearance.
    struct ScheduleInputs: Equatable {
        var states: [BatchState] = []
        var keys: [ScheduleKey] = []

        init(_ pieces: [DrawPiece]) {
            keys = pieces.withUnsafeBufferPointer { ps in
                [ScheduleKey](unsafeUninitializedCapacity: ps.count) { out, count in
                    for i in ps.indices {
                        var index: Int?
                        if !ScheduleKey.fitsBits(ps[i].state) {
                            index = states.firstIndex(of: ps[i].state) ?? states.count
                            if index == states.count { states.append(ps[i].state) }
                        }
                        (out.baseAddress! + i).initialize(to: ScheduleKey(ps[i], stateIndex: index))
                    }
                    count = ps.count
                }
            }
        }

        static func == (a: ScheduleInputs, b: ScheduleInputs) -> Bool {
            guard a.keys.count == b.keys.count, a.states == b.states else { return false }
            if a.keys.isEmpty { return true }
            return a.keys.withUnsafeBytes { x in
                b.keys.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
        }
    }

    /// One pass's schedule and the inputs it came from.
    struct ScheduleMemo {
        var opaqueFirst: Bool
        var reorderBlended: Bool
        var viewport: SIMD2<Int>
        var inputs: ScheduleInputs
        /// Whether the schedule counted HiddenOverlaps.
        var hidden: Bool
        var batches: [PassBatch]
        var lowerBound: Int?

        func matches(_ inputs: ScheduleInputs, opaqueFirst: Bool, reorderBlended: Bool, viewport: SIMD2<Int>) -> Bool {
            opaqueFirst == self.opaqueFirst && reorderBlended == self.reorderBlended
                && viewport == self.viewport && inputs == self.inputs
        }
    }

    /// `schedule(pieces, …)` through `memo`: last frame's batches when the
    /// pass's inputs, options and viewport are last frame's and the memo's
    /// schedule counted hidden overlaps exactly when `mode` asks for them
    /// (`.steady`: on a pass unchanged since last frame), else a fresh
    /// schedule, which `memo` then holds. `replayed` says whether the
    /// batches were last frame's.
    static func schedule(_ pieces: [DrawPiece], opaqueFirst: Bool, reorderBlended: Bool, viewport: SIMD2<Int>,
                         hidden mode: HiddenOverlapsMode, memo: inout ScheduleMemo?)
        -> (batches: [PassBatch], lowerBound: Int?, replayed: Bool) {
        let inputs = ScheduleInputs(pieces)
        let same = memo?.matches(inputs, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended,
                                 viewport: viewport) == true
        let hidden = mode == .always || (mode == .steady && same)
        if same, let m = memo, m.hidden == hidden { return (m.batches, m.lowerBound, true) }
        let s = schedule(pieces, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended,
                         viewport: hidden ? viewport : nil)
        memo = ScheduleMemo(opaqueFirst: opaqueFirst, reorderBlended: reorderBlended, viewport: viewport,
                            inputs: inputs, hidden: hidden, batches: s.batches, lowerBound: s.lowerBound)
        return (s.batches, s.lowerBound, false)
    }
}
