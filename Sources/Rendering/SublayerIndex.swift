// Rendering: a spatial index of a layer's sublayers, so that a frame costs
// what is visible rather than what exists (the 100,000-layer grid of
// chapter 15). Built once from the model tree and kept on the layer
// (`rendererCache`) until the layer or any sublayer changes; per frame the
// plan builder asks it which sublayers could reach the target and emits
// only those. Only simple leaves are indexed — no sublayers, mask, contents,
// shadow or clip, kind .layer — by the bounding box of their bounds in the
// parent's plane; every other sublayer is always a candidate, so the index
// can only skip layers the ordinary bounds test would cull.

import Geometry
import Layers

/// Which sublayers of one layer can reach a region of the layer's plane.
final class SublayerIndex {
    /// Why sublayers that are never candidates were left out (fixed until the tree changes).
    struct Excluded {
        var hidden = 0, transparent = 0, backFacing = 0, empty = 0
        var total: Int { hidden + transparent + backFacing + empty }
    }

    let revision: UInt64
    let childrenRevision: UInt64
    /// Drawing order (zPosition, then array order) as indices into the
    /// sublayer array; nil when that is the array order.
    let order: [Int32]?
    /// How many sublayers there were.
    let count: Int
    let excluded: Excluded
    /// Sublayers (indices into `sorted`) tested every frame.
    private let always: [Int32]
    /// Indexed sublayers' boxes in the parent's plane, by index into
    /// `sorted` (zero rects for sublayers that are not indexed).
    private let boxes: [Rect]
    private let grid: Grid?
    /// Per-sublayer query stamps, for de-duplicating cells' hits.
    private var stamps: [UInt32]
    private var query: UInt32 = 0

    /// Indexed boxes in a uniform grid of cells, stored compactly (cell → items).
    struct Grid {
        var minX, minY, cellW, cellH: Double
        var cols, rows: Int
        var start: [Int32]
        var items: [Int32]
    }

    init(layer: Layer, parentS: Transform3D) {
        revision = layer.revision
        childrenRevision = layer.childrenRevision
        let subs = layer.sublayers
        count = subs.count
        order = PlanBuilder.zOrder(subs)
        let sorted = order.map { o in o.map { subs[Int($0)] } } ?? subs
        stamps = [UInt32](repeating: 0, count: sorted.count)
        var excluded = Excluded()
        var always: [Int32] = []
        var boxes: [(Int32, Rect)] = []
        for (i, c) in sorted.enumerated() {
            let index = Int32(i)
            // The same tests, in the same order, as PlanBuilder.emit.
            if c.isHidden || c.mask?.isHidden == true { excluded.hidden += 1; continue }
            let bounds = c.bounds
            let toParent = c.transformToSuperlayer(parentS: parentS, bounds: bounds).flattened
            if !c.isDoubleSided, toParent.reversesOrientation(at: Vec2(bounds.midX, bounds.midY)) {
                excluded.backFacing += 1; continue
            }
            if !(c.opacity > 0) { excluded.transparent += 1; continue }
            guard SublayerIndex.isSimpleLeaf(c), toParent.isInvertible else { always.append(index); continue }
            let draws = (c.backgroundColor?.a ?? 0) > 0 || (c.borderWidth > 0 && (c.borderColor?.a ?? 0) > 0)
            if !draws || bounds.isEmpty { excluded.empty += 1; continue }
            guard let box = SublayerIndex.frontBox(toParent, bounds) else { always.append(index); continue }
            boxes.append((index, box))
        }
        self.excluded = excluded
        var boxArray = [Rect](repeating: .zero, count: sorted.count)
        for (i, b) in boxes { boxArray[Int(i)] = b }
        self.boxes = boxArray
        let (grid, large) = SublayerIndex.makeGrid(boxes)
        self.grid = grid
        self.always = (always + large).sorted()
        indexedCount = boxes.count - large.count
    }

    /// Whether the index is still valid for `layer` (the layer it was built
    /// for, or a presentation copy that carries its revisions).
    func isCurrent(for layer: Layer) -> Bool {
        layer.revision == revision && layer.childrenRevision == childrenRevision
            && layer.sublayers.count == count
    }

    /// All of `subs` (the indexed layer's sublayers) in drawing order.
    func inOrder(_ subs: [Layer]) -> [Layer] {
        order.map { o in o.map { subs[Int($0)] } } ?? subs
    }

