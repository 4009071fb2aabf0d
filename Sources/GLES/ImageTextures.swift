// GLES: the plan's images as GL textures — uploaded once per plan, on first
// use, row 0 = top (so uv (0,0) is the top-left texel, like pass outputs).
// An image larger than the maximum texture size is cut into tiles whose
// core regions partition it; each tile's texture carries one extra texel of
// its neighbours on every inner side, so bilinear filtering anywhere inside a
// core reads exactly the texels the unsplit image would have.

import CGLES2
import Images

/// One texture of an image: the texels it holds and the core it is responsible for.
struct ImageTile {
    let texture: PooledTexture
    /// Image texel where the texture's texel (0, 0) lies.
    let originX: Int, originY: Int
    /// Core columns/rows index (position in the tile grid).
    let column: Int, row: Int
}

/// An uploaded image: one tile, or a grid of them.
struct UploadedImage {
    let width: Int, height: Int
    /// Texel boundaries between core columns (interior only, ascending), likewise rows.
    let columnCuts: [Int], rowCuts: [Int]
    /// Tiles by row, then column.
    let tiles: [ImageTile]
    /// Set for PVRTC blocks uploaded by `PVRTCUploader` (nil: RGBA8 texels).
    var pvrtcMode: PVRTCUploadMode? = nil
    /// True for PVRTC 2bpp blocks (ps_texture_pvrtc2 decodes them).
    var pvrtcTwoBpp = false
    /// False for textures not from the pool (native PVRTC): deleted after the frame.
    var pooled = true
    var isTiled: Bool { tiles.count > 1 }
    /// Texture memory the upload holds (RGBA8 texels of every tile; PVRTC blocks at their stored size).
    var textureBytes: Int {
        if pvrtcMode == .native { return (pvrtcTwoBpp ? 2 : 4) * width * height / 8 }
        return tiles.reduce(0) { $0 + $1.texture.width * $1.texture.height * 4 }
    }
    func tile(column: Int, row: Int) -> ImageTile { tiles[row * (columnCuts.count + 1) + column] }
}

enum ImageUploader {
    /// Core cut positions along one axis of `size` texels for textures of at most `maxSize`.
    static func cuts(size: Int, maxSize: Int) -> [Int] {
        guard size > maxSize else { return [] }
        // Inner tiles hold core + 2 overlap texels, edge tiles core + 1.
        let core = max(1, maxSize - 2)
        var cuts: [Int] = []
        var x = maxSize - 1
        while x < size {
            cuts.append(x)
            x += core
        }
        return cuts
    }

    /// Uploads `image` (tiling it when a side exceeds `maxSize`) and counts the uploads in `stats`.
    static func upload(_ image: Image, maxSize: Int, pool: TexturePool, stats: inout GPUStats) -> UploadedImage {
        let cx = cuts(size: image.width, maxSize: maxSize)
        let cy = cuts(size: image.height, maxSize: maxSize)
        let xs = [0] + cx + [image.width], ys = [0] + cy + [image.height]
        var tiles: [ImageTile] = []
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for r in 0..<(ys.count - 1) {
            for c in 0..<(xs.count - 1) {
                let x0 = max(0, xs[c] - 1), x1 = min(image.width, xs[c + 1] + 1)
                let y0 = max(0, ys[r] - 1), y1 = min(image.height, ys[r + 1] + 1)
                let w = max(1, x1 - x0), h = max(1, y1 - y0)
                let tex = pool.acquire(width: w, height: h)
                glActiveTexture(GLenum(GL_TEXTURE0))
                glBindTexture(GLenum(GL_TEXTURE_2D), tex.id)
                var bytes: [UInt8]
                if x0 == 0 && y0 == 0 && w == image.width && h == image.height {
                    bytes = image.pixels
                } else {
                    bytes = [UInt8](repeating: 0, count: w * h * 4)
                    for y in 0..<h where y0 + y < image.height {
                        let src = ((y0 + y) * image.width + x0) * 4
                        let n = min(w, image.width - x0) * 4
                        bytes.replaceSubrange((y * w * 4)..<(y * w * 4 + n), with: image.pixels[src..<(src + n)])
                    }
                }
                if !bytes.isEmpty {
                    glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(w), GLsizei(h),
                                    GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes)
                }
                stats.textureUploads += 1
                stats.uploadedBytes += w * h * 4
                tiles.append(ImageTile(texture: tex, originX: x0, originY: y0, column: c, row: r))
            }
        }
        if tiles.count > 1 { stats.tiledImages += 1 }
        return UploadedImage(width: image.width, height: image.height, columnCuts: cx, rowCuts: cy, tiles: tiles)
    }
}
