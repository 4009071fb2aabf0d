// GLES: PVRTC1 textures (PlanImage.pvrtc, level 0) on the GPU. With
// GL_IMG_texture_compression_pvrtc the Morton-ordered blocks go to
// glCompressedTexImage2D as they are (native). Without it, 4bpp blocks are
// reordered to raster block order and uploaded as an RGBA8 texture of
// (2·nbx) × nby texels, two texels per 64-bit word (modulation word, then
// colour word), which ps_texture_pvrtc.frag.glsl decodes and filters
// bit-exactly like the CPU executor sampling the CPU-decoded image; 2bpp blocks
// go the same way to ps_texture_pvrtc2{,_nearest}.frag.glsl. Anything
// else — levels below the 8×8 / 16×8 block minimum,
// images over the maximum texture size (tiled) — is uploaded as RGBA8 from
// the decoded image, with the reason counted in GPUStats. Rectangular
// power-of-two textures (128×32, …) take both paths like square ones: the
// extension asks only for powers of two, and the shader decoder gets the
// block grid's width and height separately.

import CGLES2
import Images
import PVRTC
import Plan

/// How a PVRTC texture reached the GPU.
enum PVRTCUploadMode: Equatable {
    /// glCompressedTexImage2D; sampled by ps_texture like any texture.
    case native
    /// Blocks as RGBA8; decoded in ps_texture_pvrtc.
    case shaderDecode
    /// Decoded by one GPU pass into an RGBA8 texture (PVRTCDecodePass); sampled by ps_texture.
    case decodedOnce
}

enum PVRTCUploader {
    /// GL_COMPRESSED_{RGB,RGBA}_PVRTC_{4,2}BPPV1_IMG.
    static func glFormat(_ t: PVRTCTexture) -> GLenum {
        switch (t.bitsPerPixel, t.hasAlpha) {
        case (.four, false): return 0x8C00
        case (.two, false): return 0x8C01
        case (.four, true): return 0x8C02
        case (.two, true): return 0x8C03
        }
    }

    /// Why `t` cannot be uploaded as blocks (so goes as RGBA8), or nil.
    static func fallbackReason(_ t: PVRTCTexture, native: Bool, maxSize: Int) -> String? {
        guard let level0 = t.levels.first else { return "no level 0" }
        if t.width > maxSize || t.height > maxSize { return "larger than the max texture size (tiled)" }
        if level0.count < t.bitsPerPixel.dataSize(width: t.width, height: t.height) { return "level 0 too short" }
        if native { return nil }
        if t.width < t.bitsPerPixel.minimumWidth || t.height < t.bitsPerPixel.minimumHeight {
            return t.bitsPerPixel == .two ? "smaller than one 2×2 block area (16×8)" : "smaller than one 2×2 block area (8×8)"
        }
        return nil
    }

    /// Level 0's 64-bit words in raster block order (block (bx, by) at byte (by·nbx + bx)·8).
    static func rasterBlocks(_ t: PVRTCTexture) -> (bytes: [UInt8], blocksWide: Int, blocksHigh: Int) {
        let nbx = t.width / t.bitsPerPixel.blockWidth, nby = t.height / t.bitsPerPixel.blockHeight
        let src = t.levels[0]
        var out = [UInt8](repeating: 0, count: nbx * nby * 8)
        for by in 0..<nby {
            for bx in 0..<nbx {
                let from = PVRTCMorton.wordIndex(x: bx, y: by, blocksWide: nbx, blocksHigh: nby) * 8
                let to = (by * nbx + bx) * 8
                for k in 0..<8 { out[to + k] = src[from + k] }
            }
        }
        return (out, nbx, nby)
    }

    /// Uploads level 0 of `t` in `mode`. Shader-decode textures come from `pool`;
    /// native ones are created here (`UploadedImage.pooled` false: delete, never pool them).
    static func upload(_ t: PVRTCTexture, mode: PVRTCUploadMode, pool: TexturePool, stats: inout GPUStats) -> UploadedImage {
        let texture: PooledTexture
        let bytes: Int
        switch mode {
        case .native:
            var id: GLuint = 0
            glGenTextures(1, &id)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), id)
            pool.forgetFilter(of: id)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            bytes = t.bitsPerPixel.dataSize(width: t.width, height: t.height)
            t.levels[0].withUnsafeBytes { raw in
                glCompressedTexImage2D(GLenum(GL_TEXTURE_2D), 0, glFormat(t), GLsizei(t.width), GLsizei(t.height), 0,
                                       GLsizei(bytes), raw.baseAddress)
            }
            texture = PooledTexture(id: id, width: t.width, height: t.height)
        case .shaderDecode, .decodedOnce:
            let (data, nbx, nby) = rasterBlocks(t)
            texture = pool.acquire(width: 2 * nbx, height: nby)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(2 * nbx), GLsizei(nby),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), data)
            bytes = data.count
        }
        stats.textureUploads += 1
        stats.uploadedBytes += bytes
        var u = UploadedImage(width: t.width, height: t.height, columnCuts: [], rowCuts: [],
                              tiles: [ImageTile(texture: texture, originX: 0, originY: 0, column: 0, row: 0)],
                              pvrtcMode: mode, pooled: mode != .native)
        u.pvrtcTwoBpp = t.bitsPerPixel == .two
        return u
    }
}

extension PVRTCUploader {
    /// Counts a frame's use of `t` sampled in `mode` (fresh upload or texture cache hit).
    static func countUse(_ t: PVRTCTexture, mode: PVRTCUploadMode, stats: inout GPUStats) {
        switch mode {
        case .native: stats.pvrtcNative += 1
        case .shaderDecode: stats.pvrtcShaderDecoded += 1
        case .decodedOnce: stats.pvrtcDecodedOnce += 1; return
        }
        stats.pvrtcBytesSaved += t.width * t.height * 4 - t.bitsPerPixel.dataSize(width: t.width, height: t.height)
    }
}

extension ProgramKind {
    /// The shader-decode programs, whose block texture is always sampled GL_NEAREST.
    var isPVRTC: Bool {
        self == .texturePVRTC || self == .texturePVRTCNearest || self == .texturePVRTC2 || self == .texturePVRTC2Nearest
    }

    /// The shader-decode program for `filter` (2bpp blocks with `twoBpp`).
    static func pvrtc(_ filter: TextureFilter, twoBpp: Bool = false) -> ProgramKind {
        if twoBpp { return filter == .nearest ? .texturePVRTC2Nearest : .texturePVRTC2 }
        return filter == .nearest ? .texturePVRTCNearest : .texturePVRTC
    }
}
