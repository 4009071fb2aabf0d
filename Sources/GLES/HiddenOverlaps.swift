// GLES: the pixels each blended piece of a pass can still write once the
// opaque phase has drawn. Opaque pieces go first and write their painter
// depth; blended pieces follow under GL_LESS, so on a pixel an opaque piece
// covers, every blended piece at or below that piece's painter order is
// rejected, whenever it is drawn. Likewise a flat interior (drawn before its
// item's other pieces, writing the item's depth) leaves those pieces
// nothing inside it. Two blended pieces of different items can therefore
// only both write a pixel that lies in both their visible regions, and
// BlendedScheduling's overlap graph need not order two pieces whose regions
// are disjoint: no byte can depend on their order. Pieces of one item keep
// their order whenever their boxes meet (the interior before the rest).
// Which pixels a rectangle covers is worked out exactly as the occlusion
// clip does (OcclusionClip.pixels: llvmpipe's snapping and fill rule); a
// piece that is not an axis-aligned rectangle counts by the pixel centres
// inside its box, which is a pixel wider than what it draws.

import Plan

/// The opaque rectangles and flat interiors of a pass, and the regions they
/// leave its blended pieces (see the file comment).
final class HiddenOverlaps {
    typealias PixelRect = OcclusionClip.PixelRect
    /// Most occluder grid entries; past them no occluder is used.
    static let maxEntries = 2_000_000
    /// Most occluders (and own interiors) subtracted from one piece; the
    /// first found from the top. Fewer only leave a region larger.
    static let maxCut = 16
    /// Most rectangles a region may take; past it the piece counts by the
    /// bounding box of what it covers.
    static let maxRects = 16

    /// A blended piece's region: `rects` (disjoint pixel rectangles, empty
    /// when nothing is left) and their bounding box in DrawPiece.box's
    /// terms, pixel (x, y) being [x, x + 1] × [y, y + 1] — or, for a piece
    /// whose box is not finite, that box and no rectangles (`exact` false).
    struct Region {
        var box: SIMD4<Float>
        var exact: Bool
    }

    /// The occluders by cell, nil when there are none or too many entries.
    private let grid: OccluderGrid?
    /// The highest painter order of an occluder: pieces above it are never hidden by one.
    private let topOrder: Int
    /// The pixels of each item's flat interior pieces, by painter order.
    private let interiors: [Int: [PixelRect]]
    /// The pass's viewport, as the rasterizer receives positions (OcclusionClip.pixels).
    private let viewport: SIMD2<Int>
    /// Room for one piece's cut and its difference (allocated once, after
    /// the last way `init` can fail: a failed init runs no deinit).
    private let cut: UnsafeMutablePointer<PixelRect>
    private let difference = OcclusionClip.DifferenceBuffers(maxOccluders: maxCut, cap: maxRects)

    deinit { cut.deallocate() }

    /// The occluders (opaque axis-aligned rectangles) and flat interiors of
    /// `pieces`, or nil when there are neither; `viewport` is the pass's.
    init?(_ pieces: [DrawPiece], viewport: SIMD2<Int>) {
        var rects: [PixelRect] = [], orders: [Int] = []
        var interiors: [Int: [PixelRect]] = [:]
        var sorted = true
        for p in pieces where p.opaque || p.interior {
            // Only what is known to be covered hides: an axis-aligned rectangle's exact pixels
            // (a box would claim pixels a turned or clipped piece does not draw).
            guard let r = OcclusionClip.axisAlignedRect(p.geometry), let px = Self.pixels(ofRect: r, viewport: viewport),
                  !px.isEmpty else { continue }
            guard p.opaque else { interiors[p.order, default: []].append(px); continue }
            sorted = sorted && (orders.last ?? .min) <= p.order
            rects.append(px)
            orders.append(p.order)
        }
        guard !rects.isEmpty || !interiors.isEmpty else { return nil }
        cut = .allocate(capacity: Self.maxCut)
        self.interiors = interiors
        self.viewport = viewport
        topOrder = orders.max() ?? -1
        // The grid lists occluders in increasing painter order (pieces come in it; sorted if not).
        if !sorted {
            let byOrder = rects.indices.sorted { orders[$0] != orders[$1] ? orders[$0] < orders[$1] : $0 < $1 }
            rects = byOrder.map { rects[$0] }; orders = byOrder.map { orders[$0] }
        }
        grid = OccluderGrid(rects, orders: orders, maxEntries: Self.maxEntries)
    }

