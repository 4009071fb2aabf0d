// GLES: the PVRTC decode-once mode. Instead of decoding the blocks in the
// fragment shader of every item in every frame, one GPU pass draws the
// block texture 1:1 with the nearest shader-decode program into an RGBA8
// texture of the image's size (each fragment at a texel centre decodes
// exactly that texel, premultiplied, as `Image(straightRGBA:)` of the CPU
// decoder's output would hold it); that texture stays in the texture cache
// and later frames sample it with the plain texture program, like an RGBA8
// upload. The choice (`PVRTCDecodeChoice`): `shader` always decodes per
// fragment, `once` always decodes once, `auto` decodes once from the second
// frame that uses the texture when its RGBA8 form fits a quarter of the
// texture cache's budget (so it can stay cached) and the fragments that
// sampled it in those frames reach its texel count (PVRTCFragmentCount), per
// fragment otherwise.

import CGLES2
import Geometry
import Plan

/// How PVRTC blocks without native support are turned into texels on the GPU.
public enum PVRTCDecodeChoice: String, Sendable, CaseIterable {
    /// Decode in the fragment shader of every item, every frame (block texture: 1/8 of RGBA8's memory).
    case shader
    /// Decode the whole texture once into a cached RGBA8 texture; sample that.
    case once
    /// `once` from the second frame using the texture, once the fragments sampling it in all
    /// those frames reach its texel count, if its RGBA8 bytes fit a quarter of the cache budget; else `shader`.
    case auto

    /// Whether to decode once a texture of `texels` texels (RGBA8: 4 bytes
    /// each) used in `frames` frames by `fragments` fragments in all (this
    /// frame included). For `auto`: by then the per-fragment decode has shaded
    /// at least as many fragments as the decode pass will (the pass shades
    /// each texel once, with the cheaper nearest decode), so decoding once
    /// costs at most about what has been spent; a one-off frame never pays it.
    func decodesOnce(texels: Int, frames: Int, fragments: Double, cacheBudget: Int) -> Bool {
        switch self {
        case .shader: return false
        case .once: return true
        case .auto: return frames >= 2 && fragments >= Double(texels) && texels * 4 <= cacheBudget / 4
        }
    }
}

enum PVRTCDecodePass {
    /// Decodes `blocks` (a shader-decode upload) into a new RGBA8 texture from `pool`
    /// with one draw into it; leaves the framebuffer bound to it.
    static func decode(_ blocks: UploadedImage, framebuffer: Framebuffer, batcher: Batcher,
                       pool: TexturePool) throws -> UploadedImage {
        let w = blocks.width, h = blocks.height
        let target = pool.acquire(width: w, height: h)
        let rect = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let uv = Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let item = DrawItem(layer: 0, transform: .identity, rect: rect,
                            paint: .texture(.image(0), uv: uv, filter: .nearest, opacity: 1), blend: .copy)
        guard let g = Tessellator.geometry(of: item, width: w, height: h) else {
            preconditionFailure("a full-target quad has geometry")
        }
        let state = BatchState(program: .pvrtc(.nearest, twoBpp: blocks.pvrtcTwoBpp),
                               textures: [blocks.tiles[0].texture.id], sizes: [SIMD2(Float(w), Float(h))],
                               filter: .nearest, blend: .copy)
        let pieces = [DrawPiece(geometry: g, state: state, order: 0, opaque: false)]
        let viewport = try framebuffer.target(target, pass: -1, depth: false)
        var scratch = GPUStats()
        batcher.forgetTextureBindings()
        batcher.drawPass(pieces, batches: PassOrdering.batches(pieces, opaqueFirst: false), viewport: viewport,
                         stats: &scratch)
        batcher.forgetTextureBindings()
        var out = UploadedImage(width: w, height: h, columnCuts: [], rowCuts: [],
                                tiles: [ImageTile(texture: target, originX: 0, originY: 0, column: 0, row: 0)],
                                pvrtcMode: .decodedOnce)
        out.pvrtcTwoBpp = blocks.pvrtcTwoBpp
        return out
    }
}
