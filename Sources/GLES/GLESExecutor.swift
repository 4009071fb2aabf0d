// GLES: the GLES2 executor — runs a RenderPlan on a headless EGL context
// and reads the canvas back. Each pass renders into an FBO over a pooled
// RGBA8 texture (viewport = pass size, pass pixel (x, y) → NDC
// (2x/W − 1, 2y/H − 1), so rows need no flip anywhere); items go through
// the shared Tessellator and the Batcher; pass textures return to the pool
// once no later pass samples them (the plan's schedule, from
// `RenderPlan.validate`, which runs before anything is drawn). The CPU executor (Raster) runs the same
// plan with the same math; the differential tests hold the two together.
// A pass's pieces and the textures they sample are GLESExecutor+Pieces.swift,
// the atlas slots GLESExecutor+Atlas.swift, PVRTC uploads GLESExecutor+PVRTC.swift.

import CGLES2
import Dispatch
import Foundation
import Geometry
import Images
import Plan

/// Runs render plans with OpenGL ES 2 on a headless EGL display.
public final class GLESExecutor {
    /// The driver and its limits.
    public let info: GLInfo
    /// The largest texture side images are uploaded with (the driver's, or the override).
    public let maxTextureSize: Int
    /// Counters of the last `execute`.
    public private(set) var lastStats = GPUStats()
    /// When true, glGetError is checked after every pass and a `glError` thrown (tests turn it on).
    public var checkErrorsAtPassBoundaries = false
    /// Draw passes go opaque first, front to back under a depth test, then
    /// blended (PassOrdering); false keeps painter order (same pixels; for
    /// before/after measurements). The environment variable
    /// COMPOSITOR_GLES_PAINTER_ORDER=1 sets it false for a whole process.
    public var opaqueFirst = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_PAINTER_ORDER"] != "1"
    /// Translucent rounded rects draw their interiors with a program without
    /// coverage math (DrawItem.flatInterior) and the coverage program only on
    /// the rest (needs `opaqueFirst`'s depth buffer); same pixels either way.
    /// COMPOSITOR_GLES_NO_FLAT_INTERIORS=1 sets it false for a whole process.
    public var flatInteriors = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_FLAT_INTERIORS"] != "1"

    /// Blended pieces may leave painter order where they overlap nothing in
    /// between, to share draw calls (BlendedScheduling); false draws them in
    /// painter order, merging only consecutive pieces of one state (same
    /// pixels; for before/after measurements and tests). The environment
    /// variable COMPOSITOR_GLES_NO_REORDER=1 sets it false for a whole process.
    public var reorderBlended = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_REORDER"] != "1"

    /// Blended solid pieces without coverage math (flat interiors, plain
    /// translucent quads) draw with ps_flat; false draws every blended solid
    /// piece with the coverage program, one program fewer in the blended
    /// phase (fewer draw calls, every such fragment pays the coverage math;
    /// same pixels — a measurement of that trade, docs/benchmarks.md). The
    /// environment variable COMPOSITOR_GLES_NO_FLAT_BLENDED=1 sets it false for a whole process.
    public var flatBlended = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_FLAT_BLENDED"] != "1"

    /// Each draw call runs a build of its program with only the coverage
    /// kinds of its pieces compiled in (CoverageKinds: a draw call of
    /// rounded rects alone skips the edge and ring code, which
    /// llvmpipe would otherwise run on every fragment); same pixels. The
    /// environment variable COMPOSITOR_GLES_NO_COVERAGE_VARIANTS=1 sets it
    /// false for a whole process (every draw call runs the full program).
    public var coverageVariants = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_COVERAGE_VARIANTS"] != "1"

