// GLES: the vertices of the rectangles OcclusionClip cuts a piece into.
// What a cut needs from the original's vertices (its corner vertex, the
// steps of the attributes that vary, its winding) is copied out once per
// piece into a buffer allocated once per pass, so each part is written
// straight into its destination: a fresh array, or the piece's own vertex
// storage when the first part takes the original's place (no allocation
// when that storage is uniquely owned and already four vertices long).

import Plan

extension OcclusionClip {
    /// Writes the parts of one axis-aligned piece at a time (see the file comment).
    final class CutGeometry {
        private let stride = VertexLayout.stride
        /// The original's vertex at (minX, minY), then the attribute steps along x and y
        /// (per unit of s and t): `stride` floats each.
        private let base: UnsafeMutablePointer<Float>
        private var rect = SIMD4<Float>.zero
        private var whole = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        /// The attributes that vary, a bit each.
        private var varying: UInt32 = 0
        /// The winding of the original: the sign of its area (≥ 0: counter-clockwise in y-down terms).
        private var positiveArea = true

        init() {
            base = .allocate(capacity: 3 * VertexLayout.stride)
            base.initialize(repeating: 0, count: 3 * VertexLayout.stride)
        }

        deinit { base.deallocate() }

        /// Takes what cutting `original` (an axis-aligned rectangle `rect`
        /// covering `whole`) needs; the original may then be overwritten.
        func load(_ original: ItemGeometry, rect: SIMD4<Float>, whole: PixelRect) {
            self.rect = rect
            self.whole = whole
            let stride = self.stride
            let n = original.vertexCount
            original.vertices.withUnsafeBufferPointer { v in
                func corner(_ x: Float, _ y: Float) -> Int {
                    for k in 0..<n where v[k * stride] == x && v[k * stride + 1] == y { return k * stride }
                    return 0
                }
                let c00 = corner(rect.x, rect.y), c10 = corner(rect.z, rect.y), c01 = corner(rect.x, rect.w)
                let dx = base + stride, dy = base + 2 * stride
                var mask: UInt32 = 0
                for a in 0..<stride {
                    let b = v[c00 + a]
                    base[a] = b
                    dx[a] = v[c10 + a] - b
                    dy[a] = v[c01 + a] - b
                    if a >= 2, v[c10 + a] != b || v[c01 + a] != b { mask |= 1 << UInt32(a) }
                }
                varying = mask
                var area: Float = 0
                for k in 0..<n {
                    let j = k + 1 == n ? 0 : k + 1
                    area += v[k * stride] * v[j * stride + 1] - v[j * stride] * v[k * stride + 1]
                }
                positiveArea = area >= 0
            }
        }

        /// The four vertices of `part` (of the loaded piece) into `dst`:
        /// edges of the part on the edges of `whole` keep the original
        /// positions, the others lie on whole-pixel lines; attributes are
        /// the original's, interpolated affinely from its corners (constant
        /// ones copied bit for bit); the winding is the original's.
        func write(_ part: PixelRect, to dst: UnsafeMutablePointer<Float>) {
            let stride = self.stride
            let x0 = part.x0 == whole.x0 ? rect.x : Float(part.x0)
            let x1 = part.x1 == whole.x1 ? rect.z : Float(part.x1)
            let y0 = part.y0 == whole.y0 ? rect.y : Float(part.y0)
            let y1 = part.y1 == whole.y1 ? rect.w : Float(part.y1)
            let xs = positiveArea ? SIMD4(x0, x1, x1, x0) : SIMD4(x0, x0, x1, x1)
            let ys = positiveArea ? SIMD4(y0, y0, y1, y1) : SIMD4(y0, y1, y1, y0)
            let width = rect.z - rect.x, height = rect.w - rect.y
            let dx = base + stride, dy = base + 2 * stride
            for k in 0..<4 {
                let x = xs[k], y = ys[k]
                let d = dst + k * stride
                d.initialize(from: base, count: stride)   // Floats: initializing over old values is fine
                d[0] = x; d[1] = y
                var bits = varying
                if bits != 0 {
                    let s = (x - rect.x) / width, t = (y - rect.y) / height
                    while bits != 0 {
                        let a = bits.trailingZeroBitCount
                        bits &= bits - 1
                        d[a] = base[a] + dx[a] * s + dy[a] * t
                    }
                }
            }
        }

        /// `part`'s vertices as a new array.
        func vertices(_ part: PixelRect) -> [Float] {
            [Float](unsafeUninitializedCapacity: 4 * stride) { buffer, count in
                write(part, to: buffer.baseAddress!)
                count = 4 * stride
            }
        }

