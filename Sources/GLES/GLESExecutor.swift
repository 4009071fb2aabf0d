// GLES: the GLES2 executor — runs a RenderPlan on a headless EGL context
// and reads the canvas back. Each pass renders into an FBO over a pooled
// RGBA8 texture (viewport = pass size, pass pixel (x, y) → NDC
// (2x/W − 1, 2y/H − 1), so rows need no flip anywhere); items go through
// the shared Tessellator and the Batcher; pass textures return to the pool
// once no later pass samples them (the plan's schedule, from
// `RenderPlan.validate`, which runs before anything is drawn). The CPU executor (Raster) runs the same
// plan with the same math; the differential tests hold the two together.

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
    private var scheduleMemos: [Int: PassOrdering.ScheduleMemo] = [:]

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
    private var occlusionMemos: [Int: OcclusionClip.Memo] = [:]

    private let pool = TexturePool()
    /// Pass targets kept across executions under rasterization-cache keys
    /// (`RenderPass.retainKey`), out of the pool, sampled as `TextureRef.cached`.
    private var retained: [UInt64: PooledTexture] = [:]
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
    private var pvrtcUses: [TextureCacheKey: (frames: Int, fragments: Double)] = [:]
    /// Pages of small images (TextureAtlas), entries of `textureCache` (tests
    /// swap in one with small pages after `dropImageTextures`).
    var atlas: TextureAtlas
    /// Pages of coverage masks (Paint.textureAlpha, nearest, no coverage
    /// math), apart from `atlas`; also entries of `textureCache`.
    var maskAtlas: TextureAtlas
    /// The mask atlas's pages at most (alpha pages: at most 4 MiB, for one of 2048²):
    /// shapes-300's masks (docs/benchmarks.md) take four, of 256², 512², 1024² and 2048².
    static let maskAtlasPages = 8
    private let framebuffer: Framebuffer
    private let batcher: Batcher
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

    // MARK: - Items

    struct FrameState {
        var passTextures: [Int: PooledTexture] = [:]
        /// Pass ids whose outputs are kept after the frame, with their cache keys.
        var keptPasses: [Int: UInt64] = [:]
        var images: [Int: UploadedImage] = [:]
        /// PVRTC images uploaded as blocks (native or for shader decoding), by plan image index.
        var pvrtcImages: [Int: UploadedImage] = [:]
        /// PVRTC images that went (or will go) as RGBA8, so each reason is counted once per frame.
        var pvrtcFallbacks: Set<Int> = []
        /// Uploads the texture cache could not key (empty arrays): released after the frame.
        var uncachedUploads: [UploadedImage] = []
        /// Plan images scanned for alpha: whether every alpha is 255 (PVRTC ones count as not).
        var opaqueImages: [Int: Bool] = [:]
        mutating func imageIsOpaque(_ i: Int) -> Bool {
            if let known = opaqueImages[i] { return known }
            let opaque = planImages.indices.contains(i) && planImages[i].pvrtc == nil && planImages[i].isFullyOpaque
            opaqueImages[i] = opaque
            return opaque
        }
        /// Plan images drawn from an atlas page, and those that may not be (TextureAtlas), by index.
        var atlasSlots: [Int: AtlasSlot] = [:]
        var notAtlased: Set<Int> = []
        /// The same for plan images drawn as masks from the mask atlas.
        var maskSlots: [Int: AtlasSlot] = [:]
        var notMaskAtlased: Set<Int> = []
        /// Fragments sampling each PVRTC image this frame (PVRTCFragmentCount), counted on first need.
        var pvrtcFragments: [Int: Double]?
        let plan: RenderPlan
        var planImages: [PlanImage] { plan.images }
        init(plan: RenderPlan) { self.plan = plan }
    }

    /// The tessellated pieces of a draw pass's items in painter order (none
    /// for a blur pass); images are uploaded here, before anything is drawn.
    private func pieces(of pass: RenderPass, frame: inout FrameState, stats: inout GPUStats) throws -> [DrawPiece] {
        guard case .draw(let items) = pass.content else { return [] }
        var out: [DrawPiece] = []
        out.reserveCapacity(items.count)
        for (order, item) in items.enumerated() {
            if opaqueFirst, let inner = item.opaqueInterior,
               let g = Tessellator.geometry(of: inner, width: pass.width, height: pass.height) {
                out.append(DrawPiece(geometry: g, state: BatchState(program: .flat, textures: [], filter: .nearest,
                                                                      blend: .copy, depthWrite: true),
                                     order: order, opaque: true))
                stats.opaqueInteriors += 1
            } else if opaqueFirst, flatInteriors, flatBlended, let inner = item.flatInterior,
                      let g = Tessellator.geometry(of: inner, width: pass.width, height: pass.height) {
                // Drawn just before its item, writing the item's depth: the item's
                // coverage program then runs only on the fringe (PassOrdering).
                out.append(DrawPiece(geometry: g, state: BatchState(program: .flat, textures: [], filter: .nearest,
                                                                      blend: .sourceOver, depthWrite: true),
                                     order: order, opaque: false, interior: true))
                stats.flatInteriors += 1
            }
            let opaque = opaqueFirst ? item.isOpaque(imageIsOpaque: { frame.imageIsOpaque($0) }) : item.isOpaque
            try appendPieces(of: item, order: order, opaque: opaque, pass: pass, to: &out, frame: &frame, stats: &stats)
        }
        return out
    }

    private func appendPieces(of item: DrawItem, order: Int, opaque: Bool, pass: RenderPass, to out: inout [DrawPiece],
                              frame: inout FrameState, stats: inout GPUStats) throws {
        func emit(_ piece: DrawItem, _ state: BatchState, atlas slot: AtlasSlot? = nil,
                  at slotOffset: Int = VertexLayout.color + 1) {
            if var g = Tessellator.geometry(of: piece, width: pass.width, height: pass.height) {
                slot?.stamp(&g, at: slotOffset)
                var s = state
                if opaque { s.blend = .copy }
                out.append(DrawPiece(geometry: g, state: s, order: order, opaque: opaque))
                stats.itemsDrawn += 1
            } else {
                stats.itemsCulled += 1
            }
        }
        let kind: ProgramKind, filter: TextureFilter, uv: Homography
        switch item.paint {
        case .solid:
            let program: ProgramKind
            switch item.shape {
            case .blurredRect: program = .blurredRect
            case .blurredRoundedRect: program = .blurredRoundedRect
            // Coverage is exactly 1 on every pixel of a plain quad without antialiased edges.
            case .quad where item.aaEdges.isEmpty && (opaque || flatBlended): program = .flat
            default: program = .solid
            }
            // Flat pieces write depth in the blended phase too, so they share batches with
            // the flat interiors (harmless: only pieces that do not overlap are reordered).
            emit(item, BatchState(program: program, textures: [], filter: .nearest, blend: item.blend,
                                  depthWrite: program == .flat))
            return
        case .gradient(let g):
            // PlanBuilder only emits valid gradients; a degenerate one draws nothing.
            guard let u = GradientUniforms(g) else { stats.itemsCulled += 1; return }
            emit(item, BatchState(program: .gradient, textures: [], filter: .nearest, blend: item.blend,
                                  gradient: u))
            return
        case .texture(let ref, let u, let f, _):
            if case .image(let i) = ref, let up = try pvrtcUpload(i, frame: &frame, stats: &stats) {
                let tex = up.tiles[0].texture
                let plain = up.pvrtcMode == .native || up.pvrtcMode == .decodedOnce
                emit(item, BatchState(program: plain ? .texture : .pvrtc(f, twoBpp: up.pvrtcTwoBpp),
                                      textures: [tex.id], sizes: [SIMD2(Float(up.width), Float(up.height))],
                                      filter: f, blend: item.blend))
                return
            }
            if let c = Self.atlasCandidate(item), !c.mask, let slot = atlasSlot(c.image, frame: &frame, stats: &stats) {
                emit(item, BatchState(program: f == .nearest ? .textureAtlasNearest : .textureAtlas, textures: [slot.texture.id], sizes: [slot.texture.size],
                                      filter: f, blend: item.blend), atlas: slot)
                return
            }
            kind = flatTextures && item.hasUnitCoverage ? .textureFlat : .texture; filter = f; uv = u
        case .textureAlpha(_, let u, let f, _):
            // A mask without coverage math, sampled nearest, may come from the mask atlas (the
            // slot goes where such an item's shape rect would be: ps_texture_alpha_atlas_nearest).
            if let c = Self.atlasCandidate(item), c.mask,
               let slot = atlasSlot(c.image, mask: true, frame: &frame, stats: &stats) {
                emit(item, BatchState(program: .textureAlphaAtlasNearest, textures: [slot.texture.id],
                                      sizes: [slot.texture.size], filter: .nearest, blend: item.blend),
                     atlas: slot, at: VertexLayout.shapeRect)
                return
            }
            kind = flatTextures && item.hasUnitCoverage ? .textureAlphaFlat : .textureAlpha; filter = f; uv = u
        case .masked(_, _, let u, let f, _): kind = .masked; filter = f; uv = u
        }
        let refs = item.textures
        var sources: [TextureSource] = []
        for r in refs { sources.append(try resolve(r, frame: &frame, stats: &stats)) }
        if let tiled = sources.firstIndex(where: { $0.uploaded?.isTiled == true }) {
            let image = sources[tiled].uploaded!
            // All textures of the item must share the tile grid (same image size), so one uv serves both.
            guard sources.allSatisfy({ $0.uploaded.map { $0.width == image.width && $0.height == image.height } ?? false })
            else {
                throw GLESError.unsupported("a masked item whose texture and mask need different tilings")
            }
            for piece in TileSplitter.split(item, uv: uv, image: image,
                                                    passWidth: pass.width, passHeight: pass.height) {
                let tiles = sources.map { $0.uploaded!.tile(column: piece.tile.column, row: piece.tile.row).texture }
                emit(piece.item, BatchState(program: kind, textures: tiles.map(\.id), sizes: tiles.map(\.size),
                                            filter: filter, blend: item.blend))
            }
        } else {
            let textures = sources.map(\.singleTexture)
            emit(item, BatchState(program: kind, textures: textures.map(\.id), sizes: textures.map(\.size),
                                  filter: filter, blend: item.blend))
        }
    }

    /// A texture an item samples: an uploaded image (maybe tiled) or a pass target.
    struct TextureSource {
        var uploaded: UploadedImage?
        var pass: PooledTexture?
        var singleTexture: PooledTexture { pass ?? uploaded!.tiles[0].texture }
    }

    private func resolve(_ ref: TextureRef, frame: inout FrameState, stats: inout GPUStats) throws -> TextureSource {
        switch ref {
        case .pass(let id):
            guard let t = frame.passTextures[id] else {
                throw GLESError.unsupported("an item samples pass \(id) before it is rendered (or after its last use)")
            }
            return TextureSource(uploaded: nil, pass: t)
        case .cached(let k):
            guard let t = retained[k] else {
                throw GLESError.unsupported("an item samples cached#\(k), a rasterized bitmap the executor does not hold")
            }
            return TextureSource(uploaded: nil, pass: t)
        case .image(let i):
            if let u = frame.images[i] { return TextureSource(uploaded: u, pass: nil) }
            guard frame.planImages.indices.contains(i) else {
                throw GLESError.unsupported("an item samples image \(i) but the plan has \(frame.planImages.count)")
            }
            if frame.planImages[i].pvrtc != nil && frame.pvrtcFallbacks.insert(i).inserted {
                stats.pvrtcAsRGBA8["sampled as a mask or alpha", default: 0] += 1
            }
            // Uploaded at first use (plans may list images no item draws), once
            // per plan, and kept across frames while the same pixels are drawn.
            let image = frame.planImages[i].image
            let key = TextureCacheKey(image)
            if let key, let u = textureCache.lookup(key) {
                stats.textureCacheHits += 1
                frame.images[i] = u
                return TextureSource(uploaded: u, pass: nil)
            }
            let u = ImageUploader.upload(image, maxSize: maxTextureSize, pool: pool, stats: &stats)
            batcher.forgetTextureBindings()
            frame.images[i] = u
            if let key {
                textureCache.insert(u, key: key, owner: image.pixels, bytes: u.textureBytes)
            } else {
                frame.uncachedUploads.append(u)
            }
            return TextureSource(uploaded: u, pass: nil)
        }
    }

    /// The plan image `item` may be drawn from an atlas, and whether from
    /// the mask atlas: an untinted Paint.texture item's image (the colour
    /// atlas), a nearest Paint.textureAlpha item's without coverage math (the
    /// mask atlas); nil for any other item. Whether the image goes in is
    /// `atlasSlot`'s to say (PVRTC, size, room).
    static func atlasCandidate(_ item: DrawItem) -> (image: Int, mask: Bool)? {
        switch item.paint {
        case .texture(.image(let i), _, _, _) where item.tint == nil: return (i, false)
        case .textureAlpha(.image(let i), _, .nearest, _) where item.hasUnitCoverage: return (i, true)
        default: return nil
        }
    }

    /// Pins the atlas pages holding images `plan` draws from either atlas (the
    /// items `appendPieces` would look up there), so that placing new images
    /// in this frame never empties them.
    private func pinAtlasPages(of plan: RenderPlan) {
        var colour = Set<Int>(), masks = Set<Int>()
        for pass in plan.passes {
            guard case .draw(let items) = pass.content else { continue }
            for item in items {
                guard let c = Self.atlasCandidate(item) else { continue }
                if c.mask { masks.insert(c.image) } else { colour.insert(c.image) }
            }
        }
        func keys(_ indices: Set<Int>) -> Set<TextureCacheKey> {
            Set(indices.compactMap { i in
                plan.images.indices.contains(i) && plan.images[i].pvrtc == nil ? TextureCacheKey(plan.images[i].image) : nil
            })
        }
        atlas.pin(keys(colour), cache: textureCache)
        maskAtlas.pin(keys(masks), cache: textureCache)
    }

    /// The atlas slot of plan image `i` for a Paint.texture item, or with
    /// `mask` in the mask atlas for a Paint.textureAlpha item (placed on first
    /// use in the frame), or nil when the image goes to its own texture:
    /// atlas off, PVRTC, too large, no bytes, or no page with room.
    private func atlasSlot(_ i: Int, mask: Bool = false, frame: inout FrameState, stats: inout GPUStats) -> AtlasSlot? {
        guard useAtlas else { return nil }
        if let s = mask ? frame.maskSlots[i] : frame.atlasSlots[i] { return s }
        guard !(mask ? frame.notMaskAtlased : frame.notAtlased).contains(i) else { return nil }
        let images = frame.planImages
        let pages = mask ? maskAtlas : atlas
        guard images.indices.contains(i), images[i].pvrtc == nil, let key = TextureCacheKey(images[i].image),
              let s = pages.slot(for: images[i].image, key: key, cache: textureCache, pool: pool, stats: &stats) else {
            if mask { frame.notMaskAtlased.insert(i) } else { frame.notAtlased.insert(i) }
            return nil
        }
        batcher.forgetTextureBindings()
        if mask { frame.maskSlots[i] = s } else { frame.atlasSlots[i] = s }
        return s
    }

    // MARK: - PVRTC

    /// The PVRTC blocks of plan image `i` uploaded for a Paint.texture item, or nil
    /// when the image has none or must go as RGBA8 (the reason is counted once).
    private func pvrtcUpload(_ i: Int, frame: inout FrameState, stats: inout GPUStats) throws -> UploadedImage? {
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
    private func destroy(_ u: UploadedImage) {
        for t in u.tiles {
            if u.pooled { pool.destroy(t.texture) } else {
                var id = t.texture.id
                glDeleteTextures(1, &id)
                pool.forgetFilter(of: id)
            }
        }
    }

    /// Returns a PVRTC upload's texture: to the pool, or deleted when it is a native compressed one.
    private func releasePVRTC(_ u: UploadedImage) {
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
