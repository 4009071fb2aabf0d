// GLES: the parts of a draw pass's pieces that opaque pieces above them
// hide, cut away before they reach the rasterizer. Opaque-first drawing
// already keeps hidden fragments from being shaded (the depth test rejects
// them), but llvmpipe still bins, rasterizes and depth-tests every one of
// them. This post-pass over the piece list (painter order, before
// PassOrdering) removes them where that is exact and cheap: a piece whose
// geometry is an axis-aligned rectangle and whose program is ps_flat (its
// output is v_color alone, the same on every vertex, so no interpolated
// value changes when the rectangle is cut) loses the pixels covered by the
// union of the axis-aligned opaque pieces later in painter order. Which
// pixels a rectangle covers is worked out as llvmpipe does (GLConventions:
// positions as they arrive through the viewport (ViewportMapping), snapped
// to 1/256 pixel, round half to even; an edge through a
// pixel centre owns it on the left and on the top), and the cuts go along
// whole-pixel lines, which no pixel centre lies on, so each remaining
// rectangle covers exactly the centres it should: the depth test would
// have rejected exactly the ones removed, and the picture cannot change.
// Pieces that do not fit stay as they are (the depth test keeps them right).
// To cost less than the fragments it saves, a cut subtracts only the few
// occluders overlapping a piece most (still exact: what a subset covers is
// hidden) and is tried only where it can save enough; a pass's
// decisions are kept for the next frame (OcclusionClip+Memo.swift), the
// rectangle difference has its own file (OcclusionClip+Difference.swift),
// and the cut vertices, written in place, theirs (OcclusionClip+CutGeometry.swift).

import Plan

/// Cuts hidden parts out of flat axis-aligned pieces (see the file comment).
enum OcclusionClip {
    /// Most rectangles one piece may become; past it the piece stays whole.
    static let maxRectsPerPiece = 8
    /// Most occluders collected for one piece (the scan stops there).
    static let maxOccludersPerPiece = 64
    /// Most occluders one cut subtracts: those overlapping the piece most.
    /// A subset removes only hidden pixels, so the cut stays exact, and the
    /// band sweep of the difference costs about 2k² steps for k of them.
    static let maxOccludersPerCut = 8
    /// Fragments a cut must save per rectangle it adds (at least once, and
    /// except for a piece removed whole) to be worth its vertices, triangle
    /// setup and our own work; a piece is kept whole when the cut saves less.
    /// 1024 took the fewest instructions of 128, 1024, 4096 and 16384
    /// (callgrind, all threads, layers-1000: docs/benchmarks.md).
    static let minFragmentsPerExtraRect = 1024
    /// The most grid entries, and separately the most entry visits, one
    /// `apply` may make (tens of thousands of large overlapping pieces):
    /// past the first nothing is cut, past the second the rest stays whole.
    static let maxGridWork = 2_000_000

    /// The pixels a rectangle covers: columns x0..<x1 and rows y0..<y1.
    struct PixelRect: Equatable, CustomStringConvertible {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
        var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
        func contains(_ o: PixelRect) -> Bool { x0 <= o.x0 && y0 <= o.y0 && o.x1 <= x1 && o.y1 <= y1 }
        func overlaps(_ o: PixelRect) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        /// The pixels both hold (empty when they share none).
        func intersection(_ o: PixelRect) -> PixelRect {
            PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        }
        var description: String { "[\(x0)..<\(x1)]×[\(y0)..<\(y1)]" }
    }

    // MARK: - Rasterization of an axis-aligned rectangle

    /// A Float position snapped as llvmpipe snaps it: 1/256 pixel, round half to even.
    static func snapped(_ v: Float) -> Int? {
        let s = (v * 256).rounded(.toNearestOrEven)
        guard s.isFinite, abs(s) < Float(1 << 30) else { return nil }
        return Int(s)
    }