    /// When blended pieces whose shared pixels opaque pieces hide from the
    /// lower of them are left unordered (HiddenOverlaps), so they may share
    /// draw calls; same pixels in every mode. On llvmpipe working that out
    /// costs more than the draw calls it saves on one frame
    /// (docs/benchmarks.md, "Overlaps hidden by opaque pieces"), so by
    /// default (`.steady`) a pass gets it on a frame that repeats the last
    /// one and keeps the schedule while it stays so (PassOrdering+Memo.swift).
    /// The environment variable COMPOSITOR_GLES_HIDDEN_OVERLAPS=0 or 1 sets
    /// it `.never` or `.always` for a whole process.
    public var hiddenOverlaps = HiddenOverlapsMode.fromEnvironment(
        ProcessInfo.processInfo.environment["COMPOSITOR_GLES_HIDDEN_OVERLAPS"])
    /// Whether each pass's schedule is kept for the next frame and drawn
    /// again while the pass's pieces schedule the same (PassOrdering+Memo.swift;
    /// same pixels either way; without it `.steady` hidden overlaps never
    /// apply). The environment variable COMPOSITOR_GLES_NO_SCHEDULE_MEMO=1
    /// sets it false for a whole process.
    public var scheduleMemo = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_SCHEDULE_MEMO"] != "1"
    /// The last frame's schedules, by pass id.
    var scheduleMemos: [Int: PassOrdering.ScheduleMemo] = [:]

    /// Small RGBA8 images drawn by Paint.texture items share atlas pages
    /// (TextureAtlas), so items of different images share draw calls, and so
    /// do the coverage masks of nearest Paint.textureAlpha items without
    /// coverage math (shape layers' masks, in pages of their own: `maskAtlas`);
    /// same pixels either way. The environment variable COMPOSITOR_GLES_NO_ATLAS=1
    /// sets it false for a whole process (every image from its own texture).
    public var useAtlas = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_ATLAS"] != "1"

    /// Texture and texture-alpha items that are plain quads without
    /// antialiased edges (DrawItem.hasUnitCoverage: shadow composites,
    /// passes drawn back) draw with ps_texture_flat / ps_texture_alpha_flat,
    /// which skip the coverage function (1 on every pixel they draw, so the
    /// same bits). The environment variable COMPOSITOR_GLES_NO_FLAT_TEXTURES=1
    /// sets it false for a whole process (before/after measurements).
    public var flatTextures = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_FLAT_TEXTURES"] != "1"

    /// With `opaqueFirst`, flat axis-aligned pieces lose the pixels that
    /// axis-aligned opaque pieces above them cover before they are drawn
    /// (OcclusionClip), so llvmpipe no longer rasterizes fragments the depth
    /// test would reject; false leaves them whole (same pixels; for
    /// before/after measurements). The environment variable
    /// COMPOSITOR_GLES_NO_OCCLUSION_CLIP=1 sets it false for a whole process.
    public var occlusionClip = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_OCCLUSION_CLIP"] != "1"
    /// Fragments a cut must save per rectangle it adds (OcclusionClip.minFragmentsPerExtraRect; tests lower it).
    var occlusionClipMinGain = OcclusionClip.minFragmentsPerExtraRect
    /// Whether OcclusionClip keeps each pass's decisions for the next frame
    /// and replays them when the pass's pieces are bit for bit the same
    /// (OcclusionClip+Memo.swift; same pieces either way). The environment
    /// variable COMPOSITOR_GLES_NO_OCCLUSION_MEMO=1 sets it false for a whole process.
    public var occlusionClipMemo = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_NO_OCCLUSION_MEMO"] != "1"
    /// The last frame's OcclusionClip decisions, by pass id.
    var occlusionMemos: [Int: OcclusionClip.Memo] = [:]

