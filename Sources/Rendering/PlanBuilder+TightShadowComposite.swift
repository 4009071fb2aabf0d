// Rendering: a packed shadow's two canvas items cut to the pixels they can
// change. The composite (the blurred alpha, tinted) is built to cover the
// whole window as seen from the layer's plane: under a rotation that quad
// is far larger than the window, and every fragment of it runs the texture
// fetch. The body drawn back covers the whole window too. Outside the
// blurred region (`BlurStep.region` of the V step) and the body region the
// texels are 0 (the targets are cleared, and the packing keeps other parts
// out of reach), and a zero source-over changes nothing, so both items can
// shrink to those regions without changing a pixel.
//
// The composite maps target pixels onto its texels by a translation
// whatever the layer's affine map (the window is in target pixels; only the
// offset turns with the layer), so it is re-expressed in target space: an
// axis-aligned quad with the same target → texel map. Where that
// translation is by whole pixels, every sample lands on a texel centre,
// where GL_LINEAR returns the texel itself (llvmpipe's filter weight is
// roundEven(frac·256) = 0 there, and Raster emulates it); the item then
// says .nearest, which samples the same texel for less.

import Geometry
import Layers

extension PlanBuilder {
    /// The packed composite `item` of `n` (window `win`, `w` × `h`) as a
    /// target-space quad over the pixels whose bilinear samples can reach
    /// `blurred` (window pixels where the blurred alpha may be non-zero), or
    /// nil to keep `item` as it is: a shadow clipped to the bounds
    /// (masksToBounds: the item's quad or shape is that clip), a map that
    /// is not a translation of the texels, or an empty region.
    func tightShadowComposite(_ item: DrawItem, _ n: LayerDraw, window win: Rect, width w: Int, height h: Int,
                              blurred: BlurRegion) -> DrawItem? {
        // With masksToBounds the quad is the bounds (moved back by the offset): a clip to keep.
        guard !n.layer.masksToBounds, case .textureAlpha(let ref, let uv, _, let color) = item.paint,
              item.hasUnitCoverage, item.tint == nil, !blurred.isEmpty,
              let toItem = item.transform.flattened.inverse else { return nil }
        // Target pixel → unit texture coordinates, and → window texels.
        let f = toItem.concatenating(uv)
        let texelX = f.a * Double(w), texelY = f.e * Double(h)
        let shiftX = f.g * Double(w), shiftY = f.h * Double(h)
        guard f.isAffine, abs(f.i - 1) < 1e-12, abs(texelX - 1) < 1e-9, abs(texelY - 1) < 1e-9,
              abs(f.b) < 1e-12, abs(f.d) < 1e-12, shiftX.isFinite, shiftY.isFinite else { return nil }
        // Pixel centre c reads the texels around c + shift − ½: those of
        // `blurred` from centres in [x0 − ½, x1 + ½) − shift. One more pixel
        // each side keeps every such centre strictly inside; cut to the
        // window moved onto the target, which the original quad covers (where
        // it reached past the window, its reads there clamped to an edge the
        // packing keeps 0, ShadowPacking's guard on `sampledTexels`).
        let rect = Rect(minX: Double(max(blurred.x0 - 1, 0)) - shiftX, minY: Double(max(blurred.y0 - 1, 0)) - shiftY,
                        maxX: Double(min(blurred.x1 + 1, w)) - shiftX, maxY: Double(min(blurred.y1 + 1, h)) - shiftY)
        let whole = (shiftX - shiftX.rounded()).magnitude < 1e-9 && (shiftY - shiftY.rounded()).magnitude < 1e-9
        return DrawItem(layer: item.layer, transform: Homography.identity.transform3D, rect: rect,
                        paint: .textureAlpha(ref, uv: f, filter: whole ? .nearest : .linear, color: color),
                        shape: .quad, aaEdges: [], blend: item.blend, clip: item.clip)
    }

    /// The body drawn back (`windowDrawback` without a clip shape: a quad in
    /// window pixels) cut to `body`, the window pixels its texture can hold.
    func tightBodyDrawback(_ item: DrawItem, body: BlurRegion) -> DrawItem {
        guard item.hasUnitCoverage, !body.isEmpty else { return item }
        var out = item
        out.rect = item.rect.intersection(Rect(minX: Double(body.x0), minY: Double(body.y0),
                                               maxX: Double(body.x1), maxY: Double(body.y1)))
        return out.rect.isEmpty ? item : out
    }
}
