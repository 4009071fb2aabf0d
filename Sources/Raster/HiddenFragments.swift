// Raster: not shading fragments that a later item of the same pass
// replaces. Before a band draws its items, it marks, per pixel, the index of
// the last item whose fragment there provably *replaces* the pixel — writes
// a value that does not depend on what was there. Each item's span loops
// then skip the columns whose marker is above the item's own index.
//
// Why the picture cannot change: at a pixel, painter's order ends with the
// value the topmost replacing fragment wrote, blended with every fragment
// above it in order. That fragment is drawn (its marker is its own index),
// so whatever the items below it left in the pixel is overwritten; the
// items above it are never skipped there. Skipping the items below changes
// only values nobody reads. Only what is provably replacing is marked:
// - where the item runs at coverage exactly 1 (the whole fill-rule span of
//   an aliased item, or the `InteriorBoxes` columns of an analytic one — the
//   very columns the span loop draws with `FullCoverage`);
// - `.copy` writes (any paint), or source-over of a fragment whose alpha is
//   exactly 1 after clamping: a constant colour with alpha ≥ 1 (both the
//   8-bit and the Float blend then return the source exactly), or, on the
//   8-bit path only, a texture every texel of which has alpha 255 drawn
//   with a colour attribute of alpha ≥ 1 (the filtered alpha is within
//   1e-6 of 1, so the packed source alpha is 255 and the integer blend
//   returns the source: 255 − 255 = 0 times the destination).
// The marks are the same in every band split (rows are independent), so the
// result stays independent of the band count. Memory: one Int32 per pixel of
// the band's rows, allocated only when some item replaces pixels there and
// touched only on rows it marks — at most the size of the pass's own target.

import Plan

/// Where an item's fragments provably replace the pixel they land on.
enum ReplacingRegion {
    /// Nowhere (blended, or not provably opaque).
    case none
    /// Every pixel of its triangles' fill-rule spans (aliased items).
    case span
    /// The interior columns of its analytic coverage (coverage exactly 1).
    case interior
}

extension ReplacingRegion {
    /// The region for an item, given its program and the blend path.
    /// - Parameters:
    ///   - quantize: the 8-bit blend path (`GLConventions.quantizeSourceBeforeBlend`).
    ///   - textureIsOpaque: whether every texel of the item's texture has alpha 255.
    static func of(_ program: ItemProgram, quantize: Bool, textureIsOpaque: () -> Bool) -> ReplacingRegion {
        let full: ReplacingRegion = program.coverage == nil ? .span : .interior
        if program.blend == .copy { return full }
        // Tessellator colours are constant per item; alpha ≥ 1 clamps to exactly 1 (NaN fails).
        guard let color = program.constantColor, color.w >= 1 else { return .none }
        switch program.paint {
        case .solid:
            return full
        case .texture:
            return quantize && textureIsOpaque() ? full : .none
        case .textureAlpha, .masked, .gradient:
            return .none
        }
    }
}

extension TextureView {
    /// Whether every texel has alpha 255 (scans the texture).
    var isFullyOpaque: Bool {
        var k = 0
        let n = width * height
        while k < n {
            if pixels[k] >> 24 != 255 { return false }
            k &+= 1
        }
        return true
    }
}

/// One band's "topmost replacing item" per pixel, and what an item's span
/// loop reads of it.
struct ReplacingMarkers {
    /// Band rows × width markers (the item index, −1 for none); a row is
    /// initialised only once an item marks it.
    private let markers: UnsafeMutablePointer<Int32>
    /// Per band row: the highest marker in the row, −1 when the row has none.
    private let rowTop: UnsafeMutablePointer<Int32>
    private let width: Int
    private let rowLo: Int
    private let rows: Int

