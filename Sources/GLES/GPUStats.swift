// GLES: what one frame cost the GPU path — the numbers `--stats` prints.
// Draw calls are the figure batching is judged by: they must grow with
// state changes (program, textures, filter, blend), not with layer count.

/// Counters of one `GLESExecutor.execute` call.
public struct GPUStats: Sendable, Equatable, Codable {
    /// Passes executed (offscreen and canvas).
    public var passes = 0
    /// glDrawElements / glDrawArrays calls.
    public var drawCalls = 0
    /// The fewest draw calls any drawing order of the frame's pieces, with
    /// their programs and textures, could take: per draw pass, one per opaque
    /// state plus the most state changes on a chain of overlapping blended
    /// pieces (PassOrdering.schedule); passes drawn in painter order count their calls.
    public var drawCallsLowerBound = 0
    /// Of `drawCalls`, those of opaque batches (blending off, depth written: PassOrdering).
    public var opaqueDrawCalls = 0
    /// Vertex buffer uploads of draw passes (one per pass that draws).
    public var bufferUploads = 0
    /// Draw passes ordered opaque first with the depth test.
    public var depthPasses = 0
    /// Opaque interiors split from blended items (DrawItem.opaqueInterior) and drawn in the opaque phase.
    public var opaqueInteriors = 0
    /// Flat interiors split from translucent items (DrawItem.flatInterior): drawn without coverage math.
    public var flatInteriors = 0
    /// Triangles submitted.
    public var triangles = 0
    /// Draw items of the plan that produced geometry (after tile splitting: pieces).
    public var itemsDrawn = 0
    /// Draw items with nothing visible (culled by the vertex stage).
    public var itemsCulled = 0
    /// Texture uploads (glTexImage2D/glTexSubImage2D of image data; one per tile).
    public var textureUploads = 0
    /// Bytes of image data uploaded.
    public var uploadedBytes = 0
    /// Image textures found in the texture cache (uploaded in an earlier frame: no upload this frame).
    public var textureCacheHits = 0
    /// Image textures the cache evicted (deleted) at the end of this frame to stay within its budget.
    public var textureCacheEvictions = 0
    /// Image textures kept for later frames after this one, and their bytes.
    public var textureCacheEntries = 0
    public var textureCacheBytes = 0
    /// Small images drawn from an atlas page (TextureAtlas): placed in an earlier frame (no upload)…
    public var atlasHits = 0
    /// …and copied into a page in this frame (each also counts as a texture upload).
    public var atlasUploads = 0
    /// Small images drawn from their own texture because no atlas page had room.
    public var atlasRefused = 0
    /// Atlas pages held after the frame (each also a texture cache entry), and the images placed in them.
    public var atlasPages = 0
    public var atlasImages = 0
    /// The same for the coverage masks of Paint.textureAlpha items in the mask
    /// atlas (TextureAtlas of `.maskAtlasPage` pages): hits, copies, refusals, pages and masks placed.
    public var maskAtlasHits = 0
    public var maskAtlasUploads = 0
    public var maskAtlasRefused = 0
    public var maskAtlasPages = 0
    public var maskAtlasImages = 0
    /// Images larger than the maximum texture size, split into tiles.
    public var tiledImages = 0
    /// glBindTexture calls for sampling.
    public var textureBinds = 0
    /// glUseProgram calls that changed the program.
    public var programSwitches = 0
    /// Draw calls run by a build of their program with only their pieces'
    /// coverage kinds compiled in (CoverageKinds; the rest run the full program).
    public var coverageVariantDrawCalls = 0
    /// Offscreen passes by `PassReason` raw value.
    public var offscreenPassesByReason: [String: Int] = [:]
    /// Render-target textures created by the pool (the rest were reused).
    public var targetTexturesCreated = 0
    /// Free pool textures deleted at the end of the frame because no frame took them back.
    public var targetTexturesDeleted = 0
    /// Pool textures alive after the frame (pass targets in use or free, kept bitmaps, pooled uploads).
    public var pooledTextures = 0
    /// PVRTC textures uploaded as compressed blocks (GL_IMG_texture_compression_pvrtc).
    public var pvrtcNative = 0
    /// PVRTC textures uploaded as blocks in an RGBA8 texture and decoded in the fragment shader.
    public var pvrtcShaderDecoded = 0
    /// PVRTC textures sampled from an RGBA8 texture a GPU pass decoded them into (decode-once mode).
    public var pvrtcDecodedOnce = 0
    /// Decode-once passes run in this frame (the first frame of each such texture).
    public var pvrtcDecodePasses = 0
    /// PVRTC uploads that went as decoded RGBA8 instead, by reason (2bpp without the extension, tiled, masks…).
    public var pvrtcAsRGBA8: [String: Int] = [:]
    /// Texture bytes the native and shader-decoded PVRTC uploads saved against RGBA8.
    public var pvrtcBytesSaved = 0
    /// Pieces OcclusionClip cut down because opaque pieces above them hide part of them (hidden ones included).
    public var occlusionClippedPieces = 0
    /// Of those, pieces removed whole.
    public var occlusionHiddenPieces = 0
    /// Pieces after the cuts minus pieces before (negative when more were removed than split).
    public var occlusionPiecesAdded = 0
    /// Pixel centres the cut pieces no longer rasterize (each one the depth test would have rejected).
    public var occlusionFragmentsRemoved = 0
    /// Passes whose OcclusionClip decisions were replayed from the last frame (OcclusionClip+Memo.swift).
    public var occlusionPassesReplayed = 0
    /// Draw passes whose batches were last frame's (PassOrdering+Memo.swift).
    public var schedulesReplayed = 0
    /// Seconds spent reading the canvas back (after glFinish, so drawing time is not counted here).
    public var readbackSeconds: Double = 0
    /// GPU time of the frame's passes from GL_EXT_disjoint_timer_query, nil
    /// when the extension is missing or the result was disjoint.
    public var gpuSeconds: Double?