        /// `part` written over `geometry`'s own vertices: in place when they
        /// are uniquely owned and four vertices long, else into a new array.
        func overwrite(_ geometry: inout ItemGeometry, with part: PixelRect) {
            if geometry.vertices.count == 4 * stride {
                geometry.vertices.withUnsafeMutableBufferPointer { write(part, to: $0.baseAddress!) }
            } else {
                geometry.vertices = vertices(part)
            }
        }
    }

    /// The box DrawPiece.init works out for a four-vertex geometry (the
    /// bounding box of its positions widened by a pixel), computed the same way.
    static func box(ofQuad v: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        var k = VertexLayout.position
        while k + 1 < v.count {
            let p = SIMD2(v[k], v[k + 1])
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            k += VertexLayout.stride
        }
        return SIMD4(lo.x - 1, lo.y - 1, hi.x + 1, hi.y + 1)
    }
}

extension OcclusionClip {
    /// Cuts each piece `pieces[c.x]` of `cuts` (in piece order) into the
    /// `c.z` rectangles `parts[c.y..<(c.y + c.z)]` (none: the piece goes),
    /// in place: the first part takes the piece's place and storage, the
    /// others follow it. `rects` and `wholes` are the pieces' rectangles and
    /// pixels. With `keep`, the cut geometries are appended to `kept` in
    /// order (the memo's `geometries`).
    static func cutInPlace(_ pieces: inout [DrawPiece], cuts: [SIMD3<Int>], parts: [PixelRect],
                           rects: [SIMD4<Float>], wholes: [PixelRect],
                           keeping kept: inout [ItemGeometry], keep: Bool) {
        let n = pieces.count
        var added = 0, hidden = 0
        for c in cuts { if c.z == 0 { hidden += 1 } else { added += c.z - 1 } }
        if added > 0 { pieces.reserveCapacity(n + added) }
        // The parts: the first over the piece, the others appended for now.
        let cutter = CutGeometry()
        for c in cuts where c.z > 0 {
            let i = c.x
            cutter.load(pieces[i].geometry, rect: rects[i], whole: wholes[i])
            cutter.overwrite(&pieces[i].geometry, with: parts[c.y])
            let box = pieces[i].geometry.vertices.withUnsafeBufferPointer { Self.box(ofQuad: $0) }
            pieces[i].box = box
            if keep { kept.append(pieces[i].geometry) }
            for k in 1..<c.z {
                let g = ItemGeometry(vertices: cutter.vertices(parts[c.y + k]))
                let piece = DrawPiece(geometry: g, state: pieces[i].state, order: pieces[i].order,
                                      opaque: pieces[i].opaque, interior: pieces[i].interior)
                pieces.append(piece)
                if keep { kept.append(g) }
            }
        }
        rearrange(&pieces, cuts: cuts, count: n, added: added, hidden: hidden)
    }

    /// The pieces cut by `cuts` (as in `cutInPlace`) put in order: `pieces`
    /// holds `count` pieces, each cut one's first part already in its place,
    /// then the `added` other parts in the order of the cuts; the `hidden`
    /// pieces cut into none are removed.
    static func rearrange(_ pieces: inout [DrawPiece], cuts: [SIMD3<Int>], count n: Int, added: Int, hidden: Int) {
        guard added > 0 || hidden > 0 else { return }
        // Each added part moved after its piece and each hidden piece to the end, by
        // moving the pieces' storage (no copies, no reference counting); then the hidden go.
        let total = n + added
        pieces.withUnsafeMutableBufferPointer { buffer in
            let src = buffer.baseAddress!
            let tmp = UnsafeMutablePointer<DrawPiece>.allocate(capacity: total)
            defer { tmp.deallocate() }
            var w = 0, next = 0, extra = n, gone = total - hidden
            for c in cuts {
                let i = c.x
                (tmp + w).moveInitialize(from: src + next, count: i - next)
                w += i - next
                if c.z == 0 {
                    (tmp + gone).moveInitialize(from: src + i, count: 1)
                    gone += 1
                } else {
                    (tmp + w).moveInitialize(from: src + i, count: 1)
                    (tmp + w + 1).moveInitialize(from: src + extra, count: c.z - 1)
                    w += c.z
                    extra += c.z - 1
                }
                next = i + 1
            }
            (tmp + w).moveInitialize(from: src + next, count: n - next)
            w += n - next
            precondition(w == total - hidden && gone == total && extra == total)
            src.moveInitialize(from: tmp, count: total)
        }
        if hidden > 0 { pieces.removeLast(hidden) }
    }
}
