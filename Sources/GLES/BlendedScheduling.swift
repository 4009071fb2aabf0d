// GLES: the order and batches of a pass's blended pieces. Two blended
// pieces commute unless they share a pixel, so painter order only has to be
// kept between pieces whose boxes overlap: those pairs are the edges of a
// graph (found through a grid of cells, so the work follows the overlaps,
// not the square of the piece count), and any order that draws each piece
// after the pieces it overlaps and follows in painter order renders the
// same bytes. The schedule is greedy: of the states with pieces ready (every
// overlapped earlier piece drawn), it draws the one whose ready pieces head
// the longest remaining chain of state changes, and keeps drawing pieces of
// that state as they become ready, all in one batch. WebRender's batch list
// and Ganesh's op reordering do the same with a bounded look-back; the
// graph lets a piece join any batch it may legally join, however far back.

import Plan

enum BlendedScheduling {
    /// Cell side of the overlap grid, in pass pixels.
    static let cellSize: Float = 64
    /// The most box tests the graph may take; a pass needing more (tens of
    /// thousands of large overlapping pieces) falls back to the bounded look-back.
    static let maxTests = 20_000_000

    /// For each piece (in `order`, indices into `pieces`), the positions in
    /// `order` of the earlier pieces it overlaps; nil past `maxTests`.
    static func overlapGraph(_ pieces: [DrawPiece], order: [Int]) -> [[Int]]? {
        guard !order.isEmpty else { return [] }
        var lo = SIMD2<Float>(.infinity, .infinity), hi = -lo
        for i in order {
            let b = pieces[i].box
            lo = pointwiseMin(lo, SIMD2(b.x, b.y)); hi = pointwiseMax(hi, SIMD2(b.z, b.w))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        let columns = max(1, min(4096, Int(((hi.x - lo.x) / cellSize).rounded(.up)) + 1))
        let rows = max(1, min(4096, Int(((hi.y - lo.y) / cellSize).rounded(.up)) + 1))
        func cellRange(_ b: SIMD4<Float>) -> (ClosedRange<Int>, ClosedRange<Int>) {
            func c(_ v: Float, _ o: Float, _ n: Int) -> Int { min(n - 1, max(0, Int((v - o) / cellSize))) }
            return (c(b.x, lo.x, columns)...c(b.z, lo.x, columns), c(b.y, lo.y, rows)...c(b.w, lo.y, rows))
        }
        var cells = [[Int]](repeating: [], count: columns * rows)
        var lastSeen = [Int](repeating: -1, count: order.count)
        var preds = [[Int]](repeating: [], count: order.count)
        var tests = 0
        for (n, i) in order.enumerated() {
            let box = pieces[i].box
            let (xs, ys) = cellRange(box)
            for y in ys {
                for x in xs {
                    let cell = y * columns + x
                    for m in cells[cell] where lastSeen[m] != n {
                        lastSeen[m] = n
                        tests += 1
                        if pieces[order[m]].overlaps(box) { preds[n].append(m) }
                    }
                    cells[cell].append(n)
                }
            }
            if tests > maxTests { return nil }
        }
        return preds
    }

    /// The key of a piece's state for batching: solid and flat pieces that
    /// differ only in blend mode share a batch (Batcher.merge says why).
    static func key(_ s: BatchState) -> BatchState {
        var k = s
        if s.program == .solid || s.program == .flat { k.blend = .sourceOver }
        return k
    }

    /// A schedule: the batches in drawing order, and a floor under the
    /// batches any order could take: the most state changes on a chain of
    /// overlapping pieces plus one (each piece of such a chain must follow
    /// the one before it, and a batch holds one state), or the number of
    /// states when that is more; 0 for no pieces.
    struct Schedule {
        var batches: [PassBatch]
        var chainBound: Int
    }

    /// The batches of the blended pieces `order` (indices into `pieces`, in
    /// painter order), or nil when the overlap graph is too large to build.
    static func batches(_ pieces: [DrawPiece], order: [Int], depthTest: Bool) -> Schedule? {
        guard let preds = overlapGraph(pieces, order: order) else { return nil }
        let n = order.count
        // States, numbered in order of first appearance (deterministic ties).
        var states: [BatchState] = []
        var stateOf = [Int](repeating: 0, count: n)
        for (m, i) in order.enumerated() {
            let k = key(pieces[i].state)
            if let s = states.firstIndex(of: k) { stateOf[m] = s } else { stateOf[m] = states.count; states.append(k) }
        }
        var successors = [[Int]](repeating: [], count: n)
        var waiting = [Int](repeating: 0, count: n)
        for m in 0..<n {
            waiting[m] = preds[m].count
            for p in preds[m] { successors[p].append(m) }
        }
        // Height: the most state changes on a chain of overlaps from this piece on (edges go forward).
        var height = [Int](repeating: 1, count: n)
        for m in stride(from: n - 1, through: 0, by: -1) {
            for s in successors[m] { height[m] = max(height[m], height[s] + (stateOf[s] == stateOf[m] ? 0 : 1)) }
        }
        var ready = [[Int]](repeating: [], count: states.count)
        for m in 0..<n where waiting[m] == 0 { ready[stateOf[m]].append(m) }
        var out: [PassBatch] = []
        var drawn = 0
        while drawn < n {
            // The state whose ready pieces head the longest chain (first state on ties).
            var pick = -1, best = -1
            for s in states.indices where !ready[s].isEmpty {
                let h = ready[s].reduce(0) { max($0, height[$1]) }
                if h > best { best = h; pick = s }
            }
            precondition(pick >= 0, "the overlap graph of a pass has a cycle")
            var work = ready[pick].reversed() as [Int]
            ready[pick] = []
            var batch: PassBatch?
            while let m = work.popLast() {
                let i = order[m], p = pieces[i]
                let count = p.geometry.vertexCount
                if var b = batch, b.vertexCount + count <= FanBuffer.maxVertices {
                    b.pieces.append(i)
                    b.vertexCount += count
                    if p.state.blend != b.state.blend { b.state.blend = .sourceOver }
                    b.bounds = SIMD4(min(b.bounds.x, p.box.x), min(b.bounds.y, p.box.y),
                                     max(b.bounds.z, p.box.z), max(b.bounds.w, p.box.w))
                    batch = b
                } else {
                    if let b = batch { out.append(b) }
                    batch = PassBatch(state: p.state, pieces: [i], opaque: false, depthTest: depthTest,
                                      bounds: p.box, vertexCount: count)
                }
                drawn += 1
                for s in successors[m] {
                    waiting[s] -= 1
                    guard waiting[s] == 0 else { continue }
                    if stateOf[s] == pick { work.append(s) } else { ready[stateOf[s]].append(s) }
                }
            }
            if let b = batch { out.append(b) }
        }
        return Schedule(batches: out, chainBound: max(height.max() ?? 0, states.count))
    }
}
