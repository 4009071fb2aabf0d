// Raster: the inner loops. A set-up triangle is walked row by row inside
// its bounding box (clipped to the rows of the calling band); each row's
// covered span comes from the integer edge functions, then every pixel of
// the span runs one specialised fragment program. Attributes are evaluated
// per pixel from their plane: (a0 + dady·(y + ½ − y0)) + dadx·(x + ½ − x0),
// the row part computed once per row — exact for constant attributes.
//
// Shortcuts that cannot change a byte:
// - analytic shapes: the columns where coverage is provably exactly 1
//   (InteriorBoxes) run the full-coverage loop, since c · 1 = c; the
//   columns of a border ring's hole, where it is provably exactly 0, are
//   skipped (a zero-coverage fragment is never written);
// - constant colour at full coverage: `.copy` or opaque source-over is a
//   memory fill, translucent source-over is integer blending of one
//   pre-packed source (what the Float path computes pixel by pixel);
// - columns a later item of the pass replaces (`HiddenColumns`, see
//   HiddenFragments.swift) are not shaded, except where the item's write is
//   a memory fill (cheaper than finding the hidden columns); they are
//   counted as `hidden`, so painter's order stays known (shaded + hidden).

/// Fragment counts of one band.
struct FragmentCounts {
    /// Pixels that ran the fragment function (inside a triangle by the fill rule, not hidden).
    var shaded = 0
    /// Of those, the ones with coverage > 0, blended into the target.
    var written = 0
    /// Pixels inside a triangle that were not run because a later item
    /// replaces them (`HiddenColumns`); painter's order runs `shaded + hidden`.
    var hidden = 0
}

/// Where a band draws: the target's pixels and the band's rows.
struct BandTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    /// Rows of the band, lo inclusive, hi exclusive.
    let rowLo: Int
    let rowHi: Int
}

/// How full-coverage pixels of a constant colour may be written without
/// the Float stage.
enum ConstantWrite {
    /// No shortcut: run the fragment program.
    case none
    /// Store this packed value.
    case fill(UInt32)
    /// Integer source-over of this packed value.
    case blend(UInt32)
}

enum SpanRasterizer {
    /// Draws `tri` with the fragment program (paint, coverage, blend).
    @inline(never)
    static func draw<P: PaintProgram, C: CoverageProgram, B: BlendProgram>(
        _ tri: TriangleSetup, into target: BandTarget, paint: P, coverage: C, blend: B.Type,
        constant: ConstantWrite, hidden: HiddenColumns = .none, counts: inout FragmentCounts
    ) {
        let yLo = max(tri.minY, target.rowLo), yHi = min(tri.maxY, target.rowHi &- 1)
        guard yLo <= yHi else { return }
        var shaded = 0, written = 0, hiddenCount = 0
        var y = yLo
        while y <= yHi {
            defer { y &+= 1 }
            let (lo, hi) = tri.span(row: y)
            if lo > hi { continue }
            let dy = (Float(y) + 0.5) - tri.y0
            let rows = RowPlanes(local: C.isAnalytic ? tri.local.row(dy) : .zero,
                                 jacobian: C.isAnalytic ? tri.jacobian.row(dy) : .zero,
                                 uv: P.usesUV ? tri.uv.row(dy) : .zero,
                                 color: tri.color.row(dy))
            let row = target.pixels + y &* target.width
            shaded &+= hi &- lo &+ 1
            let hiddenRow = hidden.row(y)
            @inline(__always)
            func run<D: CoverageProgram>(_ a: Int, _ b: Int, _ cov: D, _ k: ConstantWrite) -> Int {
                if let m = hiddenRow, a <= b {
                    if case .fill = k, !D.isAnalytic {} else {
                        return visibleRuns(m, hidden.index, row, a, b, tri, rows, paint, cov, B.self, k, &hiddenCount)
                    }
                }
                return segment(row, a, b, tri, rows, paint, cov, B.self, k)
            }
            guard C.isAnalytic else {
                written &+= run(lo, hi, coverage, constant)
                continue
            }
            let inner = coverage.interiorColumns(localRow: rows.local, localDx: tri.local.dadx, x0: tri.x0)
            let a = max(lo, inner.lo), b = min(hi, inner.hi)
            if a <= b {
                written &+= run(lo, a &- 1, coverage, .none)
                written &+= run(a, b, FullCoverage(), constant)
                written &+= run(b &+ 1, hi, coverage, .none)
            } else {
                // A ring's hole: coverage is exactly 0 there, so those columns write nothing.
                let hole = coverage.holeColumns(localRow: rows.local, localDx: tri.local.dadx, x0: tri.x0)
                let c = max(lo, hole.lo), d = min(hi, hole.hi)
                if c <= d {
                    written &+= run(lo, c &- 1, coverage, .none)
                    written &+= run(d &+ 1, hi, coverage, .none)
                } else {
                    written &+= run(lo, hi, coverage, .none)
                }
            }
        }
        counts.shaded &+= shaded &- hiddenCount
        counts.written &+= written
        counts.hidden &+= hiddenCount
    }

