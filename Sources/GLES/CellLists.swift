// GLES: items listed per cell of a grid, in compressed rows — the spatial
// index both BlendedScheduling (the overlap graph of blended pieces) and
// OcclusionClip (the opaque pieces above a piece) look pieces up in, so the
// work follows the pieces that share cells, not the square of their count.
// Building it is two passes over each item's cell range: count, then fill.

/// The items of each cell of a `columns`-wide grid: those of cell c, in
/// increasing item index, are `items[start[c]..<start[c + 1]]`.
struct CellLists {
    let columns: Int
    var start: [Int]
    var items: [Int]

    /// Lists item i in every cell of `ranges[i]` (inclusive columns x…z,
    /// rows y…w); a range with z < x or w < y lists it nowhere.
    init(columns: Int, rows: Int, ranges: [SIMD4<Int32>]) {
        self.columns = columns
        var start = [Int](repeating: 0, count: columns * rows + 1)
        for r in ranges where r.x <= r.z && r.y <= r.w {
            for y in Int(r.y)...Int(r.w) { for x in Int(r.x)...Int(r.z) { start[y * columns + x + 1] += 1 } }
        }
        for c in 0..<(columns * rows) { start[c + 1] += start[c] }
        var fill = start
        var items = [Int](repeating: 0, count: start[columns * rows])
        for (i, r) in ranges.enumerated() where r.x <= r.z && r.y <= r.w {
            for y in Int(r.y)...Int(r.w) {
                for x in Int(r.x)...Int(r.z) { items[fill[y * columns + x]] = i; fill[y * columns + x] += 1 }
            }
        }
        self.start = start
        self.items = items
    }

    /// The cell entries `ranges` would take (the grid's size in items).
    static func entries(_ ranges: [SIMD4<Int32>]) -> Int {
        var n = 0
        for r in ranges where r.x <= r.z && r.y <= r.w { n += Int(r.z - r.x + 1) * Int(r.w - r.y + 1) }
        return n
    }
}
