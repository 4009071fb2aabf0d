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
    /// Smallest cell side of the overlap grid, in pass pixels.
    static let cellSize: Float = 64
    /// Most cells of the grid a side.
    static let maxCells = 128
    /// The most cell entries and entry visits the graph may take; a pass
    /// needing more (tens of thousands of large overlapping pieces) falls
    /// back to the bounded look-back.
    static let maxTests = 2_000_000

    /// The overlap graph of the pieces `order` (indices into `pieces`, in
    /// painter order), by position in `order`: for each piece, the later
    /// pieces it overlaps (`successors[start[m]..<start[m + 1]]`) and how
    /// many earlier pieces it overlaps (`waiting`); nil past `maxTests`.
    struct Graph {
        var start: [Int]
        var successors: [Int]
        var waiting: [Int]
    }

    /// The overlap graph of the pieces `order` (see `Graph`). With `hidden`,
    /// pieces of different items count by the pixels they can still write
    /// (HiddenOverlaps.region): an edge only where those share one. Pieces
    /// of one item then keep painter order among themselves whatever their
    /// boxes (a flat interior before the rest).
    static func overlapGraph(_ pieces: [DrawPiece], order: [Int], hidden: HiddenOverlaps? = nil) -> Graph? {
        let n = order.count
        guard n > 0 else { return Graph(start: [0], successors: [], waiting: []) }
        var boxes: [SIMD4<Float>]
        // Each piece's region rectangles (regionStart[m]..<regionStart[m + 1]); exact false: box only.
        var regionRects: [OcclusionClip.PixelRect] = []
        var regionStart: [Int] = [], exact: [Bool] = [], items: [Int] = []
        if let hidden {
            boxes = []; boxes.reserveCapacity(n)
            regionStart.reserveCapacity(n + 1); exact.reserveCapacity(n); items.reserveCapacity(n)
            regionStart.append(0)
            for i in order {
                let r = hidden.region(of: pieces[i], into: &regionRects)
                boxes.append(r.box); exact.append(r.exact); items.append(pieces[i].order)
                regionStart.append(regionRects.count)
            }
        } else {
            boxes = order.map { pieces[$0].box }
        }
        var lo = SIMD2<Float>(.infinity, .infinity), hi = -lo
        for b in boxes {
            lo = pointwiseMin(lo, SIMD2(b.x, b.y)); hi = pointwiseMax(hi, SIMD2(b.z, b.w))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        // Cells of at least `cellSize`, at most `maxCells` a side (geometry may reach far off the pass).
        let width = hi.x - lo.x, height = hi.y - lo.y
        let sizeX = max(cellSize, width / Float(maxCells)), sizeY = max(cellSize, height / Float(maxCells))
        let columns = min(maxCells, Int(width / sizeX) + 1), rows = min(maxCells, Int(height / sizeY) + 1)
        func cell(_ v: Float, _ o: Float, _ size: Float, _ count: Int) -> Int {
            let t = (v - o) / size
            guard t >= 0 else { return 0 }          // also NaN
            return t >= Float(count - 1) ? count - 1 : Int(t)
        }
        // Each piece's cells (CellLists lists them in painter order).
        var ranges = [SIMD4<Int32>](repeating: .zero, count: n)
        var entries = 0
        for m in 0..<n {
            let b = boxes[m]
            // An empty or NaN box (degenerate geometry) overlaps nothing: no cells.
            guard b.x <= b.z && b.y <= b.w else { ranges[m] = SIMD4(0, 0, -1, -1); continue }
            let r = SIMD4(Int32(cell(b.x, lo.x, sizeX, columns)), Int32(cell(b.y, lo.y, sizeY, rows)),
                          Int32(cell(b.z, lo.x, sizeX, columns)), Int32(cell(b.w, lo.y, sizeY, rows)))
            ranges[m] = r
            entries += Int(r.z - r.x + 1) * Int(r.w - r.y + 1)
            if entries > maxTests { return nil }
        }
        let grid = CellLists(columns: columns, rows: rows, ranges: ranges)
        // Edges (earlier → later), found per later piece among the earlier pieces
        // of its cells: the earlier ends of piece m's edges are
        // predecessors[predecessorStart[m]..<predecessorStart[m + 1]].
        // (Buffer pointers: these loops run once per cell entry pair, up to `maxTests`.)
        var predecessors: [Int] = []
        predecessors.reserveCapacity(4 * n)
        var predecessorStart = [Int](repeating: 0, count: n + 1)
        var lastSeen = [Int](repeating: -1, count: n)
        var waiting = [Int](repeating: 0, count: n)
        var tests = 0
        let tooMany: Bool = boxes.withUnsafeBufferPointer { boxes in
            ranges.withUnsafeBufferPointer { ranges in
                grid.start.withUnsafeBufferPointer { cellStart in
                    grid.items.withUnsafeBufferPointer { cellPieces in
                        lastSeen.withUnsafeMutableBufferPointer { lastSeen in
                            for m in 0..<n {
                                defer { predecessorStart[m + 1] = predecessors.count }
                                if !items.isEmpty {
                                    // Earlier pieces of the same item (adjacent in painter order): always before it.
                                    var e = m - 1
                                    while e >= 0, items[e] == items[m] {
                                        lastSeen[e] = m
                                        predecessors.append(e)
                                        e -= 1
                                    }
                                }
                                let r = ranges[m]
                                guard r.z >= 0 else { continue }
                                let box = boxes[m]
                                for y in Int(r.y)...Int(r.w) {
                                    for x in Int(r.x)...Int(r.z) {
                                        let c = y * columns + x
                                        var k = cellStart[c]
                                        let end = cellStart[c + 1]
                                        while k < end {
                                            let e = cellPieces[k]
                                            if e >= m { break }
                                            k += 1
                                            tests += 1
                                            if lastSeen[e] == m { continue }
                                            lastSeen[e] = m
                                            let o = boxes[e]
                                            if o.x < box.z && box.x < o.z && o.y < box.w && box.y < o.w,
                                               exact.isEmpty || !exact[e] || !exact[m]
                                                || share(regionRects, regionStart[e]..<regionStart[e + 1],
                                                         regionStart[m]..<regionStart[m + 1]) {
                                                predecessors.append(e)
                                            }
                                        }
                                    }
                                }
                                if tests > maxTests { return true }
                            }
                            return false
                        }
                    }
                }
            }
        }
        if tooMany { return nil }
        var start = [Int](repeating: 0, count: n + 1)
        for e in predecessors { start[e + 1] += 1 }
        for m in 0..<n { start[m + 1] += start[m] }
        var next = start
        var successors = [Int](repeating: 0, count: predecessors.count)
        // Later ends in increasing order, so each piece's successors come out sorted, as before.
        for m in 0..<n {
            waiting[m] = predecessorStart[m + 1] - predecessorStart[m]
            for k in predecessorStart[m]..<predecessorStart[m + 1] {
                let e = predecessors[k]
                successors[next[e]] = m; next[e] += 1
            }
        }
        return Graph(start: start, successors: successors, waiting: waiting)
    }

    /// Whether two lists of pixel rectangles share a pixel.
    @inline(__always)
    private static func share(_ rects: [OcclusionClip.PixelRect], _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        for i in a { for j in b where rects[i].overlaps(rects[j]) { return true } }
        return false
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
    static func batches(_ pieces: [DrawPiece], order: [Int], depthTest: Bool,
                        hidden: HiddenOverlaps? = nil) -> Schedule? {
        guard let graph = overlapGraph(pieces, order: order, hidden: depthTest ? hidden : nil) else { return nil }
        let n = order.count
        // States, numbered in order of first appearance (deterministic ties);
        // consecutive pieces mostly share one, so the last match is tried first.
        var states: [BatchState] = []
        var stateOf = [Int](repeating: 0, count: n)
        var last = -1
        for (m, i) in order.enumerated() {
            let k = key(pieces[i].state)
            if last >= 0, states[last] == k {
                stateOf[m] = last
            } else if let s = states.firstIndex(of: k) {
                stateOf[m] = s; last = s
            } else {
                stateOf[m] = states.count; last = states.count; states.append(k)
            }
        }
        var waiting = graph.waiting
        // Height: the most state changes on a chain of overlaps from this piece on (edges go forward).
        var height = [Int](repeating: 1, count: n)
        for m in stride(from: n - 1, through: 0, by: -1) {
            var h = 1
            for k in graph.start[m]..<graph.start[m + 1] {
                let s = graph.successors[k]
                h = max(h, height[s] + (stateOf[s] == stateOf[m] ? 0 : 1))
            }
            height[m] = h
        }
        var ready = [[Int]](repeating: [], count: states.count)
        for m in 0..<n where waiting[m] == 0 { ready[stateOf[m]].append(m) }
        var out: [PassBatch] = []
        var drawn = 0
        var work: [Int] = []
        while drawn < n {
            // The state whose ready pieces head the longest chain (first state on ties).
            var pick = -1, best = -1
            for s in states.indices where !ready[s].isEmpty {
                var h = 0
                for m in ready[s] { h = max(h, height[m]) }
                if h > best { best = h; pick = s }
            }
            precondition(pick >= 0, "the overlap graph of a pass has a cycle")
            work.removeAll(keepingCapacity: true)
            work.append(contentsOf: ready[pick].reversed())
            ready[pick].removeAll()
            var batch = PassBatch(state: states[pick], pieces: [], opaque: false, depthTest: depthTest,
                                  bounds: SIMD4(.infinity, .infinity, -.infinity, -.infinity), vertexCount: 0)
            var blends = false
            while let m = work.popLast() {
                let i = order[m]
                let count = pieces[i].geometry.vertexCount
                if !batch.pieces.isEmpty && batch.vertexCount + count > FanBuffer.maxVertices {
                    if !blends { batch.state.blend = .copy }
                    out.append(batch)
                    batch.pieces = []; batch.vertexCount = 0
                    batch.bounds = SIMD4(.infinity, .infinity, -.infinity, -.infinity)
                    blends = false
                }
                let box = pieces[i].box
                batch.pieces.append(i)
                batch.vertexCount += count
                blends = blends || pieces[i].state.blend != .copy
                batch.bounds = SIMD4(min(batch.bounds.x, box.x), min(batch.bounds.y, box.y),
                                     max(batch.bounds.z, box.z), max(batch.bounds.w, box.w))
                drawn += 1
                for k in graph.start[m]..<graph.start[m + 1] {
                    let s = graph.successors[k]
                    waiting[s] -= 1
                    guard waiting[s] == 0 else { continue }
                    if stateOf[s] == pick { work.append(s) } else { ready[stateOf[s]].append(s) }
                }
            }
            if !blends { batch.state.blend = .copy }
            out.append(batch)
        }
        return Schedule(batches: out, chainBound: max(height.max() ?? 0, states.count))
    }
}
