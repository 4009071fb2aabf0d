// Geometry: filled polygons → non-overlapping horizontal trapezoids, the
// form in which shape layers reach the GPU (as draw items, not as a CPU
// bitmap). A slab sweep: slab boundaries at every vertex y and every y where
// two edges cross, so inside a slab the edges keep their left-to-right
// order; the active edges are ordered at mid-slab (kept from the slab
// before and re-sorted where it changed: Trapezoids+Ordering.swift), the
// winding accumulated, and each maximal inside run becomes one trapezoid.
//
// Each trapezoid records which of its four edges are real boundaries of the
// filled region (the renderer antialiases exactly those; the others are
// internal cuts drawn aliased so neighbours tile without seams). Left and
// right are boundaries unless they are vertical cuts added here; top and
// bottom are boundaries where the region across the slab line is outside.
// Where only PART of a top or bottom is boundary (a horizontal path edge,
// such as the inner top edge of a stroked rect), the span is split by
// vertical cuts at the ends of the boundary part, provided the cut stays
// inside the span for the whole slab; otherwise that edge stays unflagged
// (aliased) — a known, documented limitation.

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
    /// Corners of neighbouring trapezoids lying inside this one's top and
    /// bottom edges (ascending x): the renderer adds them as vertices so
    /// shared edges have no T-junctions (which would crack after snapping).
    public var topXs: [Double] = [], bottomXs: [Double] = []

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
    /// The four corners, clockwise on screen from top-left.
    public var corners: [Vec2] {
        [Vec2(xl0, y0), Vec2(xr0, y0), Vec2(xr1, y1), Vec2(xl1, y1)]
    }
    public var bounds: Rect { Rect.bounding(corners) }
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
    /// closed) under `rule`. Non-finite points are ignored. Trapezoids wider
    /// than `maxWidth` are cut by vertical lines where the cut stays inside
    /// them (long thin triangles interpolate badly on a GPU).
    public static func decompose(_ polygons: [[Vec2]], rule: FillRule,
                                 maxWidth: Double = .infinity) -> [Trapezoid] {
        (try? decomposeChecked(polygons, rule: rule, maxWidth: maxWidth)) ?? []
    }

    /// Most units of work (the up-front sorts of the vertices, slabs,
    /// edge-order moves and crossings, active edges per slab, then the
    /// pieces `maxWidth` cuts the trapezoids into)
    /// one decomposition may take: a path with millions of self-crossings (a
    /// dash pattern far below a pixel, a scribble of tens of thousands of
    /// random segments) or a stroke so wide and flat that its thousand slabs
    /// would each be cut into a thousand pieces is refused instead of taking
    /// minutes. The pieces are counted (an upper bound, before any is made)
    /// together with the sweep's work, `pieceWork` units each.
    public static let maximumWork = 4_000_000

    /// Units of work one piece of a cut trapezoid counts for: making it (a
    /// trapezoid with its shared-corner lists) and its corners' share of the
    /// shared-vertex pass took about 7 times a sweep step (a 6-wide stroke
    /// cut into 1,008,784 pieces: 8.7 s against 1.2 s for its million sweep
    /// steps, debug build).
    static let pieceWork = 8

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
        /// The room the sweep left for the pieces, which they would exceed
        /// (nil when the sweep itself was over the budget).
        public var piecesOver: Int?
        /// The work budget the path was measured against (`maximumWork` unless the caller chose another).
        public var budget: Int = Trapezoids.maximumWork
        /// Whether `edges` is only what was counted before giving up (a
        /// stroke's outline stops growing once it is too large to sort).
        public var edgesAreLowerBound = false
        public var description: String {
            if let p = piecesOver {
                return "the path is too complex to fill (\(edges) edges whose trapezoids would be cut into more than \(p) pieces, "
                    + "over \(budget) steps with the sweep)"
            }
            return "the path is too complex to fill (\(edgesAreLowerBound ? "over " : "")\(edges) edges, so many or crossing so often that sorting and sweeping them would take more than \(budget) steps)"
        }
    }

    /// `decompose`, throwing `TooComplex` past `budget` units of work
    /// (`maximumWork` unless a caller such as a fuzz harness wants a smaller
    /// one) instead of returning nothing.
    public static func decomposeChecked(_ polygons: [[Vec2]], rule: FillRule,
                                        maxWidth: Double = .infinity,
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
        guard let (slabs, work) = sweep(edges, rule: rule, eps: eps, work: sortWork, budget: budget) else {
            throw TooComplex(edges: edges.count, budget: budget)
        }
        guard let traps = trapezoids(slabs, edges: edges, eps: eps, maxWidth: maxWidth, work: work, budget: budget) else {
            throw TooComplex(edges: edges.count, piecesOver: (budget - work) / pieceWork, budget: budget)
        }
        return traps
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

    /// The trapezoids of `slabs`, cut every `maxWidth`; nil when the pieces
    /// (counted before any is cut) and the sweep's `work` together exceed `budget`.
    static func trapezoids(_ slabs: [Slab], edges: [Edge], eps: Double, maxWidth: Double,
                           work: Int, budget total: Int = maximumWork) -> [Trapezoid]? {
        var slabTraps: [[Trapezoid]] = []
        var budget = total - work
        for (k, slab) in slabs.enumerated() {
            var pieces: [Trapezoid] = []
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
                    let t = Trapezoid(y0: slab.y0, y1: slab.y1, xl0: l0, xl1: l1, xr0: r0, xr1: r1, edges: flags)
                    budget -= splitCount(t, maxWidth: maxWidth) * pieceWork
                    if budget < 0 { return nil }
                    pieces.append(t)
                }
            }
            slabTraps.append(pieces)
        }
        // Every trapezoid was counted: cut them now.
        for k in slabTraps.indices where slabTraps[k].contains(where: { splitCount($0, maxWidth: maxWidth) > 1 }) {
            slabTraps[k] = slabTraps[k].flatMap { split($0, maxWidth: maxWidth, eps: eps) }
        }
        addSharedVertices(&slabTraps, slabs)
        return slabTraps.flatMap { $0 }
    }

    /// The most pieces `split` cuts `t` into (it makes fewer where a cut
    /// would leave the trapezoid's core): counted before cutting.
    static func splitCount(_ t: Trapezoid, maxWidth: Double) -> Int {
        let lo = min(t.xl0, t.xl1), hi = max(t.xr0, t.xr1)
        guard maxWidth.isFinite, maxWidth > 0, hi - lo > maxWidth else { return 1 }
        return Int(clamping: ((hi - lo) / maxWidth).rounded(.up), to: 1...maximumCuts)
    }

    /// Most pieces one trapezoid is cut into (a trapezoid 1e9 wide is not
    /// cut into 1e9 / maxWidth).
    static let maximumCuts = 1024

    /// `t` cut by vertical lines every `maxWidth` inside its core (the x
    /// range where a vertical line stays inside for the whole slab).
    static func split(_ t: Trapezoid, maxWidth: Double, eps: Double) -> [Trapezoid] {
        let lo = min(t.xl0, t.xl1), hi = max(t.xr0, t.xr1)
        guard maxWidth.isFinite, maxWidth > 0, hi - lo > maxWidth else { return [t] }
        let coreLo = max(t.xl0, t.xl1) + eps, coreHi = min(t.xr0, t.xr1) - eps
        let n = splitCount(t, maxWidth: maxWidth)
        var cuts: [Double] = []
        for k in 1..<n {
            let c = lo + (hi - lo) * Double(k) / Double(n)
            if c > coreLo && c < coreHi { cuts.append(c) }
        }
        guard !cuts.isEmpty else { return [t] }
        var out: [Trapezoid] = []
        let vertical = Trapezoid.top | Trapezoid.bottom
        var l0 = t.xl0, l1 = t.xl1, flags = t.edges & (vertical | Trapezoid.left)
        for c in cuts {
            out.append(Trapezoid(y0: t.y0, y1: t.y1, xl0: l0, xl1: l1, xr0: c, xr1: c, edges: flags))
            l0 = c; l1 = c; flags = t.edges & vertical
        }
        out.append(Trapezoid(y0: t.y0, y1: t.y1, xl0: l0, xl1: l1, xr0: t.xr0, xr1: t.xr1,
                             edges: flags | (t.edges & Trapezoid.right)))
        return out
    }

    /// Fills topXs / bottomXs: every corner on a slab line, from either side,
    /// that lies strictly inside a trapezoid's top or bottom edge.
    static func addSharedVertices(_ traps: inout [[Trapezoid]], _ slabs: [Slab]) {
        for k in traps.indices {
            // Each slab's corners come left to right, so merging them is
            // linear (sorting them per slab was most of the time of a stroke
            // cut into half a million pieces under ASan).
            let top = sortedUnique(corners(traps[k], top: true),
                                   k > 0 && slabs[k - 1].y1 == slabs[k].y0 ? corners(traps[k - 1], top: false) : [])
            let bottom = sortedUnique(corners(traps[k], top: false),
                                      k + 1 < slabs.count && slabs[k + 1].y0 == slabs[k].y1 ? corners(traps[k + 1], top: true) : [])
            for i in traps[k].indices {
                let t = traps[k][i]
                traps[k][i].topXs = strictlyBetween(top, t.xl0, t.xr0)
                traps[k][i].bottomXs = strictlyBetween(bottom, t.xl1, t.xr1)
            }
        }
    }

    /// The values of the sorted `xs` in the open interval (lo, hi), found by
    /// binary search: a slab cut into a thousand pieces must not scan every
    /// corner for every piece (quadratic; minutes for a stroke 1e9 wide).
    static func strictlyBetween(_ xs: [Double], _ lo: Double, _ hi: Double) -> [Double] {
        func firstIndex(after v: Double) -> Int {
            var a = 0, b = xs.count
            while a < b {
                let m = (a + b) / 2
                if xs[m] > v { b = m } else { a = m + 1 }
            }
            return a
        }
        let start = firstIndex(after: lo)
        var end = start
        while end < xs.count && xs[end] < hi { end += 1 }
        return Array(xs[start..<end])
    }
}
