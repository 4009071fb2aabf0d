// GLES: the opaque rectangles of a pass listed per cell of a grid, for the
// two look-ups that ask which opaque pieces lie over a piece: OcclusionClip
// (what to cut away before the rasterizer) and HiddenOverlaps (what a
// blended piece can still write). Cells are about as large as the
// occluders on average, at least `minCell` pixels, at most `maxCells` a
// side (both lookups take the same sizes): smaller ones would list each occluder in many cells, and a large
// piece would visit it in each. Each cell lists its occluders in increasing
// painter order, so a scan for those above an order walks a cell from its
// end and stops at the first below; each entry carries the occluder's
// pixels and order with it, so a scan reads its cells' entries in sequence.
// An occluder sharing pixels with a piece in several cells is taken in one:
// the cell holding the first pixel they share (`owns`).

/// Opaque pixel rectangles by grid cell (see the file comment).
final class OccluderGrid {
    typealias PixelRect = OcclusionClip.PixelRect
    /// Least side of a cell, in pixels, and most cells a side.
    static let minCell = 64
    static let maxCells = 128
    /// The grid's first pixel, its cells' size and how many a side.
    let origin: SIMD2<Int>
    let cell: SIMD2<Int>
    let cells: SIMD2<Int>
    /// Cell c's entries are start[c]..<start[c + 1] (c = row · cells.x + column).
    let start: [Int]
    /// Each entry's occluder: its pixels (as Int32: positions below 2^30) and painter order.
    let rects: UnsafeMutablePointer<SIMD4<Int32>>
    let orders: UnsafeMutablePointer<Int>
    /// The most entries one cell holds.
    let longestCell: Int

    deinit { rects.deallocate(); orders.deallocate() }

    /// The grid of `occluders` (non-empty pixel rectangles below 2^30, in
    /// increasing painter `orders`), or nil when there are none or the
    /// grid would take more than `maxEntries` entries.
    init?(_ occluders: [PixelRect], orders occluderOrders: [Int], maxEntries: Int) {
        let minCell = Self.minCell, maxCells = Self.maxCells
        guard var bounds = occluders.first else { return nil }
        var total = SIMD2<Int>.zero
        for p in occluders {
            bounds = PixelRect(x0: min(bounds.x0, p.x0), y0: min(bounds.y0, p.y0),
                               x1: max(bounds.x1, p.x1), y1: max(bounds.y1, p.y1))
            total &+= SIMD2(p.x1 - p.x0, p.y1 - p.y0)
        }
        let span = SIMD2(bounds.x1 - bounds.x0, bounds.y1 - bounds.y0)
        let size = pointwiseMax(pointwiseMax(SIMD2(repeating: minCell), total / occluders.count),
                                (span &+ (maxCells - 1)) / maxCells)
        let count = (span &+ size &- 1) / size
        let origin = SIMD2(bounds.x0, bounds.y0)
        let ranges = occluders.map { p -> SIMD4<Int32> in
            let a = (SIMD2(p.x0, p.y0) &- origin) / size, b = (SIMD2(p.x1 - 1, p.y1 - 1) &- origin) / size
            return SIMD4(Int32(a.x), Int32(a.y), Int32(b.x), Int32(b.y))
        }
        guard CellLists.entries(ranges) <= maxEntries else { return nil }
        let grid = CellLists(columns: count.x, rows: count.y, ranges: ranges)
        let n = grid.items.count
        rects = .allocate(capacity: max(1, n)); orders = .allocate(capacity: max(1, n))
        for k in 0..<n {
            let p = occluders[grid.items[k]]
            rects[k] = SIMD4(Int32(p.x0), Int32(p.y0), Int32(p.x1), Int32(p.y1))
            orders[k] = occluderOrders[grid.items[k]]
        }
        var longest = 0
        for c in 0..<(count.x * count.y) { longest = max(longest, grid.start[c + 1] - grid.start[c]) }
        self.origin = origin; cell = size; cells = count; start = grid.start; longestCell = longest
    }

    /// The cells (first and last column and row) `p` shares pixels with, or nil for none.
    func cellRange(_ p: PixelRect) -> (first: SIMD2<Int>, last: SIMD2<Int>)? {
        let a = SIMD2(p.x0, p.y0) &- origin, b = SIMD2(p.x1 - 1, p.y1 - 1) &- origin
        guard p.x0 < p.x1, p.y0 < p.y1, b.x >= 0, b.y >= 0, a.x < cells.x * cell.x, a.y < cells.y * cell.y else {
            return nil
        }
        return (pointwiseMax(a, .zero) / cell, pointwiseMin(b / cell, cells &- 1))
    }

    /// The first pixel of cell (`column`, `row`), for `owns`.
    @inline(__always)
    func corner(column: Int, row: Int) -> SIMD2<Int32> {
        SIMD2(Int32(truncatingIfNeeded: origin.x + column * cell.x), Int32(truncatingIfNeeded: origin.y + row * cell.y))
    }

    /// Whether the cell whose first pixel is `corner` holds the first pixel
    /// that the overlapping rectangles `r` and `w` share (the one cell a
    /// scan takes `r` in); branch-free.
    @inline(__always)
    func owns(corner: SIMD2<Int32>, _ r: SIMD4<Int32>, _ w: SIMD4<Int32>) -> Bool {
        let shared = SIMD2(max(r.x, w.x), max(r.y, w.y)) &- corner
        return all(SIMD2(UInt32(bitPattern: shared.x), UInt32(bitPattern: shared.y)) .< cellSize32)
    }

    /// `cell` as UInt32s (cells are below 2^30 pixels a side).
    private var cellSize32: SIMD2<UInt32> { SIMD2(UInt32(truncatingIfNeeded: cell.x), UInt32(truncatingIfNeeded: cell.y)) }
}
