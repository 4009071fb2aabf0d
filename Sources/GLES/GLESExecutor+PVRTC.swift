// GLES: PVRTC textures in the executor — the blocks uploaded natively or
// for shader decoding, or decoded once into RGBA8 when size and use say
// so (PVRTCDecodeChoice), kept in the texture cache; and how evicted or
// per-frame uploads give their textures back.

import CGLES2
import Images
import Plan

extension GLESExecutor {
    /// The PVRTC blocks of plan image `i` uploaded for a Paint.texture item, or nil
    /// when the image has none or must go as RGBA8 (the reason is counted once).
    func pvrtcUpload(_ i: Int, frame: inout FrameState, stats: inout GPUStats) throws -> UploadedImage? {
        if let u = frame.pvrtcImages[i] { return u }
        guard frame.planImages.indices.contains(i), let t = frame.planImages[i].pvrtc else { return nil }
        if frame.pvrtcFallbacks.contains(i) { return nil }
        let native = info.pvrtcNative
        if let reason = PVRTCUploader.fallbackReason(t, native: native, maxSize: maxTextureSize) {
            frame.pvrtcFallbacks.insert(i)
            stats.pvrtcAsRGBA8[reason, default: 0] += 1
            return nil
        }
        let mode: PVRTCUploadMode = native ? .native : .shaderDecode
        let key = TextureCacheKey(t, kind: native ? .pvrtcNative : .pvrtcBlocks)
        let decodedKey = native || pvrtcDecode == .shader ? nil : TextureCacheKey(t, kind: .pvrtcDecoded)
        if let decodedKey, let u = textureCache.lookup(decodedKey) {
            stats.textureCacheHits += 1
            PVRTCUploader.countUse(t, mode: .decodedOnce, stats: &stats)
            frame.pvrtcImages[i] = u
            return u
        }
        var use = (frames: 1, fragments: 0.0)
        if let key, decodedKey != nil {
            if pvrtcUses.count > 4096 { pvrtcUses = [:] }
            if frame.pvrtcFragments == nil { frame.pvrtcFragments = PVRTCFragmentCount.fragments(in: frame.plan) }
            // Counts belong to blocks still in the texture cache, which keeps their array (the
            // key's storage) alive; blocks not cached start over, so a key reused by a new
            // array after the old one was freed never inherits its uses.
            let before = textureCache.contains(key) ? pvrtcUses[key] ?? (frames: 0, fragments: 0) : (frames: 0, fragments: 0)
            use = (before.frames + 1, before.fragments + (frame.pvrtcFragments?[i] ?? 0))
            pvrtcUses[key] = use
        }
        let once = decodedKey != nil
            && pvrtcDecode.decodesOnce(texels: t.width * t.height, frames: use.frames, fragments: use.fragments,
                                       cacheBudget: textureCache.budget)
        var u: UploadedImage
        var fresh = false
        if let key, let cached = textureCache.lookup(key) {
            stats.textureCacheHits += 1
            u = cached
        } else {
            u = PVRTCUploader.upload(t, mode: mode, pool: pool, stats: &stats)
            batcher.forgetTextureBindings()
            fresh = true
        }
        if once, let decodedKey {
            let decoded = try PVRTCDecodePass.decode(u, framebuffer: framebuffer, batcher: batcher, pool: pool)
            stats.pvrtcDecodePasses += 1
            // The blocks are not needed any more: the decoded texture replaces them.
            if fresh { releasePVRTC(u) } else if let key, let old = textureCache.remove(key) { destroy(old) }
            u = decoded
            textureCache.insert(u, key: decodedKey, owner: t.levels[0], bytes: u.textureBytes)
            PVRTCUploader.countUse(t, mode: .decodedOnce, stats: &stats)
        } else {
            PVRTCUploader.countUse(t, mode: mode, stats: &stats)
            if fresh {
                if let key {
                    textureCache.insert(u, key: key, owner: t.levels[0], bytes: u.textureBytes)
                } else {
                    frame.uncachedUploads.append(u)
                }
            }
        }
        frame.pvrtcImages[i] = u
        return u
    }

    /// Deletes an evicted upload's textures (cache eviction frees memory rather than pooling it).
    func destroy(_ u: UploadedImage) {
        for t in u.tiles {
            if u.pooled { pool.destroy(t.texture) } else {
                var id = t.texture.id
                glDeleteTextures(1, &id)
                pool.forgetFilter(of: id)
            }
        }
    }

    /// Returns a PVRTC upload's texture: to the pool, or deleted when it is a native compressed one.
    func releasePVRTC(_ u: UploadedImage) {
        for t in u.tiles {
            if u.pooled {
                pool.release(t.texture)
            } else {
                var id = t.texture.id
                glDeleteTextures(1, &id)
                pool.forgetFilter(of: id)
            }
        }
    }
}