    let pool = TexturePool()
    /// Pass targets kept across executions under rasterization-cache keys
    /// (`RenderPass.retainKey`), out of the pool, sampled as `TextureRef.cached`.
    var retained: [UInt64: PooledTexture] = [:]
    /// The rasterization-cache keys whose bitmaps are held.
    public var retainedKeys: Set<UInt64> { Set(retained.keys) }
    /// Drops every kept bitmap (its texture goes back to the pool).
    public func dropRetained() {
        for t in retained.values { pool.release(t) }
        retained = [:]
    }
    /// Textures of plan images kept across executions (TextureCache), keyed by the bytes they came from.
    let textureCache = TextureCache(budget: GLESExecutor.defaultTextureCacheBudget)
    /// The texture cache's default budget: 256 MiB, the decoded-image cache's default (`--image-cache-mb`).
    public static let defaultTextureCacheBudget = 256 << 20
    /// Bytes of image textures kept between frames (least recently used evicted
    /// at the end of a frame past it; 0 uploads every image every frame). It
    /// starts from GLESTextureDefaults.textureCacheMB (--texture-cache-mb,
    /// COMPOSITOR_GLES_TEXTURE_CACHE_MB).
    public var textureCacheBudget: Int {
        get { textureCache.budget }
        set { textureCache.budget = max(0, newValue) }
    }
    /// Image textures held between frames: entries and bytes.
    public var textureCacheContents: (entries: Int, bytes: Int) { (textureCache.count, textureCache.bytes) }
    /// Whether plan image `image` is already on the GPU from an earlier frame
    /// (as PVRTC blocks with `asBlocks`, else as RGBA8 texels).
    func hasCachedTexture(_ image: PlanImage, asBlocks: Bool) -> Bool {
        let key: TextureCacheKey?
        if asBlocks, let t = image.pvrtc, !t.levels.isEmpty {
            if !info.pvrtcNative, pvrtcDecode != .shader,
               let k = TextureCacheKey(t, kind: .pvrtcDecoded), textureCache.contains(k) { return true }
            key = TextureCacheKey(t, kind: info.pvrtcNative ? .pvrtcNative : .pvrtcBlocks)
        } else {
            key = TextureCacheKey(image.image)
        }
        return key.map { textureCache.contains($0) || atlas.contains($0) || maskAtlas.contains($0) } ?? false
    }
    /// Drops every kept image texture (deleted, not pooled), atlas pages included.
    public func dropImageTextures() {
        for u in textureCache.removeAll() { destroy(u) }
        atlas.removeAll()
        maskAtlas.removeAll()
    }
    /// Forgets all the executor keeps from frame to frame: kept bitmaps,
    /// image textures and atlas pages, PVRTC use counts, and the occlusion
    /// clip's and the schedules' memos. The next `execute` then runs as a
    /// new executor's first would, without building the programs again
    /// (the scene fuzzer replays every input from that state).
    public func forgetFrames() {
        dropRetained()
        dropImageTextures()
        pvrtcUses = [:]
        occlusionMemos = [:]
        scheduleMemos = [:]
    }
    /// Atlas pages held between frames and the images placed in them.
    public var atlasContents: (pages: Int, images: Int) { (atlas.pageCount, atlas.imageCount) }
    /// Mask atlas pages held between frames and the masks placed in them.
    public var maskAtlasContents: (pages: Int, images: Int) { (maskAtlas.pageCount, maskAtlas.imageCount) }
    /// How PVRTC blocks are decoded without native support (PVRTCDecodeChoice;
    /// starts from GLESTextureDefaults.pvrtcDecode: --pvrtc-decode, COMPOSITOR_GLES_PVRTC_DECODE).
    public var pvrtcDecode: PVRTCDecodeChoice = GLESTextureDefaults.pvrtcDecode
    /// Frames in which each PVRTC block texture was used, and the fragments that sampled it in
    /// them (the `auto` rule's use count), for block textures in the texture cache.
    var pvrtcUses: [TextureCacheKey: (frames: Int, fragments: Double)] = [:]
    /// Pages of small images (TextureAtlas), entries of `textureCache` (tests
    /// swap in one with small pages after `dropImageTextures`).
    var atlas: TextureAtlas
    /// Pages of coverage masks (Paint.textureAlpha, nearest, no coverage
    /// math), apart from `atlas`; also entries of `textureCache`.
    var maskAtlas: TextureAtlas
    /// The mask atlas's pages at most (alpha pages: at most 4 MiB, for one of 2048²):
    /// shapes-300's masks (docs/benchmarks.md) take four, of 256², 512², 1024² and 2048².
    static let maskAtlasPages = 8
    let framebuffer: Framebuffer
    let batcher: Batcher
    private let blur: BlurRenderer
    /// GPU frame timing, nil without GL_EXT_disjoint_timer_query.
    private let timer: GPUTimer?
    /// Whether `GPUStats.gpuSeconds` is measured (the driver has a timer query).
    public var hasGPUTimer: Bool { timer != nil }
    /// Declared last: stored properties are destroyed in declaration order, so
    /// every GL object above is deleted while this context still exists (and,
    /// thanks to `deinit`, is current — never another executor's context).
    private let session: EGLSession