    public init() {}

    /// A one-line-per-figure text for `--stats`.
    public var summary: String {
        var s = "passes \(passes), draw calls \(drawCalls) (at least \(drawCallsLowerBound) in any order), triangles \(triangles), items \(itemsDrawn) (culled \(itemsCulled))\n"
        s += "texture uploads \(textureUploads) (\(uploadedBytes) bytes, \(tiledImages) tiled images), "
        s += "texture binds \(textureBinds), program switches \(programSwitches)"
        if coverageVariantDrawCalls > 0 { s += " (\(coverageVariantDrawCalls) draw calls with fewer coverage kinds)" }
        s += "\ntexture cache: \(textureCacheHits) hits, \(textureCacheEvictions) evictions, "
        s += "\(textureCacheEntries) textures kept (\(textureCacheBytes) bytes); "
        s += "pool: \(targetTexturesCreated) created, \(targetTexturesDeleted) deleted, \(pooledTextures) alive"
        if atlasHits + atlasUploads + atlasRefused + atlasPages > 0 {
            s += "\natlas: \(atlasHits + atlasUploads) images drawn from \(atlasPages) pages (\(atlasUploads) copied in, "
            s += "\(atlasRefused) refused for lack of room), \(atlasImages) placed"
        }
        if maskAtlasHits + maskAtlasUploads + maskAtlasRefused + maskAtlasPages > 0 {
            s += "\nmask atlas: \(maskAtlasHits + maskAtlasUploads) masks drawn from \(maskAtlasPages) pages "
            s += "(\(maskAtlasUploads) copied in, \(maskAtlasRefused) refused for lack of room), \(maskAtlasImages) placed"
        }
        s += "\nopaque first: \(depthPasses) passes with depth, \(opaqueDrawCalls) opaque draw calls, "
        s += "\(opaqueInteriors) opaque interiors, \(flatInteriors) flat interiors; vertex buffer uploads \(bufferUploads)"
        if schedulesReplayed > 0 { s += "; \(schedulesReplayed) passes drawn in last frame's batches" }
        if occlusionClippedPieces > 0 {
            s += "\nocclusion clip: \(occlusionClippedPieces) pieces cut (\(occlusionHiddenPieces) removed whole, "
            s += "\(occlusionPiecesAdded) pieces added), \(occlusionFragmentsRemoved) hidden fragments not rasterized"
        }
        if !offscreenPassesByReason.isEmpty {
            s += "\noffscreen passes: " + offscreenPassesByReason.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        if pvrtcNative + pvrtcShaderDecoded + pvrtcDecodedOnce > 0 || !pvrtcAsRGBA8.isEmpty {
            s += "\n" + pvrtcSummary
        }
        return s
    }

    /// One line on PVRTC textures: how they were uploaded and the bytes saved.
    public var pvrtcSummary: String {
        var s = "PVRTC textures: native \(pvrtcNative), shader-decoded \(pvrtcShaderDecoded)"
        s += ", decoded once \(pvrtcDecodedOnce) (\(pvrtcDecodePasses) decode passes)"
        let fallbacks = pvrtcAsRGBA8.values.reduce(0, +)
        s += ", as RGBA8 \(fallbacks)"
        if fallbacks > 0 {
            s += " (" + pvrtcAsRGBA8.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        }
        s += "; \(pvrtcBytesSaved) texture bytes saved vs RGBA8"
        return s
    }
}
