// GLES: what the executor turns a draw pass into before drawing — each
// item's pieces (its opaque or flat interior first, then the item with
// the program and textures its paint needs) and the textures they
// sample: images uploaded on first use and kept in the texture cache,
// pass targets, kept rasterized bitmaps. One frame's bookkeeping of all
// that is FrameState.

import Geometry
import Images
import Plan

extension GLESExecutor {
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
    func pieces(of pass: RenderPass, frame: inout FrameState, stats: inout GPUStats) throws -> [DrawPiece] {
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

    func appendPieces(of item: DrawItem, order: Int, opaque: Bool, pass: RenderPass, to out: inout [DrawPiece],
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

    func resolve(_ ref: TextureRef, frame: inout FrameState, stats: inout GPUStats) throws -> TextureSource {
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
}
