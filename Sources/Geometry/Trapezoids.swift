// Geometry: filled polygons → non-overlapping horizontal trapezoids, the
// form whose exact pixel coverage TrapezoidCoverage sums into shape layers'
// coverage masks (PlanBuilder+ShapeMask.swift). A slab sweep: slab
// boundaries at every vertex y and every y where two edges cross, so
// inside a slab the edges keep their left-to-right order; the active
// edges are ordered at mid-slab (kept from the slab before and re-sorted
// where it changed: Trapezoids+Ordering.swift), the winding accumulated,
// and each maximal inside run becomes one trapezoid.
//
// Each trapezoid records which of its four edges are real boundaries of the
// filled region (the others are internal cuts). (Shape layers were once
// drawn as one draw item per trapezoid, antialiased on exactly those
// edges; the coverage masks do not need the flags.) Left and
// right are boundaries unless they are vertical cuts added here; top and
// bottom are boundaries where the region across the slab line is outside.
// Where only PART of a top or bottom is boundary (a horizontal path edge,
// such as the inner top edge of a stroked rect), the span is split by
// vertical cuts at the ends of the boundary part, provided the cut stays
// inside the span for the whole slab; otherwise that edge stays unflagged.

/// A trapezoid with horizontal top and bottom: y0 < y1, left edge
/// x = xl0 + (y − y0)·sl, right edge x = xr0 + (y − y0)·sr.
public struct Trapezoid: Hashable, Sendable {
    public var y0: Double, y1: Double
    public var xl0: Double, sl: Double
    public var xr0: Double, sr: Double
    /// The exact x of the bottom corners (the same doubles the trapezoids
    /// below use for their top corners, so shared corners match bit for bit).
    public var xl1: Double, xr1: Double
    /// Which edges are real boundaries: left 1, top 2, right 4, bottom 8.
    public var edges: Int

    public static let left = 1, top = 2, right = 4, bottom = 8

    public init(y0: Double, y1: Double, xl0: Double, sl: Double, xr0: Double, sr: Double, edges: Int) {
        self.y0 = y0; self.y1 = y1; self.xl0 = xl0; self.sl = sl; self.xr0 = xr0; self.sr = sr
        self.xl1 = xl0 + (y1 - y0) * sl; self.xr1 = xr0 + (y1 - y0) * sr
        self.edges = edges
    }

    public init(y0: Double, y1: Double, xl0: Double, xl1: Double, xr0: Double, xr1: Double, edges: Int) {
        self.y0 = y0; self.y1 = y1; self.xl0 = xl0; self.xl1 = xl1; self.xr0 = xr0; self.xr1 = xr1
        sl = (xl1 - xl0) / (y1 - y0); sr = (xr1 - xr0) / (y1 - y0)
        self.edges = edges
    }

    public func left(at y: Double) -> Double { y == y1 ? xl1 : xl0 + (y - y0) * sl }
    public func right(at y: Double) -> Double { y == y1 ? xr1 : xr0 + (y - y0) * sr }
    public var area: Double { ((xr0 - xl0) + (xr1 - xl1)) / 2 * (y1 - y0) }
}