    /// Marks the replacing regions of `items` (in order) on `band`'s rows;
    /// nil when no item replaces anything there. Deallocate with `release`.
    static func build(_ items: [PreparedItem], band: BandTarget) -> ReplacingMarkers? {
        let rows = band.rowHi &- band.rowLo
        guard rows > 0, band.width > 0, items.count < Int(Int32.max),
              items.contains(where: { $0.replacing != .none && $0.maxY >= band.rowLo && $0.minY < band.rowHi })
        else { return nil }
        let m = ReplacingMarkers(markers: .allocate(capacity: rows &* band.width), rowTop: .allocate(capacity: rows),
                                 width: band.width, rowLo: band.rowLo, rows: rows)
        m.rowTop.initialize(repeating: -1, count: rows)
        for (index, item) in items.enumerated()
        where item.replacing != .none && item.maxY >= band.rowLo && item.minY < band.rowHi {
            for tri in item.triangles where tri.maxY >= band.rowLo && tri.minY < band.rowHi {
                m.mark(tri, item, Int32(index), band)
            }
        }
        return m
    }

    /// Writes `index` over the replacing columns of one triangle's rows in the band.
    private func mark(_ tri: TriangleSetup, _ item: PreparedItem, _ index: Int32, _ band: BandTarget) {
        let yLo = max(tri.minY, band.rowLo), yHi = min(tri.maxY, band.rowHi &- 1)
        guard yLo <= yHi else { return }
        for y in yLo...yHi {
            var (lo, hi) = tri.span(row: y)
            if item.replacing == .interior, let cov = item.program.coverage {
                let dy = (Float(y) + 0.5) - tri.y0
                let inner = cov.interiorColumns(localRow: tri.local.row(dy), localDx: tri.local.dadx, x0: tri.x0)
                lo = max(lo, inner.lo)
                hi = min(hi, inner.hi)
            }
            guard lo <= hi else { continue }
            let r = y &- rowLo
            let row = markers + r &* width
            if rowTop[r] < 0 { row.initialize(repeating: -1, count: width) }
            (row + lo).update(repeating: index, count: hi &- lo &+ 1)
            rowTop[r] = index
        }
    }

    /// Frees the buffers.
    func release() {
        markers.deallocate()
        rowTop.deallocate()
    }

    /// What item `index` reads.
    func hidden(for index: Int) -> HiddenColumns {
        HiddenColumns(markers: UnsafePointer(markers), rowTop: UnsafePointer(rowTop), width: width, rowLo: rowLo,
                      index: Int32(truncatingIfNeeded: index))
    }
}

/// For one item: the markers of the band, to find the columns of a row that
/// a later item replaces. `none` hides nothing (the counters, the skip off).
struct HiddenColumns {
    let markers: UnsafePointer<Int32>?
    let rowTop: UnsafePointer<Int32>?
    let width: Int
    let rowLo: Int
    /// The item's index in the pass; markers above it hide its fragments.
    let index: Int32

    static let none = HiddenColumns(markers: nil, rowTop: nil, width: 0, rowLo: 0, index: 0)

    /// The first column in from...to whose marker is above `index` (`above`
    /// true) or at or below it (`above` false), or to + 1. Callers pass a
    /// literal `above`, so the inlined loop keeps one comparison.
    @inline(__always)
    static func first(_ m: UnsafePointer<Int32>, _ index: Int32, above: Bool, from: Int, to: Int) -> Int {
        var x = from
        let limit = SIMD8<Int32>(repeating: index)
        while x &+ 8 <= to &+ 1 {
            let isAbove = UnsafeRawPointer(m + x).loadUnaligned(as: SIMD8<Int32>.self) .> limit
            if above ? any(isAbove) : !all(isAbove) { break }
            x &+= 8
        }
        while x <= to && (m[x] > index) != above { x &+= 1 }
        return x
    }

    /// The markers of row `y` when some column of it is replaced by a later item, else nil.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<Int32>? {
        guard let markers, let rowTop else { return nil }
        let r = y &- rowLo
        return rowTop[r] > index ? markers + r &* width : nil
    }
}