    /// Whether new executors on llvmpipe bind its rasterizer threads, thread
    /// k to the k-th CPU the process may use (RasterThreadPlacement.swift), so
    /// a process's first frames do not run both on one CPU. Starts true;
    /// the environment variable COMPOSITOR_LLVMPIPE_SPREAD_THREADS=0 starts it false.
    nonisolated(unsafe) public static var spreadsRasterThreads =
        ProcessInfo.processInfo.environment["COMPOSITOR_LLVMPIPE_SPREAD_THREADS"] != "0"
    /// The llvmpipe rasterizer threads of the process when this executor
    /// opened, and the CPU it bound each to (thread id → CPU); empty when it bound none.
    public private(set) var rasterThreadCPUs: [Int32: Int] = [:]

    /// Opens EGL on `platform`, creates a GLES 2 context and builds every program.
    /// - Parameter maxTextureSizeOverride: a smaller maximum texture size for images (tests of tiling).
    public init(platform: EGLPlatformChoice = .auto, maxTextureSizeOverride: Int? = nil) throws {
        session = try EGLSession(choice: platform)
        info = GLInfo.query(session: session)
        maxTextureSize = max(3, min(maxTextureSizeOverride ?? info.maxTextureSize, info.maxTextureSize))
        atlas = TextureAtlas(maxTextureSize: maxTextureSize)
        maskAtlas = TextureAtlas(maxTextureSize: maxTextureSize, maxPages: Self.maskAtlasPages, pageKind: .maskAtlasPage)
        guard info.fragmentHighPrecision else {
            throw GLESError.unsupported("the driver has no highp floats in fragment shaders")
        }
        var programs: [ProgramKind: Program] = [:]
        for kind in ProgramKind.allCases { programs[kind] = try Program(kind: kind) }
        framebuffer = Framebuffer()
        batcher = Batcher(programs: programs, pool: pool)
        blur = BlurRenderer()
        timer = GPUTimer(info: info)
        glDisable(GLenum(GL_DITHER))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        if let mb = GLESTextureDefaults.textureCacheMB { textureCache.budget = mb << 20 }
        if GLESExecutor.spreadsRasterThreads && info.renderer.lowercased().contains("llvmpipe") {
            rasterThreadCPUs = RasterThreadPlacement.spread(over: RasterThreadPlacement.allowedCPUs())
        }
        try checkGLError("after creating the executor")
    }

    deinit {
        try? session.makeCurrent()
    }

    /// Wall-clock seconds by phase of the last `execute`: prepare (tessellation,
    /// texture uploads, ordering), clear (issuing clears), submit (vertex
    /// upload and draw calls: the driver bins them), finish (glFinish: the
    /// driver rasterizes and shades), readback.
    public private(set) var lastPhases = FramePhases()

