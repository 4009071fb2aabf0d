// Rendering: a spatial index of a layer's sublayers, so that a frame costs
// what is visible rather than what exists (the 100,000-layer grid of
// chapter 15). Built once from the model tree and kept on the layer
// (`rendererCache`) until a sublayer changes; per frame the plan builder
// asks it which sublayers could reach the target and emits only those.
// Only simple leaves are indexed — no sublayers, mask, contents, shadow or
// clip, kind .layer — by the bounding box of their bounds; every other
// sublayer is always a candidate, so the index can only skip layers the
// ordinary bounds test would cull.
//
// Two spaces. When the sublayers lie flat in a few planes of constant z
// before the layer's sublayerTransform (the grid: squares at ten depths),
// boxes live in those planes and each frame maps the target back through
// the sublayerTransform — so scrolling the layer (its bounds origin) or
// changing its sublayerTransform keeps the index. Otherwise boxes live in
// the layer's own plane, after the sublayerTransform, and any change to
// the layer rebuilds the index.

import Geometry
import Layers

/// Which sublayers of one layer can reach a region of the layer's plane.
final class SublayerIndex {
    /// Why sublayers that are never candidates were left out (fixed until the tree changes).
    struct Excluded {
        var hidden = 0, transparent = 0, backFacing = 0, empty = 0
        var total: Int { hidden + transparent + backFacing + empty }
    }

    /// The layer's revision the index depends on (nil: none, z-plane space).
    let revision: UInt64?
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
    /// The planes boxes live in: one (z nil: the layer's plane after its
    /// sublayerTransform) or one per distinct z before it.
    private let planes: [Plane]

    struct Plane {
        /// z of the plane before the sublayerTransform; nil for the layer's own plane.
        var z: Double?
        var grid: Grid
    }

