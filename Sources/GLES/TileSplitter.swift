// GLES: drawing items whose image is tiled (larger than the maximum texture
// size). A tile's core region is the set of uv with u·W in [c0, c1) and
// v·H in [r0, r1); since screen → uv is projective, each bound is a line in
// pass pixels, so the region is a convex polygon there. Each piece is the
// item clipped (aliased) to one region, with its uv map re-expressed in
// that tile's texture. Neighbouring pieces share the cut line, so they
// partition the pixels the unsplit item covers; the item's own rect, shape
// and AA edges are untouched, so coverage is identical. The tile texture
// holds one extra texel past every inner cut, so bilinear filtering inside a
// core reads exactly the texels the whole image would give — the CPU
// executor, which samples the whole image, sees the same picture.

import Geometry
import Plan

enum TileSplitter {
    /// One piece of an item and the tile it samples.
    struct Piece {
        var item: DrawItem
        var tile: ImageTile
    }

    /// Splits `item` (whose paint samples `image` through `uv`) along the tile grid;
    /// `passWidth` × `passHeight` bounds the regions.
    static func split(_ item: DrawItem, uv: Homography, image: UploadedImage,
                      passWidth: Int, passHeight: Int) -> [Piece] {
        // screen → local → uv, homogeneous (row vectors).
        guard let screenToLocal = item.transform.flattened.inverse else { return [] }
        let m = screenToLocal.concatenating(uv)
        let bounds = Rect(x: -1, y: -1, width: Double(passWidth) + 2, height: Double(passHeight) + 2).corners
        let xs = [nil] + image.columnCuts.map { Double($0) / Double(image.width) } + [nil]
        let ys = [nil] + image.rowCuts.map { Double($0) / Double(image.height) } + [nil]
        var pieces: [Piece] = []
        for row in 0..<(ys.count - 1) {
            for column in 0..<(xs.count - 1) {
                var region = bounds
                // u ≥ k  ⇔  U − k·Q ≥ 0 (Q > 0 where the item is visible); likewise ≤, and for v.
                if let k = xs[column] { region = clip(region, m, u: true, k: k, keepAbove: true) }
                if let k = xs[column + 1] { region = clip(region, m, u: true, k: k, keepAbove: false) }
                if let k = ys[row] { region = clip(region, m, u: false, k: k, keepAbove: true) }
                if let k = ys[row + 1] { region = clip(region, m, u: false, k: k, keepAbove: false) }
                if let c = item.clip { region = Tessellator.clip(region, against: c) }
                guard region.count >= 3, abs(Tessellator.signedArea(region)) > 1e-9 else { continue }
                let tile = image.tile(column: column, row: row)
                var piece = item
                piece.clip = region
                // Image unit uv → tile texture unit uv: u' = (u·W − ox) / tw.
                let tw = Double(tile.texture.width), th = Double(tile.texture.height)
                let toTile = Homography(Double(image.width) / tw, 0, 0,
                                        0, Double(image.height) / th, 0,
                                        -Double(tile.originX) / tw, -Double(tile.originY) / th, 1)
                piece.paint = replacingUV(item.paint, with: uv.concatenating(toTile))
                pieces.append(Piece(item: piece, tile: tile))
            }
        }
        return pieces
    }

    /// Clips the convex polygon `poly` (pass pixels) to the half-plane U − k·Q ≥ 0 (or ≤ 0),
    /// where (U, V, Q) = (x, y, 1)·m and U is replaced by V when `u` is false.
    static func clip(_ poly: [Vec2], _ m: Homography, u: Bool, k: Double, keepAbove: Bool) -> [Vec2] {
        let s: Double = keepAbove ? 1 : -1
        return Tessellator.clip(poly, keepingWhere: { p in
            let (U, V, Q) = m.applyHomogeneous(p.x, p.y)
            return s * ((u ? U : V) - k * Q)
        })
    }

    static func replacingUV(_ paint: Paint, with uv: Homography) -> Paint {
        switch paint {
        case .solid, .gradient: return paint
        case .texture(let t, _, let f, let o): return .texture(t, uv: uv, filter: f, opacity: o)
        case .textureAlpha(let t, _, let f, let c): return .textureAlpha(t, uv: uv, filter: f, color: c)
        case .masked(let t, let m, _, let f, let o): return .masked(t, mask: m, uv: uv, filter: f, opacity: o)
        }
    }
}