    /// The pixel indices whose centres an edge pair lo < hi covers along one
    /// axis: k with snap(lo) ≤ 256k + 128 < snap(hi) (the left or top edge
    /// owns a centre lying on it, the right or bottom one does not).
    static func pixelSpan(_ lo: Float, _ hi: Float) -> (Int, Int)? {
        guard let a = snapped(lo), let b = snapped(hi) else { return nil }
        // smallest k with 256k + 128 ≥ a, and smallest k with 256k + 128 ≥ b (the end).
        // ⌈(s − 128) / 256⌉ as an arithmetic shift (a floor): ceilDiv(s - 128, 256) without dividing.
        func firstAtOrAbove(_ s: Int) -> Int { (s - 128 + 255) >> 8 }
        return (firstAtOrAbove(a), firstAtOrAbove(b))
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a > 0) == (b > 0)) ? q + 1 : q
    }

    /// The pixels the axis-aligned rectangle (minX, minY, maxX, maxY) covers,
    /// its corners taken through a viewport of `viewport` pixels as the
    /// rasterizer receives them (ViewportMapping; a zero side: unchanged).
    static func pixels(of r: SIMD4<Float>, viewport: SIMD2<Int> = .zero) -> PixelRect? {
        let x = { ViewportMapping.windowPosition($0, viewportSide: viewport.x) }
        let y = { ViewportMapping.windowPosition($0, viewportSide: viewport.y) }
        guard let (x0, x1) = pixelSpan(x(r.x), x(r.z)), let (y0, y1) = pixelSpan(y(r.y), y(r.w)) else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The rectangle (minX, minY, maxX, maxY) of a polygon that is exactly
    /// its own bounding box (every vertex on a corner, every corner present;
    /// repeated vertices allowed), or nil.
    static func axisAlignedRect(_ g: ItemGeometry) -> SIMD4<Float>? {
        let n = g.vertexCount
        guard n >= 4 else { return nil }
        return g.vertices.withUnsafeBufferPointer { v -> SIMD4<Float>? in
            let stride = VertexLayout.stride
            var lo = SIMD2<Float>(.infinity, .infinity), hi = -lo
            for k in 0..<n {
                let p = SIMD2(v[k * stride], v[k * stride + 1])
                lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            }
            guard lo.x < hi.x, lo.y < hi.y, hi.x - lo.x < .infinity, hi.y - lo.y < .infinity else { return nil }
            var corners = 0
            for k in 0..<n {
                let x = v[k * stride], y = v[k * stride + 1]
                guard x == lo.x || x == hi.x, y == lo.y || y == hi.y else { return nil }
                corners |= 1 << ((x == hi.x ? 1 : 0) + (y == hi.y ? 2 : 0))
            }
            return corners == 15 ? SIMD4(lo.x, lo.y, hi.x, hi.y) : nil
        }
    }

    // MARK: - Geometry

    /// The pieces of `original` (an axis-aligned rectangle `rect` covering
    /// `whole`) cut down to each of `parts`, handed to `emit` in order, each
    /// in a new array (CutGeometry says how the vertices are made).
    static func geometries(_ original: ItemGeometry, rect: SIMD4<Float>, whole: PixelRect,
                           parts: UnsafeBufferPointer<PixelRect>, emit: (ItemGeometry) -> Void) {
        let cutter = CutGeometry()
        cutter.load(original, rect: rect, whole: whole)
        for part in parts { emit(ItemGeometry(vertices: cutter.vertices(part))) }
    }

    // MARK: - The pass

    /// 1 for true, 0 for false (a flag to add, not a branch to take).
    @inline(__always) private static func bit(_ b: Bool) -> Int { b ? 1 : 0 }

    /// `pieces` (painter order) with the hidden parts of flat axis-aligned
    /// pieces cut away; `stats` counts what changed (GPUStats.occlusion*).
    /// A piece goes whole when one opaque piece above it covers it. Else a
    /// cut is tried only on a piece of at least `minGain` pixels, and
    /// subtracts the `maxOccludersPerCut` occluders that overlap it most
    /// when together they overlap it by at least `minGain` pixels (a subset
    /// of the occluders removes only hidden pixels, so the cut stays
    /// exact); a cut into k ≥ 1 rectangles is made only when it saves at
    /// least `minGain` × max(1, k − 1) fragments, and one into none (the
    /// piece hidden by several occluders together) whenever it is found.
    static func apply(_ pieces: [DrawPiece], stats: inout GPUStats,
                      minGain: Int = minFragmentsPerExtraRect, viewport: SIMD2<Int> = .zero) -> [DrawPiece] {
        var memo: Memo?
        return apply(pieces, stats: &stats, minGain: minGain, memo: &memo, remember: false, viewport: viewport)
    }

    /// `apply` on a copy of `pieces` (the in-place form below, returning its result).
    static func apply(_ pieces: [DrawPiece], stats: inout GPUStats, minGain: Int,
                      memo: inout Memo?, remember: Bool, viewport: SIMD2<Int> = .zero) -> [DrawPiece] {
        var out = pieces
        apply(&out, stats: &stats, minGain: minGain, memo: &memo, remember: remember, viewport: viewport)
        return out
    }

    /// `apply`, replaying `memo` when this pass's inputs are bit for bit
    /// the memo's (OcclusionClip+Memo.swift); otherwise deciding afresh and,
    /// when `remember` is set, leaving the new decisions in `memo`. The
    /// pieces are cut in place: a cut piece's first part takes its place
    /// (in its own vertex storage when that is uniquely owned), and the
    /// array is rearranged only when pieces go or parts are added.
    static func apply(_ pieces: inout [DrawPiece], stats: inout GPUStats, minGain: Int,
                      memo: inout Memo?, remember: Bool, viewport: SIMD2<Int> = .zero) {
        let n = pieces.count
        guard n > 1 else { return }
        // Rectangles and pixel sets of the occluders and of the pieces that may be
        // cut (an empty pixel set for the others).
        let none = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var rects = [SIMD4<Float>](repeating: .zero, count: n)
        var pixelSets = [PixelRect](repeating: none, count: n)
        var targets = [Bool](repeating: false, count: n)
        var orders = [Int](repeating: 0, count: n)
        var keys: [PieceKey] = []
        keys.reserveCapacity(n)
        var anyTarget = false, anyOccluder = false
        for i in 0..<n {
            let order = pieces[i].order
            orders[i] = order
            let opaque = pieces[i].opaque, cuttable = pieces[i].state.program == .flat
            guard opaque || cuttable, let r = axisAlignedRect(pieces[i].geometry) else {
                keys.append(PieceKey(rect: .zero, order: order, flags: 0))
                continue
            }
            rects[i] = r
            keys.append(PieceKey(rect: SIMD4(r.x.bitPattern, r.y.bitPattern, r.z.bitPattern, r.w.bitPattern),
                                 order: order, flags: (opaque ? 1 : 0) | (cuttable ? 2 : 0)))
            anyTarget = anyTarget || cuttable
            anyOccluder = anyOccluder || opaque
        }
        guard anyTarget, anyOccluder else { return }
        // The keys decide everything below (pixel sets are a function of the rectangles).
        if memo?.matches(keys, minGain: minGain, viewport: viewport) == true {
            memo!.replay(&pieces, rects: rects, stats: &stats)
            return
        }
        var record = Memo(minGain: minGain, viewport: viewport, keys: remember ? keys : [])
        defer { if remember { memo = record } }
        var occluders: [Int] = []
        for i in 0..<n where keys[i].flags != 0 {
            guard let px = pixels(of: rects[i], viewport: viewport), !px.isEmpty else { continue }
            pixelSets[i] = px
            targets[i] = keys[i].flags & 2 != 0
            if keys[i].flags & 1 != 0 { occluders.append(i) }
        }
        guard let lastOccluder = occluders.last, targets.contains(true) else { return }
        let topOrder = orders[lastOccluder]
        // The occluder grid: the occluders of each cell, in painter order (OccluderGrid).
        guard let grid = OccluderGrid(occluders.map { pixelSets[$0] }, orders: occluders.map { orders[$0] },
                                      maxEntries: maxGridWork) else { return }
        let entryRects = grid.rects, entryOrders = grid.orders, cellStart = grid.start, columns = grid.cells.x
        let longestCell = grid.longestCell
        // The entries of one cell that share a pixel with the piece, found without branching.
        let candidates = UnsafeMutablePointer<Int>.allocate(capacity: max(1, longestCell))
        defer { candidates.deallocate() }
        // The pieces cut (index, first part in `cutParts`, number of parts), in order.
        var cuts: [SIMD3<Int>] = []
        var cutParts: [PixelRect] = []
        // The occluders overlapping the current piece most, largest overlap first.
        let chosenCap = maxOccludersPerCut
        // (Pointers allocated once: array writes here each checked the array's uniqueness.)
        let chosen = UnsafeMutablePointer<PixelRect>.allocate(capacity: chosenCap)
        let chosenArea = UnsafeMutablePointer<Int>.allocate(capacity: chosenCap)
        chosen.initialize(repeating: none, count: chosenCap)
        chosenArea.initialize(repeating: 0, count: chosenCap)
        defer { chosen.deallocate(); chosenArea.deallocate() }
        let buffers = DifferenceBuffers(maxOccluders: chosenCap, cap: maxRectsPerPiece)
        var visits = 0
        for i in 0..<n {
            let order = orders[i]
            let whole = pixelSets[i]
            guard visits <= maxGridWork, targets[i], order < topOrder, let cellRange = grid.cellRange(whole) else {
                continue
            }
            // Only a piece this large may be cut; a smaller one goes only when one occluder covers it.
            let collect = whole.area >= minGain
            var hidden = false
            var found = 0, picked = 0
            let w = SIMD4(Int32(whole.x0), Int32(whole.y0), Int32(whole.x1), Int32(whole.y1))
            // The occluders later in painter order that share a pixel with it, each
            // taken in one cell only: the one holding the first pixel they share.
            scan: for cy in cellRange.first.y...cellRange.last.y {
                for cx in cellRange.first.x...cellRange.last.x {
                    let c = cy * columns + cx, corner = grid.corner(column: cx, row: cy)
                    let first = cellStart[c]
                    var k = cellStart[c + 1] - 1
                    var m = 0
                    while k >= first, entryOrders[k] > order {
                        let r = entryRects[k]
                        let shares = all(SIMD4(r.x, w.x, r.y, w.y) .< SIMD4(w.z, r.z, w.w, r.w))
                        candidates[m] = k
                        m &+= bit(shares) & bit(grid.owns(corner: corner, r, w))
                        k -= 1
                    }
                    visits += cellStart[c + 1] - 1 - k
                    for j in 0..<m {
                        let r = entryRects[candidates[j]]
                        let px = PixelRect(x0: Int(r.x), y0: Int(r.y), x1: Int(r.z), y1: Int(r.w))
                        if px.contains(whole) { hidden = true; break scan }
                        guard collect else { continue }
                        // Kept among the largest overlaps (ties: the one found first).
                        let shared = px.intersection(whole).area
                        found += 1
                        var slot = picked
                        if picked < chosenCap {
                            picked += 1
                        } else if shared > chosenArea[chosenCap - 1] {
                            slot = chosenCap - 1
                        } else {
                            if found >= maxOccludersPerPiece { break scan }
                            continue
                        }
                        while slot > 0, chosenArea[slot - 1] < shared {
                            chosenArea[slot] = chosenArea[slot - 1]; chosen[slot] = chosen[slot - 1]
                            slot -= 1
                        }
                        chosenArea[slot] = shared; chosen[slot] = px
                        if found >= maxOccludersPerPiece { break scan }
                    }
                }
            }
            var cut = false
            if hidden {
                cut = true
            } else if picked > 0 {
                var overlap = 0   // at least the fragments the cut can save
                for k in 0..<picked { overlap += chosenArea[k] }
                if overlap >= minGain {
                    cut = buffers.difference(whole, UnsafeBufferPointer(start: chosen, count: picked))
                }
            }
            guard cut else { continue }
            let parts = hidden ? UnsafeBufferPointer(start: buffers.out, count: 0) : buffers.rects
            var kept = 0
            for part in parts { kept += part.area }
            let removed = whole.area - kept
            guard removed > 0, parts.isEmpty || removed >= minGain * max(1, parts.count - 1) else { continue }
            record.clippedPieces += 1
            record.fragmentsRemoved += removed
            record.piecesAdded += parts.count - 1
            if parts.isEmpty { record.hiddenPieces += 1 }
            cuts.append(SIMD3(i, cutParts.count, parts.count))
            cutParts.append(contentsOf: parts)
            if remember {
                record.decisions.append(Decision(piece: i, parts: record.parts.count..<(record.parts.count + parts.count),
                                                 vertices: pieces[i].geometry.vertices, geometries: record.parts.count))
                record.parts.append(contentsOf: parts)
            }
        }
        record.addStats(to: &stats)
        guard !cuts.isEmpty else { return }
        cutInPlace(&pieces, cuts: cuts, parts: cutParts, rects: rects, wholes: pixelSets,
                   keeping: &record.geometries, keep: remember)
    }
}