public enum Trapezoids {
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var slope: Double
        var dir: Int
        func x(at y: Double) -> Double {
            if y == y0 { return x0 }
            if y == y1 { return x1 }
            return x0 + (y - y0) * slope
        }
    }

    /// One side of a span: a polygon edge, or a vertical cut at x.
    enum Side { case edge(Int), cut(Double) }

    struct Span { var l: Side; var r: Side; var xl0, xl1, xr0, xr1: Double }
    struct Slab { var y0: Double; var y1: Double; var spans: [Span] }

    /// The trapezoids tiling the inside of `polygons` (each implicitly
    /// closed) under `rule`. Non-finite points are ignored.
    public static func decompose(_ polygons: [[Vec2]], rule: FillRule) -> [Trapezoid] {
        (try? decomposeChecked(polygons, rule: rule)) ?? []
    }

    /// Most units of work (the up-front sorts of the vertices, slabs,
    /// edge-order moves and crossings, active edges per slab) one
    /// decomposition may take: a path with millions of self-crossings (a
    /// dash pattern far below a pixel, a scribble of tens of thousands of
    /// random segments) is refused instead of taking minutes. (The
    /// trapezoids made from the slabs are not counted: each slab makes
    /// fewer than its active edges, which are, plus the vertical cuts at
    /// the ends of partial boundaries, at most two per span of the slabs
    /// beside it.)
    public static let maximumWork = 4_000_000

    /// Units of work sorting `n` values counts for: n log₂ n comparisons,
    /// 4 to a unit. Under AddressSanitizer the three up-front sorts of a
    /// stroke of 1,194,399 edges took 0.76 s, more than its 4 million sweep
    /// steps (FuzzStroke's slowest input, 1.8 s in all; it is now refused
    /// before sorting).
    static func sortingWork(_ n: Int) -> Int {
        n * (Int.bitWidth - n.leadingZeroBitCount) / 4
    }

    /// The most vertices a path may have for its up-front sorts to fit in
    /// `budget` (the largest n whose `sortingWork` is at most `budget`).
    public static func maximumVertices(budget: Int) -> Int {
        var low = 0, high = max(0, budget) * 4 + 4  // sortingWork(n) ≥ n / 4
        while low < high {
            let mid = low + (high - low + 1) / 2
            if sortingWork(mid) <= budget { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Why a path was not decomposed.
    public struct TooComplex: Error, CustomStringConvertible {
        public let edges: Int
        /// The work budget the path was measured against (`maximumWork` unless the caller chose another).
        public var budget: Int = Trapezoids.maximumWork
        /// Whether `edges` is only what was counted before giving up (a
        /// stroke's outline stops growing once it is too large to sort).
        public var edgesAreLowerBound = false
        public var description: String {
            return "the path is too complex to fill (\(edgesAreLowerBound ? "over " : "")\(edges) edges, so many or crossing so often that sorting and sweeping them would take more than \(budget) steps)"
        }
    }

    /// `decompose`, throwing `TooComplex` past `budget` units of work
    /// (`maximumWork` unless a caller such as a fuzz harness wants a smaller
    /// one) instead of returning nothing.
    public static func decomposeChecked(_ polygons: [[Vec2]], rule: FillRule,
                                        budget: Int = maximumWork) throws -> [Trapezoid] {
        var minC = Double.infinity, maxC = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        for poly in polygons where poly.count >= 3 {
            for p in poly where p.x.isFinite && p.y.isFinite {
                minC = min(minC, p.x, p.y); maxC = max(maxC, p.x, p.y)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minC <= maxC else { return [] }
        // The sorts of every vertex (y groups, slab lines, edges by top)
        // come first: a path of a million tiny edges is refused before them.
        let sortWork = sortingWork(polygons.reduce(0) { $0 + ($1.count >= 3 ? $1.count : 0) })
        // (Equivalently: more than `maximumVertices(budget:)` vertices.)
        if sortWork > budget { throw TooComplex(edges: polygons.reduce(0) { $0 + $1.count }, budget: budget) }
        let eps = 1e-7 * max(1, maxC - minC)
        // Heights merge within the precision of the heights themselves: a
        // shape far wider than tall (1e300 × 1) keeps its slabs.
        let snapY = snappedYs(polygons, eps: min(eps, 1e-7 * max(1, maxY - minY)))
        var edges: [Edge] = []
        for poly in polygons where poly.count >= 3 {
            for i in poly.indices {
                var a = poly[i], b = poly[(i + 1) % poly.count]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                a.y = snapY[a.y] ?? a.y; b.y = snapY[b.y] ?? b.y
                guard a.y != b.y else { continue }
                let (t, u, d) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                edges.append(Edge(x0: t.x, y0: t.y, x1: u.x, y1: u.y, slope: (u.x - t.x) / (u.y - t.y), dir: d))
            }
        }
        guard !edges.isEmpty else { return [] }
        guard let (slabs, _) = sweep(edges, rule: rule, eps: eps, work: sortWork, budget: budget) else {
            throw TooComplex(edges: edges.count, budget: budget)
        }
        return trapezoids(slabs, edges: edges, eps: eps)
    }

    /// Each vertex y mapped onto the lowest y of its group, where a group
    /// starts at a y and takes every larger y within `eps` of it. Vertex ys
    /// that differ by less than the sweep's own precision are one slab line:
    /// otherwise a slab a rounding error tall appears between them, and an
    /// edge joining them (the top chord of a round join, level in exact
    /// arithmetic but one ulp off after sin/cos) becomes a trapezoid side
    /// with a slope near 1e15, whose antialiasing runs along its line
    /// across the whole canvas (issue 12 item 5). Snapped, that edge is
    /// horizontal and dropped like any horizontal edge; no vertex moves by
    /// more than `eps`.
    static func snappedYs(_ polygons: [[Vec2]], eps: Double) -> [Double: Double] {
        var ys: [Double] = []
        for poly in polygons where poly.count >= 3 {
            for p in poly where p.x.isFinite && p.y.isFinite { ys.append(p.y) }
        }
        ys.sort()
        var map: [Double: Double] = [:]
        var group = -Double.infinity
        for y in ys {
            if y - group > eps { group = y } else if y != group { map[y] = group }
        }
        return map
    }

    // MARK: - Sweep

    /// The slabs of the sweep and the work they took, or nil when it would
    /// take more than `budget`. The work counts every active edge of
    /// every slab and sub-slab, every move that reorders them
    /// (Trapezoids+Ordering.swift) and every crossing found.
    static func sweep(_ edges: [Edge], rule: FillRule, eps: Double, work: Int = 0,
                      budget: Int = maximumWork) -> (slabs: [Slab], work: Int)? {
        var work = work
        var ys = Array(Set(edges.flatMap { [$0.y0, $0.y1] })).sorted()
        ys = ys.filter { $0.isFinite }
        let order = edges.indices.sorted { edges[$0].y0 < edges[$1].y0 }
        // An edge's rank is its place in `order`; `active` stays in rank
        // order, so ties broken by rank are the ties a stable sort of
        // `active` keeps.
        var rank = [Int](repeating: 0, count: edges.count)
        for (k, e) in order.enumerated() { rank[e] = k }
        var isActive = [Bool](repeating: false, count: edges.count)
        // x of each active edge at the slab's top and bottom, by edge number.
        var xa = [Double](repeating: 0, count: edges.count), xb = xa, xm = xa
        func topLess(_ i: Int, _ j: Int) -> Bool {
            xa[i] != xa[j] ? xa[i] < xa[j] : xb[i] != xb[j] ? xb[i] < xb[j] : rank[i] < rank[j]
        }
        var next = 0
        var active: [Int] = []
        // The previous slab's edges in their order at its bottom (this slab's top).
        var previous: [Int] = []
        var slabs: [Slab] = []
        for k in 0..<(ys.count - 1) {
            let ya = ys[k], yb = ys[k + 1]
            active.removeAll {
                guard edges[$0].y1 <= ya else { return false }
                isActive[$0] = false
                return true
            }
            var started: [Int] = []
            while next < order.count && edges[order[next]].y0 <= ya {
                active.append(order[next]); isActive[order[next]] = true; started.append(order[next]); next += 1
            }
            if active.isEmpty { continue }
            work += active.count
            if work > budget { return nil }
            // The active edges left to right at ya (ties: by x at yb).
            var ordered = true
            for e in active {
                xa[e] = edges[e].x(at: ya); xb[e] = edges[e].x(at: yb)
                if xa[e].isNaN || xb[e].isNaN { ordered = false }
            }
            var top: [Int]
            if ordered {
                top = previous.filter { isActive[$0] }
                work += reorder(&top, by: topLess)
                if started.count > 1 {
                    started.sort(by: topLess)
                    work += sortingWork(started.count)
                }
                top = merge(top, started, by: topLess)
            } else {
                // NaN positions: no order to keep; the sort of old.
                top = active.indices.sorted {
                    xa[active[$0]] != xa[active[$1]] ? xa[active[$0]] < xa[active[$1]] : xb[active[$0]] < xb[active[$1]]
                }.map { active[$0] }
                work += sortingWork(active.count)
            }
            // Crossings strictly inside the vertex slab: the pairs whose
            // order at the top differs from their order at the bottom, found
            // by insertion-sorting the top order by bottom x (time ∝ edges + crossings).
            var cuts = [ya]
            var bottom = top
            for n in bottom.indices {
                var m = n
                while m > 0 && xb[bottom[m]] < xb[bottom[m - 1]] {
                    let i = bottom[m], j = bottom[m - 1]
                    let da = xa[i] - xa[j], db = xb[i] - xb[j]
                    if da > 0 && db < 0 {
                        let y = ya + (yb - ya) * (da / (da - db))
                        if y > ya && y < yb { cuts.append(y) }
                    }
                    bottom.swapAt(m, m - 1)
                    m -= 1
                    work += 1
                }
                if work > budget { return nil }
            }
            previous = bottom
            cuts = Array(Set(cuts)).sorted()
            cuts.append(yb)
            var mid = top
            for c in 0..<(cuts.count - 1) {
                let y0 = cuts[c], y1 = cuts[c + 1]
                guard y1 > y0 else { continue }
                let (s, moves) = spans(active, &mid, edges, rank: rank, xm: &xm, y0, y1, rule: rule, eps: eps)
                slabs.append(Slab(y0: y0, y1: y1, spans: s))
                work += active.count + moves
                if work > budget { return nil }
            }
        }
        return (slabs, work)
    }

    /// The maximal inside runs of one slab, left to right, and the moves it
    /// took to order the edges: `order` holds the active edges in a
    /// previous order (the last sub-slab's) and leaves in this slab's
    /// order at mid-height; `xm` is scratch space by edge number.
    static func spans(_ active: [Int], _ order: inout [Int], _ edges: [Edge], rank: [Int], xm: inout [Double],
                      _ y0: Double, _ y1: Double, rule: FillRule, eps: Double) -> ([Span], Int) {
        let ym = (y0 + y1) / 2
        var ordered = true
        for e in active {
            xm[e] = edges[e].x(at: ym)
            if xm[e].isNaN || edges[e].slope.isNaN { ordered = false }
        }
        var moves: Int
        if ordered {
            func less(_ i: Int, _ j: Int) -> Bool {
                xm[i] != xm[j] ? xm[i] < xm[j]
                    : edges[i].slope != edges[j].slope ? edges[i].slope < edges[j].slope : rank[i] < rank[j]
            }
            moves = reorder(&order, by: less)
        } else {
            // NaN positions: no order to keep; the sort of old.
            order = active.indices.sorted {
                let a = xm[active[$0]], b = xm[active[$1]]
                return a != b ? a < b : edges[active[$0]].slope < edges[active[$1]].slope
            }.map { active[$0] }
            moves = sortingWork(active.count)
        }
        var winding = 0
        var out: [Span] = []
        var open: Int?
        func inside(_ w: Int) -> Bool { rule == .nonZero ? w != 0 : w & 1 != 0 }
        for i in order {
            let was = inside(winding)
            winding += edges[i].dir
            let now = inside(winding)
            if !was && now { open = i }
            if was && !now, let l = open {
                let le = edges[l], re = edges[i]
                let s = Span(l: .edge(l), r: .edge(i), xl0: le.x(at: y0), xl1: le.x(at: y1),
                             xr0: re.x(at: y0), xr1: re.x(at: y1))
                // Touching the previous run on its whole height: one run.
                if let p = out.last, abs(p.xr0 - s.xl0) <= eps, abs(p.xr1 - s.xl1) <= eps {
                    out[out.count - 1].r = s.r; out[out.count - 1].xr0 = s.xr0; out[out.count - 1].xr1 = s.xr1
                } else if s.xr0 - s.xl0 > 0 || s.xr1 - s.xl1 > 0 {
                    out.append(s)
                }
                open = nil
            }
        }
        return (out, moves)
    }

    // MARK: - Edge flags and cuts

    /// `[a, b]` minus the union of `covered`, keeping parts longer than eps.
    static func subtract(_ a: Double, _ b: Double, _ covered: ArraySlice<(Double, Double)>, eps: Double) -> [(Double, Double)] {
        var parts = [(a, b)]
        for (c0, c1) in covered {
            var nextParts: [(Double, Double)] = []
            for (p0, p1) in parts {
                if c1 <= p0 || c0 >= p1 { nextParts.append((p0, p1)); continue }
                if c0 > p0 { nextParts.append((p0, c0)) }
                if c1 < p1 { nextParts.append((c1, p1)) }
            }
            parts = nextParts
        }
        return parts.filter { $0.1 - $0.0 > eps }
    }

    /// Whether `[a, b]` (or the point a, when b ≤ a) lies within `parts` up to eps.
    static func covers<C: Collection>(_ parts: C, _ a: Double, _ b: Double, eps: Double) -> Bool
        where C.Element == (Double, Double) {
        if b - a <= eps {
            let m = (a + b) / 2
            return parts.contains { $0.0 - eps <= m && m <= $0.1 + eps }
        }
        var len = 0.0
        for (p0, p1) in parts { len += max(0, min(p1, b) - max(p0, a)) }
        return len >= (b - a) - eps
    }

    /// Whether the intervals' starts and ends both ascend (a slab's spans,
    /// left to right, always do unless rounding disturbs them).
    static func ascending(_ intervals: [(Double, Double)]) -> Bool {
        zip(intervals, intervals.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 <= $1.1 }
    }

    /// The intervals of `covered` that may come within eps of `[lo, hi]`:
    /// found by binary search when they ascend, all of them otherwise.
    /// Those left out cannot change `subtract` or `covers` over `[lo, hi]`,
    /// so the results are the same as with all of them, but a slab of
    /// thousands of spans no longer scans every span above it for each of
    /// its own (quadratic, and the cost of the slowest fuzzed strokes).
    static func nearby(_ covered: [(Double, Double)], ascending: Bool,
                       _ lo: Double, _ hi: Double, eps: Double) -> ArraySlice<(Double, Double)> {
        guard ascending, covered.count > 8 else { return covered[...] }
        var a = 0, b = covered.count
        while a < b {
            let m = (a + b) / 2
            if covered[m].1 >= lo - eps { b = m } else { a = m + 1 }
        }
        var end = a
        while end < covered.count && covered[end].0 <= hi + eps { end += 1 }
        return covered[a..<end]
    }

    /// The trapezoids of `slabs`, with their edge flags.
    static func trapezoids(_ slabs: [Slab], edges: [Edge], eps: Double) -> [Trapezoid] {
        var traps: [Trapezoid] = []
        for (k, slab) in slabs.enumerated() {
            let above: [(Double, Double)] = k > 0 && slabs[k - 1].y1 == slab.y0
                ? slabs[k - 1].spans.map { ($0.xl1, $0.xr1) } : []
            let below: [(Double, Double)] = k + 1 < slabs.count && slabs[k + 1].y0 == slab.y1
                ? slabs[k + 1].spans.map { ($0.xl0, $0.xr0) } : []
            let aboveAscending = ascending(above), belowAscending = ascending(below)
            for s in slab.spans {
                let aboveS = nearby(above, ascending: aboveAscending, min(s.xl0, s.xr0), max(s.xl0, s.xr0), eps: eps)
                let belowS = nearby(below, ascending: belowAscending, min(s.xl1, s.xr1), max(s.xl1, s.xr1), eps: eps)
                let topB = subtract(s.xl0, s.xr0, aboveS, eps: eps)
                let botB = subtract(s.xl1, s.xr1, belowS, eps: eps)
                // Vertical cuts at the ends of partial boundaries, where they stay inside the span.
                var xs: [Double] = []
                for (a, b) in topB + botB { xs.append(a); xs.append(b) }
                var cutXs: [Double] = []
                for c in xs.sorted() {
                    guard c > s.xl0 + eps, c < s.xr0 - eps, c > s.xl1 + eps, c < s.xr1 - eps else { continue }
                    if let l = cutXs.last, c - l <= eps { continue }
                    cutXs.append(c)
                }
                var sides: [(Side, Double, Double)] = [(s.l, s.xl0, s.xl1)]
                for c in cutXs { sides.append((.cut(c), c, c)) }
                sides.append((s.r, s.xr0, s.xr1))
                for j in 0..<(sides.count - 1) {
                    let (ls, l0, l1) = sides[j], (rs, r0, r1) = sides[j + 1]
                    var flags = 0
                    if case .edge = ls { flags |= Trapezoid.left }
                    if case .edge = rs { flags |= Trapezoid.right }
                    if covers(topB, l0, r0, eps: eps) || (topB.isEmpty && r0 - l0 <= eps && !covers(aboveS, l0, r0, eps: eps)) {
                        flags |= Trapezoid.top
                    }
                    if covers(botB, l1, r1, eps: eps) || (botB.isEmpty && r1 - l1 <= eps && !covers(belowS, l1, r1, eps: eps)) {
                        flags |= Trapezoid.bottom
                    }
                    traps.append(Trapezoid(y0: slab.y0, y1: slab.y1, xl0: l0, xl1: l1, xr0: r0, xr1: r1, edges: flags))
                }
            }
        }
        return traps
    }
}
