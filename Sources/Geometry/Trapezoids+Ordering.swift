// Geometry: the sweep's left-to-right orders of the active edges, kept from
// one slab to the next. Between neighbouring slabs the order changes only
// where edges cross, start or end, so re-sorting the previous order by
// insertion takes time ∝ edges + changes where sorting every slab from
// scratch took n log n (the cost that made paths near the work budget take
// seconds: issue 18). Every order is by a strict total order (ties broken by
// the edge's rank in the sweep), so it is the one the from-scratch sort gave.

extension Trapezoids {
    /// Puts `order` (edge numbers, usually almost sorted already) in the
    /// order of `less`, a strict total order, and returns the work it took:
    /// one unit per move of an insertion sort, and when the insertion sort
    /// passes n log₂ n moves (the order was far from sorted), those and the
    /// units of sorting from scratch.
    static func reorder(_ order: inout [Int], by less: (Int, Int) -> Bool) -> Int {
        let n = order.count
        guard n > 1 else { return 0 }
        let full = n * (Int.bitWidth - n.leadingZeroBitCount)
        var moves = 0
        order.withUnsafeMutableBufferPointer { o in
            for i in 1..<n {
                let e = o[i]
                var j = i
                while j > 0 && less(e, o[j - 1]) {
                    o[j] = o[j - 1]
                    j -= 1
                    moves += 1
                }
                o[j] = e
                if moves > full { break }
            }
        }
        if moves > full {
            order.sort(by: less)
            return moves + sortingWork(n)
        }
        return moves
    }

    /// Merges `new` into `order`, both sorted by `less`.
    static func merge(_ order: [Int], _ new: [Int], by less: (Int, Int) -> Bool) -> [Int] {
        guard !new.isEmpty else { return order }
        var out: [Int] = []
        out.reserveCapacity(order.count + new.count)
        var i = 0, j = 0
        while i < order.count && j < new.count {
            if less(new[j], order[i]) { out.append(new[j]); j += 1 } else { out.append(order[i]); i += 1 }
        }
        out.append(contentsOf: order[i...])
        out.append(contentsOf: new[j...])
        return out
    }
}