    /// Most distinct z planes the z-plane space may use.
    static let maxPlanes = 32
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
        childrenRevision = layer.childrenRevision
        let subs = layer.sublayers
        count = subs.count
        order = PlanBuilder.zOrder(subs)
        let sorted = order.map { o in o.map { subs[Int($0)] } } ?? subs
        stamps = [UInt32](repeating: 0, count: sorted.count)
        let build = SublayerIndex.zPlaneBoxes(sorted) ?? SublayerIndex.parentPlaneBoxes(sorted, parentS: parentS)
        revision = build.dependsOnLayer ? layer.revision : nil
        excluded = build.excluded
        var boxArray = [Rect](repeating: .zero, count: sorted.count)
        var planes: [Plane] = []
        var always = build.always
        for (z, boxes) in build.planes {
            for (i, b) in boxes { boxArray[Int(i)] = b }
            let (grid, large) = SublayerIndex.makeGrid(boxes)
            always += large
            if let g = grid { planes.append(Plane(z: z, grid: g)) }
        }
        self.boxes = boxArray
        self.planes = planes
        self.always = always.sorted()
    }

    /// Sublayers sorted into boxes per plane, always-candidates and exclusions.
    struct Build {
        var planes: [(Double?, [(Int32, Rect)])] = []
        var always: [Int32] = []
        var excluded = Excluded()
        var dependsOnLayer = false
    }

    /// Boxes in the layer's own plane (after its sublayerTransform `parentS`).
    static func parentPlaneBoxes(_ sorted: [Layer], parentS: Transform3D) -> Build {
        var b = Build(dependsOnLayer: true)
        var boxes: [(Int32, Rect)] = []
        for (i, c) in sorted.enumerated() {
            let index = Int32(i)
            // The same tests, in the same order, as PlanBuilder.emit.
            if c.isHidden || c.mask?.isHidden == true { b.excluded.hidden += 1; continue }
            let bounds = c.bounds
            let toParent = c.transformToSuperlayer(parentS: parentS, bounds: bounds).flattened
            if !c.isDoubleSided, toParent.reversesOrientation(at: Vec2(bounds.midX, bounds.midY)) {
                b.excluded.backFacing += 1; continue
            }
            if !(c.opacity > 0) { b.excluded.transparent += 1; continue }
            guard isSimpleLeaf(c), toParent.isInvertible else { b.always.append(index); continue }
            if !c.drawsBackgroundOrBorder || bounds.isEmpty { b.excluded.empty += 1; continue }
            guard let box = frontBox(toParent, bounds) else { b.always.append(index); continue }
            boxes.append((index, box))
        }
        b.planes = [(nil, boxes)]
        return b
    }

    /// Boxes in planes of constant z before the sublayerTransform, or nil
    /// when the simple leaves do not lie flat in at most `maxPlanes` planes.
    /// Nothing here depends on the layer itself: back-facing tests (which
    /// do, through its sublayerTransform) are left to every frame.
    static func zPlaneBoxes(_ sorted: [Layer]) -> Build? {
        var b = Build()
        var byZ: [Double: [(Int32, Rect)]] = [:]
        var zOrder: [Double] = []
        for (i, c) in sorted.enumerated() {
            let index = Int32(i)
            if c.isHidden || c.mask?.isHidden == true { b.excluded.hidden += 1; continue }
            if !c.isDoubleSided { b.always.append(index); continue }
            if !(c.opacity > 0) { b.excluded.transparent += 1; continue }
            guard isSimpleLeaf(c) else { b.always.append(index); continue }
            let bounds = c.bounds
            let m = c.transformToSuperlayer(parentS: .identity, bounds: bounds)
            // Flat in a plane z = m43, affine within it: x·m13 + y·m23 = 0, w = 1.
            guard m.m13 == 0, m.m23 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1,
                  m.flattened.isInvertible else { return nil }
            if !c.drawsBackgroundOrBorder || bounds.isEmpty { b.excluded.empty += 1; continue }
            guard let box = frontBox(m.flattened, bounds) else { return nil }
            let z = m.m43
            if byZ[z] == nil {
                zOrder.append(z)
                if zOrder.count > maxPlanes { return nil }
            }
            byZ[z, default: []].append((index, box))
        }
        b.planes = zOrder.map { ($0, byZ[$0]!) }
        return b
    }

    /// The map from the plane at `z` (before `parentS`) to the layer's plane.
    static func planeMap(z: Double, parentS s: Transform3D) -> Homography {
        Homography(s.m11, s.m12, s.m14, s.m21, s.m22, s.m24,
                   z * s.m31 + s.m41, z * s.m32 + s.m42, z * s.m34 + s.m44)
    }

    /// Whether the index is still valid for `layer` (the layer it was built
    /// for, or a presentation copy that carries its revisions).
    func isCurrent(for layer: Layer) -> Bool {
        (revision == nil || layer.revision == revision) && layer.childrenRevision == childrenRevision
            && layer.sublayers.count == count
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
    /// whose output could reach `target` (pass pixels) through `toTarget`
    /// (the layer's plane → pass pixels) and the layer's sublayer transform
    /// `parentS`; the others cannot show.
    func candidates(of subs: [Layer], target: Rect, toTarget: Homography, parentS: Transform3D) -> [Layer] {
        query &+= 1
        if query == 0 { stamps = [UInt32](repeating: 0, count: stamps.count); query = 1 }
        var hits = always
        for plane in planes {
            let map = plane.z.map { SublayerIndex.planeMap(z: $0, parentS: parentS).concatenating(toTarget) } ?? toTarget
            // The whole plane when the target reaches its horizon.
            let region = SublayerIndex.region(of: target, through: map) ?? plane.grid.extent
            collect(plane.grid, region, into: &hits)
        }
        hits.sort()
        if let o = order { return hits.map { subs[Int(o[Int($0)])] } }
        return hits.map { subs[Int($0)] }
    }

    /// The part of a plane that `map` sends onto `target` (widened by two
    /// pixels, more than the bounds test's margin), as a bounding rect; nil
    /// when the target reaches the plane's horizon.
    static func region(of target: Rect, through map: Homography) -> Rect? {
        guard let inv = map.inverse else { return nil }
        var pts: [Vec2] = []
        for c in target.insetBy(-2, -2).corners {
            let (x, y, w) = inv.applyHomogeneous(c.x, c.y)
            guard w > Tessellator.nearW else { return nil }
            pts.append(Vec2(x / w, y / w))
        }
        let r = Rect.bounding(pts)
        return r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite ? r : nil
    }

    /// Adds the indices of `grid`'s boxes meeting `region` to `hits` (once each).
    private func collect(_ g: Grid, _ region: Rect, into hits: inout [Int32]) {
        if !region.intersection(g.extent).isEmpty {
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
    }
}

extension SublayerIndex.Grid {
    /// The rect the cells cover.
    var extent: Rect { Rect(x: minX, y: minY, width: cellW * Double(cols), height: cellH * Double(rows)) }

    /// The cell range (clamped) covering `r`.
    func cells(covering r: Rect) -> (Int, Int, Int, Int) {
        func col(_ x: Double) -> Int { Int(clamping: ((x - minX) / cellW).rounded(.down), to: 0...(cols - 1)) }
        func row(_ y: Double) -> Int { Int(clamping: ((y - minY) / cellH).rounded(.down), to: 0...(rows - 1)) }
        return (col(r.minX), row(r.minY), col(r.maxX), row(r.maxY))
    }
}