    /// `segment` on the runs of columns lo...hi that no later item replaces
    /// (marker ≤ `index`); the hidden runs are only counted, in `hidden`.
    @inline(__always)
    static func visibleRuns<P: PaintProgram, C: CoverageProgram, B: BlendProgram>(
        _ markers: UnsafePointer<Int32>, _ index: Int32, _ row: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int,
        _ tri: TriangleSetup, _ rows: RowPlanes, _ paint: P, _ coverage: C, _: B.Type, _ constant: ConstantWrite,
        _ hidden: inout Int
    ) -> Int {
        var written = 0
        var x = lo
        while x <= hi {
            let e = HiddenColumns.first(markers, index, above: true, from: x, to: hi)
            if e > x { written &+= segment(row, x, e &- 1, tri, rows, paint, coverage, B.self, constant) }
            guard e <= hi else { break }
            let h = HiddenColumns.first(markers, index, above: false, from: e &+ 1, to: hi)
            hidden &+= h &- e
            x = h
        }
        return written
    }

    /// The per-row parts of the attribute planes.
    struct RowPlanes {
        var local: SIMD4<Float>
        var jacobian: SIMD4<Float>
        var uv: SIMD4<Float>
        var color: SIMD4<Float>
    }

    /// Shades columns lo...hi of one row; returns the pixels written.
    @inline(__always)
    static func segment<P: PaintProgram, C: CoverageProgram, B: BlendProgram>(
        _ row: UnsafeMutablePointer<UInt32>, _ lo: Int, _ hi: Int, _ tri: TriangleSetup, _ rows: RowPlanes,
        _ paint: P, _ coverage: C, _: B.Type, _ constant: ConstantWrite
    ) -> Int {
        guard lo <= hi else { return 0 }
        if !C.isAnalytic {
            switch constant {
            case .none: break
            case .fill(let packed):
                (row + lo).update(repeating: packed, count: hi &- lo &+ 1)
                return hi &- lo &+ 1
            case .blend(let packed):
                PixelMath.sourceOver(packed, onto: row + lo, count: hi &- lo &+ 1)
                return hi &- lo &+ 1
            }
        }
        var written = 0
        var x = lo
        while x <= hi {
            defer { x &+= 1 }
            let dx = (Float(x) + 0.5) - tri.x0
            var cov: Float = 1
            if C.isAnalytic {
                cov = coverage.coverage(local: rows.local + tri.local.dadx * dx,
                                        jacobian: rows.jacobian + tri.jacobian.dadx * dx)
                if !(cov > 0) { continue }
            }
            var u: Float = 0, v: Float = 0
            if P.usesUV {
                let h = rows.uv + tri.uv.dadx * dx
                u = h.x / h.z
                v = h.y / h.z
            }
            var c = paint.shade(color: rows.color + tri.color.dadx * dx, u: u, v: v)
            if C.isAnalytic { c = c * cov }
            row[x] = B.blend(c, over: row[x])
            written &+= 1
        }
        return written
    }
}