    /// A leaf whose whole output is its background and border.
    static func isSimpleLeaf(_ c: Layer) -> Bool {
        c.kind == .layer && c.sublayers.isEmpty && c.mask == nil && c.contents == nil
            && !(c.shadowOpacity > 0) && !c.masksToBounds && !c.shouldRasterize
    }

    /// The bounding box of `r` through `h` when all of it is in front of the eye.
    static func frontBox(_ h: Homography, _ r: Rect) -> Rect? {
        let n = Tessellator.nearW
        let ps = r.corners.map { h.applyHomogeneous($0.x, $0.y) }
        guard ps.allSatisfy({ $0.2 > n }) else { return nil }
        let b = Rect.bounding(ps.map { Vec2($0.0 / $0.2, $0.1 / $0.2) })
        return b.minX.isFinite && b.maxX.isFinite && b.minY.isFinite && b.maxY.isFinite ? b : nil
    }

    /// Most cells a box may span before it is tested every frame instead.
    static let maxCellsPerBox = 64

    /// The grid of `boxes`, and the sublayers whose boxes span too many cells.
    private static func makeGrid(_ boxes: [(Int32, Rect)]) -> (Grid?, [Int32]) {
        guard let first = boxes.first?.1 else { return (nil, []) }
        let all = boxes.dropFirst().reduce(first) { $0.union($1.1) }
        let side = max(1, min(512, Int(Double(boxes.count).squareRoot() / 2)))
        let cellW = max(all.width / Double(side), 1e-9), cellH = max(all.height / Double(side), 1e-9)
        var grid = Grid(minX: all.minX, minY: all.minY, cellW: cellW, cellH: cellH,
                        cols: side, rows: side, start: [], items: [])
        var perCell = [[Int32]](repeating: [], count: side * side)
        var large: [Int32] = []
        for (i, b) in boxes {
            let (c0, r0, c1, r1) = grid.cells(covering: b)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > maxCellsPerBox { large.append(i); continue }
            for r in r0...r1 { for c in c0...c1 { perCell[r * side + c].append(i) } }
        }
        grid.start.reserveCapacity(perCell.count + 1)
        var n: Int32 = 0
        for cell in perCell { grid.start.append(n); n += Int32(cell.count); grid.items.append(contentsOf: cell) }
        grid.start.append(n)
        return (grid, large)
    }

    /// Those of `subs` (the indexed layer's sublayers), in drawing order,
    /// whose output could intersect `region` (a rect in the parent's
    /// plane); the others cannot show.
    func candidates(in region: Rect, of subs: [Layer]) -> [Layer] {
        query &+= 1
        if query == 0 { stamps = [UInt32](repeating: 0, count: stamps.count); query = 1 }
        var hits = always
        if let g = grid, !region.intersection(Rect(x: g.minX, y: g.minY, width: g.cellW * Double(g.cols),
                                                      height: g.cellH * Double(g.rows))).isEmpty {
            let (c0, r0, c1, r1) = g.cells(covering: region)
            for r in r0...r1 {
                for c in c0...c1 {
                    let cell = r * g.cols + c
                    for k in Int(g.start[cell])..<Int(g.start[cell + 1]) {
                        let i = g.items[k]
                        if stamps[Int(i)] == query { continue }
                        stamps[Int(i)] = query
                        if !boxes[Int(i)].intersection(region).isEmpty { hits.append(i) }
                    }
                }
            }
        }
        hits.sort()
        if let o = order { return hits.map { subs[Int(o[Int($0)])] } }
        return hits.map { subs[Int($0)] }
    }

    /// How many sublayers live in the grid (the ones a query can leave out).
    let indexedCount: Int
}

extension SublayerIndex.Grid {
    /// The cell range (clamped) covering `r`.
    func cells(covering r: Rect) -> (Int, Int, Int, Int) {
        func col(_ x: Double) -> Int { min(cols - 1, max(0, Int(((x - minX) / cellW).rounded(.down)))) }
        func row(_ y: Double) -> Int { min(rows - 1, max(0, Int(((y - minY) / cellH).rounded(.down)))) }
        return (col(r.minX), row(r.minY), col(r.maxX), row(r.maxY))
    }
}