    /// The pixels `p` covers when it is an axis-aligned rectangle (as the
    /// rasterizer covers them), else those with centres inside its box (a
    /// pixel wider than what it draws); nil for a box that is not finite
    /// and of sane size.
    static func pixels(of p: DrawPiece, viewport: SIMD2<Int>) -> PixelRect? {
        if let r = OcclusionClip.axisAlignedRect(p.geometry) { return pixels(ofRect: r, viewport: viewport) }
        let b = p.box, f = Float(limit)
        guard abs(b.x) <= f, abs(b.y) <= f, abs(b.z) <= f, abs(b.w) <= f else { return nil }   // also NaN, ±∞
        return sane(PixelRect(x0: Int((b.x - 0.5).rounded(.down)) + 1, y0: Int((b.y - 0.5).rounded(.down)) + 1,
                              x1: Int((b.z - 0.5).rounded(.up)), y1: Int((b.w - 0.5).rounded(.up))))
    }

    /// The pixels the axis-aligned rectangle `r` covers, as the rasterizer
    /// covers them; nil when they lie past 2^30 (they travel as Int32 and Float).
    static func pixels(ofRect r: SIMD4<Float>, viewport: SIMD2<Int>) -> PixelRect? {
        OcclusionClip.pixels(of: r, viewport: viewport).flatMap(sane)
    }

    private static let limit = 1 << 30
    private static func sane(_ r: PixelRect) -> PixelRect? {
        abs(r.x0) < limit && abs(r.y0) < limit && abs(r.x1) < limit && abs(r.y1) < limit ? r : nil
    }

    /// An empty box (minX > maxX): overlaps nothing.
    static let empty = SIMD4<Float>(1, 1, 0, 0)

    /// The region of blended piece `p`: its pixels less those of the
    /// occluders at or above its painter order and of its item's flat
    /// interiors (when it is not one), as disjoint rectangles appended to
    /// `rects`; at most `maxRects` of them, else its pixels' bounding box
    /// alone (a superset).
    func region(of p: DrawPiece, into rects: inout [PixelRect]) -> Region {
        guard let px = Self.pixels(of: p, viewport: viewport) else { return Region(box: p.box, exact: false) }
        guard !px.isEmpty else { return Region(box: Self.empty, exact: true) }
        var picked = occluders(of: px, order: p.order)
        if picked < 0 { return Region(box: Self.empty, exact: true) }
        if !p.interior, let own = interiors[p.order] {
            for r in own where picked < Self.maxCut && r.overlaps(px) { cut[picked] = r; picked += 1 }
        }
        var lo = SIMD2(Int.max, Int.max), hi = SIMD2(Int.min, Int.min)
        if picked > 0, difference.difference(px, UnsafeBufferPointer(start: cut, count: picked)) {
            guard difference.count > 0 else { return Region(box: Self.empty, exact: true) }
            for r in difference.rects {
                rects.append(r)
                lo = pointwiseMin(lo, SIMD2(r.x0, r.y0)); hi = pointwiseMax(hi, SIMD2(r.x1, r.y1))
            }
        } else {
            rects.append(px)
            lo = SIMD2(px.x0, px.y0); hi = SIMD2(px.x1, px.y1)
        }
        return Region(box: SIMD4(Float(lo.x), Float(lo.y), Float(hi.x), Float(hi.y)), exact: true)
    }

    /// The occluders at or above `order` that share a pixel with `region`,
    /// into `cut` (at most `maxCut`, the first found from the top): how
    /// many, or −1 when one of them covers it all.
    private func occluders(of region: PixelRect, order: Int) -> Int {
        guard let grid, order <= topOrder, let cells = grid.cellRange(region) else { return 0 }
        let want = SIMD4(Int32(truncatingIfNeeded: region.x0), Int32(truncatingIfNeeded: region.y0),
                         Int32(truncatingIfNeeded: region.x1), Int32(truncatingIfNeeded: region.y1))
        let start = grid.start, columns = grid.cells.x, rects = grid.rects, orders = grid.orders
        var picked = 0
        scan: for cy in cells.first.y...cells.last.y {
            for cx in cells.first.x...cells.last.x {
                let c = cy * columns + cx, corner = grid.corner(column: cx, row: cy)
                // Listed in increasing painter order: scan down while the order is high enough.
                var k = start[c + 1] - 1
                let first = start[c]
                while k >= first, orders[k] >= order {
                    let r = rects[k]
                    k -= 1
                    if r.x <= want.x && r.y <= want.y && want.z <= r.z && want.w <= r.w {
                        picked = -1
                        break scan
                    }
                    guard r.x < want.z && want.x < r.z && r.y < want.w && want.y < r.w,
                          grid.owns(corner: corner, r, want) else { continue }
                    cut[picked] = PixelRect(x0: Int(r.x), y0: Int(r.y), x1: Int(r.z), y1: Int(r.w))
                    picked += 1
                    if picked == Self.maxCut { break scan }
                }
            }
        }
        return picked
    }
}