    /// Renders `plan` and returns the canvas pass's pixels (premultiplied RGBA8, rows top-down).
    public func execute(_ plan: RenderPlan) throws -> Image {
        try session.makeCurrent()
        while glGetError() != GLenum(GL_NO_ERROR) {}
        var stats = GPUStats()
        var phases = FramePhases()
        pool.created = 0
        pool.deleted = 0
        batcher.resetCachedState()
        batcher.coverageVariants = coverageVariants
        atlas.beginFrame()
        maskAtlas.beginFrame()
        if useAtlas { pinAtlasPages(of: plan) }
        for k in plan.evictedCacheKeys {
            if let t = retained.removeValue(forKey: k) { pool.release(t) }
        }
        var frame = FrameState(plan: plan)
        defer {
            for t in frame.passTextures.values { pool.release(t) }
            for u in frame.uncachedUploads { releasePVRTC(u) }
            // The frame's images stay in the texture cache; trim it to its budget.
            for u in textureCache.trim() { destroy(u); stats.textureCacheEvictions += 1 }
            atlas.dropEvicted(from: textureCache)
            maskAtlas.dropEvicted(from: textureCache)
            stats.atlasPages = atlas.pageCount
            stats.atlasImages = atlas.imageCount
            stats.maskAtlasPages = maskAtlas.pageCount
            stats.maskAtlasImages = maskAtlas.imageCount
            pool.endFrame()
            stats.targetTexturesDeleted = pool.deleted
            stats.pooledTextures = pool.count
            stats.textureCacheEntries = textureCache.count
            stats.textureCacheBytes = textureCache.bytes
            lastStats = stats
            lastPhases = phases
        }
        let schedule = try plan.validate(maxPassSize: min(info.maxTextureSize, RenderPlan.maxPassSize),
                                         heldCacheKeys: Set(retained.keys))
        var output = Image(width: 0, height: 0)
        // This frame's OcclusionClip decisions replace the last frame's (passes not drawn now are forgotten).
        var memos: [Int: OcclusionClip.Memo] = [:]
        defer { occlusionMemos = memos }
        var schedules: [Int: PassOrdering.ScheduleMemo] = [:]
        defer { scheduleMemos = schedules }
        timer?.begin()
        defer { timer?.end() }
        for (index, pass) in plan.passes.enumerated() {
            let target = pool.acquire(width: pass.width, height: pass.height)
            batcher.forgetTextureBindings()
            frame.passTextures[pass.id] = target
            if let k = pass.retainKey { frame.keptPasses[pass.id] = k }
            let t0 = DispatchTime.now().uptimeNanoseconds
            var pieces = try pieces(of: pass, frame: &frame, stats: &stats)
            var clipNanoseconds: UInt64 = 0
            // The viewport framebuffer.target sets below: the occlusion clip and hidden
            // overlaps work out covered pixels as they arrive.
            let sides = framebuffer.viewport(width: target.width, height: target.height)
            let passViewport = SIMD2(sides.0, sides.1)
            if opaqueFirst && occlusionClip {
                let tc = DispatchTime.now().uptimeNanoseconds
                var memo = occlusionClipMemo ? occlusionMemos.removeValue(forKey: pass.id) : nil
                OcclusionClip.apply(&pieces, stats: &stats, minGain: occlusionClipMinGain,
                                    memo: &memo, remember: occlusionClipMemo, viewport: passViewport)
                if let memo { memos[pass.id] = memo }
                clipNanoseconds = DispatchTime.now().uptimeNanoseconds - tc
            }
            let batches: [PassBatch], bound: Int?
            if scheduleMemo {
                var scheduled = scheduleMemos.removeValue(forKey: pass.id)
                let replayed: Bool
                (batches, bound, replayed) = PassOrdering.schedule(
                    pieces, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended, viewport: passViewport,
                    hidden: hiddenOverlaps, memo: &scheduled)
                schedules[pass.id] = scheduled
                if replayed { stats.schedulesReplayed += 1 }
            } else {
                // Nothing kept: `.steady` never sees a pass unchanged.
                (batches, bound) = PassOrdering.schedule(pieces, opaqueFirst: opaqueFirst, reorderBlended: reorderBlended,
                                                         viewport: hiddenOverlaps == .always ? passViewport : nil)
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            phases.add("prepare", Double(t1 - t0 - clipNanoseconds) / 1e9)
            if opaqueFirst && occlusionClip { phases.add("occlusionClip", Double(clipNanoseconds) / 1e9) }
            let depth = batches.contains(where: \.depthTest)
            let viewport = try framebuffer.target(target, pass: pass.id, depth: depth)
            if depth {
                glDepthMask(GLboolean(GL_TRUE))
                glClearDepthf(1)
                glClear(GLenum(GL_DEPTH_BUFFER_BIT))
                stats.depthPasses += 1
            }
            let passCalls = stats.drawCalls
            var itemCallsSaved = 0
            defer { stats.drawCallsLowerBound += stats.drawCalls - passCalls - itemCallsSaved }
            switch pass.load {
            case .clear(let c):
                glClearColor(Float(c.r), Float(c.g), Float(c.b), Float(c.a))
                glClear(GLenum(GL_COLOR_BUFFER_BIT))
            case .load(let p):
                // A copy is an RGBA blur of radius 0: weight 1, one exact texel per pixel.
                guard let source = frame.passTextures[p] else { preconditionFailure("pass#\(p) loaded after its last use") }
                try blur.draw(BlurStep(source: p, axis: .horizontal, sigma: 0, channels: .rgba), source: source,
                          width: pass.width, height: pass.height, viewport: viewport, batcher: batcher, stats: &stats)
            }
            let t2 = DispatchTime.now().uptimeNanoseconds
            phases.add("clear", Double(t2 - t1) / 1e9)
            switch pass.content {
            case .draw:
                let callsBefore = stats.drawCalls
                batcher.drawPass(pieces, batches: batches, viewport: viewport, stats: &stats)
                // The calls of the load copy and of blur passes count as they are.
                itemCallsSaved = stats.drawCalls - callsBefore - min(bound ?? .max, stats.drawCalls - callsBefore)
            case .blur(let step):
                guard let source = frame.passTextures[step.source] else {
                    throw GLESError.unsupported("blur pass \(pass.id) reads pass \(step.source) before it is rendered")
                }
                try blur.draw(step, source: source, width: pass.width, height: pass.height, viewport: viewport,
                          batcher: batcher, stats: &stats)
            case .blurs(let steps):
                // Packed steps: one quad each over its region of the shared target.
                guard let s = steps.first, let source = frame.passTextures[s.source] else {
                    throw GLESError.unsupported("packed blur pass \(pass.id) reads a pass before it is rendered")
                }
                for step in steps {
                    try blur.draw(step, source: source, width: pass.width, height: pass.height, viewport: viewport,
                              batcher: batcher, stats: &stats)
                }
            }
            phases.add("submit", Double(DispatchTime.now().uptimeNanoseconds - t2) / 1e9)
            stats.passes += 1
            if pass.reason != .canvas { stats.offscreenPassesByReason[pass.reason.rawValue, default: 0] += 1 }
            if index == plan.passes.count - 1 {
                timer?.end()
                let t3 = DispatchTime.now().uptimeNanoseconds
                glFinish()
                stats.gpuSeconds = timer?.seconds()
                let t0 = DispatchTime.now().uptimeNanoseconds
                phases.add("finish", Double(t0 - t3) / 1e9)
                output = Readback.read(width: pass.width, height: pass.height)
                stats.readbackSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                phases.add("readback", stats.readbackSeconds)
            }
            if checkErrorsAtPassBoundaries {
                try checkGLError("after pass \(pass.id) (\(pass.reason.rawValue))")
            }
            // Return the targets no later pass samples (kept ones stay until the frame is done).
            for id in schedule.releasedAfter[index] where !frame.keptPasses.keys.contains(id) {
                if let t = frame.passTextures.removeValue(forKey: id) { pool.release(t) }
            }
        }
        // The frame succeeded: keep the tagged outputs, replacing older bitmaps.
        for (id, key) in frame.keptPasses {
            guard let t = frame.passTextures.removeValue(forKey: id) else { continue }
            if let old = retained.updateValue(t, forKey: key) { pool.release(old) }
        }
        stats.targetTexturesCreated = pool.created
        return output
    }

    /// Throws `glError` when GL has recorded an error.
    func checkGLError(_ place: String) throws {
        let e = glGetError()
        if e != GLenum(GL_NO_ERROR) {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            throw GLESError.glError(code: UInt32(e), where: place)
        }
    }
}
