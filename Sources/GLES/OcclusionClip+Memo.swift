// GLES: what OcclusionClip decided for a pass, kept for the next frame. A
// still scene draws the same pieces frame after frame, and the decisions
// (which pieces go, into which rectangles the others are cut) depend only on
// each piece's rectangle, painter order and whether it is opaque and flat.
// So when all of those are bit for bit last frame's, the grid, the scans and
// the differences are skipped and last frame's decisions are replayed; a
// cut piece whose vertices are bit for bit last frame's also gets last
// frame's cut geometry back. Anything else differing, and the pass is
// decided afresh: the memo can only save work, never change a piece.

import Foundation
import Plan

extension OcclusionClip {
    /// One piece's inputs to the decisions. 16 + 8 + 8 bytes, no padding,
    /// so `Memo.matches` compares exactly the fields with memcmp.
    struct PieceKey: Equatable {
        /// The bits of its axis-aligned rectangle (minX, minY, maxX, maxY);
        /// zero when it is neither an occluder nor a target.
        var rect: SIMD4<UInt32>
        var order: Int
        /// 1: an occluder (opaque); 2: a target (flat); 0: neither.
        var flags: Int
    }

    /// A piece cut in the memo's frame.
    struct Decision {
        /// Its index in the pass's pieces.
        var piece: Int
        /// The rectangles it was cut into (none: it went whole), in `Memo.parts`.
        var parts: Range<Int>
        /// Its vertices then, and the geometries it became (in `Memo.geometries`, as many as parts).
        var vertices: [Float]
        var geometries: Int
    }

    /// The decisions of one pass and the inputs they came from.
    struct Memo {
        var minGain: Int
        /// The viewport the pixel sets were worked out through (OcclusionClip.pixels(of:viewport:)).
        var viewport: SIMD2<Int>
        var keys: [PieceKey]
        var decisions: [Decision] = []
        var parts: [PixelRect] = []
        var geometries: [ItemGeometry] = []
        /// What the decisions add to GPUStats' occlusion counters.
        var clippedPieces = 0, hiddenPieces = 0, piecesAdded = 0, fragmentsRemoved = 0

        /// Whether `keys` are bit for bit this memo's, with the same gain and viewport.
        func matches(_ keys: [PieceKey], minGain: Int, viewport: SIMD2<Int>) -> Bool {
            guard minGain == self.minGain, viewport == self.viewport, keys.count == self.keys.count else { return false }
            if keys.isEmpty { return true }
            return keys.withUnsafeBytes { a in
                self.keys.withUnsafeBytes { b in a.count == b.count && memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
        }

        func addStats(to stats: inout GPUStats) {
            stats.occlusionClippedPieces += clippedPieces
            stats.occlusionHiddenPieces += hiddenPieces
            stats.occlusionPiecesAdded += piecesAdded
            stats.occlusionFragmentsRemoved += fragmentsRemoved
        }

        /// The decisions applied again to `pieces`, in place (as
        /// OcclusionClip.cutInPlace places its cuts); a cut piece whose
        /// vertices differ from the memo's gets its geometries rebuilt (and
        /// the memo keeps them for the next frame).
        mutating func replay(_ pieces: inout [DrawPiece], rects: [SIMD4<Float>], stats: inout GPUStats) {
            addStats(to: &stats)
            stats.occlusionPassesReplayed += 1
            guard !decisions.isEmpty else { return }
            let n = pieces.count
            var cuts: [SIMD3<Int>] = []
            cuts.reserveCapacity(decisions.count)
            if piecesAdded > 0 { pieces.reserveCapacity(n + piecesAdded) }
            var added = 0, hidden = 0
            for d in decisions.indices {
                let i = decisions[d].piece
                let range = decisions[d].parts, first = decisions[d].geometries
                if !Self.sameBits(pieces[i].geometry.vertices, decisions[d].vertices) {
                    let whole = OcclusionClip.pixels(of: rects[i], viewport: viewport)!
                    var g = first
                    parts.withUnsafeBufferPointer { all in
                        let mine = UnsafeBufferPointer(rebasing: all[range])
                        OcclusionClip.geometries(pieces[i].geometry, rect: rects[i], whole: whole, parts: mine) {
                            geometries[g] = $0
                            g += 1
                        }
                    }
                    decisions[d].vertices = pieces[i].geometry.vertices
                }
                cuts.append(SIMD3(i, 0, range.count))
                guard range.count > 0 else { hidden += 1; continue }
                pieces[i].geometry = geometries[first]
                let box = geometries[first].vertices.withUnsafeBufferPointer { OcclusionClip.box(ofQuad: $0) }
                pieces[i].box = box
                for g in (first + 1)..<(first + range.count) {
                    let piece = DrawPiece(geometry: geometries[g], state: pieces[i].state, order: pieces[i].order,
                                          opaque: pieces[i].opaque, interior: pieces[i].interior)
                    pieces.append(piece)
                }
                added += range.count - 1
            }
            OcclusionClip.rearrange(&pieces, cuts: cuts, count: n, added: added, hidden: hidden)
        }

        /// Whether two vertex arrays hold the same bits (not Float ==: −0 and +0 differ here).
        static func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
            guard a.count == b.count else { return false }
            if a.isEmpty { return true }
            return a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
        }
    }
}
