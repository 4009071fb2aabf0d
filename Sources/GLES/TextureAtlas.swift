// GLES: small RGBA8 images sharing atlas pages, so textured items of
// different images can share a draw call (issue 14, item 4). An image of at
// most `maxImageSide` texels a side, drawn by a Paint.texture item, is
// copied once into a page (AtlasPacker decides where, with a one-texel
// gutter of its edge texels) and drawn by ps_texture_atlas.frag.glsl, which
// reproduces llvmpipe's fixed-point sampling of the image's own texture
// exactly (the shader's header says how), so the pictures do not change.
//
// Pages are square with a power-of-two side (the shader's exactness needs
// it): the first 256², each later one twice the side of the one before (at
// least what its first image needs, at most 4 MiB: 1024² RGBA8 texels or,
// in the mask atlas, 2048² alpha bytes), so a scene with a few small images
// holds 256 KiB rather than 4 MiB. Each page is an entry of the executor's TextureCache (a key of kind
// `.atlasPage`), so pages count against the cache's byte budget and age out
// with it; the executor drops the pages the cache evicted (`dropEvicted`).
// Images are keyed like cached textures (by the identity of their pixel
// array, which the atlas holds while the image is placed), so new content is
// a new placement and old placements go when their page is recycled. At the
// start of a frame the executor pins the pages holding any image the plan
// draws from the atlas (`pin`); new images go only into pages the frame
// draws from, else into a new page, else into a page it does not draw from,
// emptied. A page the frame uses is never disturbed while it draws, and a
// page of images no longer drawn is not kept alive by one new image placed
// in its leftover room (which, when every image changes each frame, left
// every page pinned and full of the last frame's images).
//
// The executor keeps a second atlas for coverage masks: the images of
// nearest Paint.textureAlpha items without coverage math (shape layers'
// exact masks in 32-pixel tiles, PlanBuilder+ShapeMask), drawn by
// ps_texture_alpha_atlas_nearest.frag.glsl, which reads the same texel as
// ps_texture_alpha_flat does on the mask's own texture. Its pages are keyed
// `.maskAtlasPage` and counted apart (GPUStats.maskAtlas*), so masks and
// colour images never take each other's room; they hold the masks' alpha
// bytes alone (GL_ALPHA textures, one byte a texel, made here rather than
// taken from the RGBA8 pool, and deleted when evicted), a quarter of the
// memory and of the bytes copied in.

import CGLES2
import Images
import Plan

/// Where an image lies in an atlas page.
struct AtlasSlot: Equatable {
    /// The page texture.
    let texture: PooledTexture
    /// Page texel of the image's texel (0, 0), and the image's size.
    let originX: Int, originY: Int
    let width: Int, height: Int

    /// The colour attribute's second and third floats for ps_texture_atlas:
    /// origin·512 + size per axis (integers below 2²⁰, exact in a Float).
    var packed: (x: Float, y: Float) {
        (Float(originX * TextureAtlas.packing + width), Float(originY * TextureAtlas.packing + height))
    }

    /// Writes the slot into every vertex of `g`: floats `at` and `at` + 1
    /// (for ps_texture_atlas the colour's .y and .z, where .x and .w keep the
    /// opacity; for ps_texture_alpha_atlas_nearest the shape rect's .x and .y,
    /// which an item without coverage math does not read).
    func stamp(_ g: inout ItemGeometry, at c: Int = VertexLayout.color + 1) {
        let p = packed
        let stride = VertexLayout.stride
        g.vertices.withUnsafeMutableBufferPointer { v in
            var k = c
            while k + 1 < v.count {
                v[k] = p.x
                v[k + 1] = p.y
                k += stride
            }
        }
    }
}

/// Atlas pages of small images, kept across frames.
final class TextureAtlas {
    /// The most bytes a page holds: 1024² RGBA8 texels, or 2048² alpha bytes.
    static let maximumPageBytes = 4 << 20
    /// The first page's side (256 KiB of RGBA8).
    static let firstPageSide = 256
    /// The largest image side placed in a page.
    static let maximumImageSide = 256
    /// Pages at most (by default); past them an image that fits nowhere is drawn from its own texture.
    static let maximumPages = 4
    /// The multiplier packing an origin and a size into one Float (sizes stay below it).
    static let packing = 512

    private final class Page {
        let key: TextureCacheKey
        let texture: PooledTexture
        var packer: AtlasPacker
        /// Placed images by key, with the pixel arrays they came from (kept so keys stay unique).
        var slots: [TextureCacheKey: (slot: AtlasSlot, owner: [UInt8])] = [:]
        /// The last frame that drew from the page.
        var lastFrame: Int
        var side: Int { packer.side }
        init(key: TextureCacheKey, texture: PooledTexture, side: Int, frame: Int) {
            self.key = key
            self.texture = texture
            packer = AtlasPacker(side: side)
            lastFrame = frame
        }
    }

    /// The largest page side: the largest power of two whose page fits
    /// `maximumPageBytes` (1024 for RGBA8 pages, 2048 for alpha pages) within the texture limit.
    let maxPageSide: Int
    /// The largest image side placed.
    let maxImageSide: Int
    /// Pages at most.
    let maxPages: Int
    /// The kind of the pages' texture cache keys (`.atlasPage` or `.maskAtlasPage`).
    let pageKind: TextureCacheKey.Kind
    /// Whether pages hold alpha bytes alone (GL_ALPHA): the mask atlas's.
    var alphaPages: Bool { pageKind == .maskAtlasPage }
    /// Bytes of one page texel.
    var bytesPerTexel: Int { alphaPages ? 1 : 4 }
    /// The counters of GPUStats this atlas adds to: hits, uploads, refusals.
    private let counters: (hits: WritableKeyPath<GPUStats, Int>, uploads: WritableKeyPath<GPUStats, Int>,
                           refused: WritableKeyPath<GPUStats, Int>)
    private var pages: [Page] = []
    private var frame = 0
    private var serial = 0

    /// An atlas for a driver whose textures have at most `maxTextureSize`
    /// texels a side, with at most `maxPages` pages keyed as `pageKind`
    /// (`.maskAtlasPage`: the coverage masks' atlas of alpha pages, counted in GPUStats.maskAtlas*).
    init(maxTextureSize: Int, maxPages: Int = TextureAtlas.maximumPages, pageKind: TextureCacheKey.Kind = .atlasPage) {
        precondition(pageKind == .atlasPage || pageKind == .maskAtlasPage, "atlas pages are keyed as such")
        let bytesPerTexel = pageKind == .maskAtlasPage ? 1 : 4
        var side = 1
        while side * 2 <= maxTextureSize && 4 * side * side * bytesPerTexel <= Self.maximumPageBytes { side *= 2 }
        maxPageSide = side
        maxImageSide = min(Self.maximumImageSide, side - 2 * AtlasPacker.gutter)
        self.maxPages = maxPages
        self.pageKind = pageKind
        counters = pageKind == .maskAtlasPage ? (\.maskAtlasHits, \.maskAtlasUploads, \.maskAtlasRefused)
                                              : (\.atlasHits, \.atlasUploads, \.atlasRefused)
    }

    /// Pages held, and their sides.
    var pageCount: Int { pages.count }
    var pageSides: [Int] { pages.map(\.side) }
    /// Images placed in the pages held.
    var imageCount: Int { pages.reduce(0) { $0 + $1.slots.count } }

    /// Whether an image of `width` × `height` may go into a page.
    func accepts(width: Int, height: Int) -> Bool {
        width >= 1 && height >= 1 && width <= maxImageSide && height <= maxImageSide
    }

    /// Whether the image keyed `key` is placed in a page.
    func contains(_ key: TextureCacheKey) -> Bool { pages.contains { $0.slots[key] != nil } }

    /// Starts a frame (pages used from now on are this frame's).
    func beginFrame() { frame += 1 }

    /// Marks the pages holding any image keyed in `keys` (the images this
    /// frame's plan draws from the atlas) as drawn from in this frame, so no
    /// placement empties them.
    func pin(_ keys: Set<TextureCacheKey>, cache: TextureCache) {
        guard !keys.isEmpty else { return }
        for page in pages where page.lastFrame != frame && page.slots.keys.contains(where: keys.contains) {
            use(page, cache: cache)
        }
    }

    /// The slot of `image` (keyed `key`), placing and uploading it when it is
    /// not in a page yet; nil when it is not accepted or no page has room.
    func slot(for image: Image, key: TextureCacheKey, cache: TextureCache, pool: TexturePool,
              stats: inout GPUStats) -> AtlasSlot? {
        guard accepts(width: image.width, height: image.height) else { return nil }
        for page in pages {
            if let s = page.slots[key] {
                use(page, cache: cache)
                stats[keyPath: counters.hits] += 1
                return s.slot
            }
        }
        guard let (page, origin) = room(width: image.width, height: image.height, cache: cache, pool: pool) else {
            stats[keyPath: counters.refused] += 1
            return nil
        }
        let slot = AtlasSlot(texture: page.texture, originX: origin.x, originY: origin.y,
                             width: image.width, height: image.height)
        upload(image, at: slot)
        page.slots[key] = (slot, image.pixels)
        use(page, cache: cache)
        let g = 2 * AtlasPacker.gutter
        stats.textureUploads += 1
        stats[keyPath: counters.uploads] += 1
        stats.uploadedBytes += (image.width + g) * (image.height + g) * bytesPerTexel
        return slot
    }

    /// A page with room for `width` × `height` and where it goes: a page this
    /// frame draws from (pinned or used), else a new page, else the least
    /// recently used page it does not draw from that can hold the image, emptied.
    private func room(width: Int, height: Int, cache: TextureCache,
                      pool: TexturePool) -> (Page, (x: Int, y: Int))? {
        for page in pages where page.lastFrame == frame {
            if let o = page.packer.place(width: width, height: height) { return (page, o) }
        }
        if pages.count < maxPages {
            let page = newPage(holding: max(width, height), cache: cache, pool: pool)
            guard let o = page.packer.place(width: width, height: height) else { return nil }
            return (page, o)
        }
        let side = max(width, height) + 2 * AtlasPacker.gutter
        guard let page = pages.filter({ $0.lastFrame < frame && $0.side >= side })
                              .min(by: { $0.lastFrame < $1.lastFrame }) else { return nil }
        page.packer.reset()
        page.slots = [:]
        guard let o = page.packer.place(width: width, height: height) else { return nil }
        return (page, o)
    }

    /// A new empty page, the next in size (at least `imageSide` plus the gutters), drawn from in this frame.
    private func newPage(holding imageSide: Int, cache: TextureCache, pool: TexturePool) -> Page {
        serial += 1
        var side = min(Self.firstPageSide << pages.count, maxPageSide)
        while side < imageSide + 2 * AtlasPacker.gutter && side < maxPageSide { side *= 2 }
        let texture: PooledTexture
        if alphaPages {
            texture = PooledTexture(id: TexturePool.makeTexture(width: side, height: side, format: GL_ALPHA),
                                    width: side, height: side)
            pool.forgetFilter(of: texture.id)
        } else {
            texture = pool.acquire(width: side, height: side)
        }
        let page = Page(key: TextureCacheKey(atlasPage: serial, side: side, kind: pageKind),
                        texture: texture, side: side, frame: frame)
        var entry = UploadedImage(width: side, height: side, columnCuts: [], rowCuts: [],
                                  tiles: [ImageTile(texture: page.texture, originX: 0, originY: 0, column: 0, row: 0)])
        entry.pooled = !alphaPages      // an alpha page is deleted when evicted, never pooled as RGBA8
        cache.insert(entry, key: page.key, owner: [], bytes: side * side * bytesPerTexel)
        pages.append(page)
        return page
    }

    /// Marks `page` as drawn from in this frame (and recently used in the texture cache).
    private func use(_ page: Page, cache: TextureCache) {
        guard page.lastFrame != frame else { return }
        page.lastFrame = frame
        _ = cache.lookup(page.key)
    }

    /// Copies `image` with its gutter into the page at `slot` (its alpha bytes alone into an alpha page).
    private func upload(_ image: Image, at slot: AtlasSlot) {
        let g = AtlasPacker.gutter
        let bytes = alphaPages ? Self.alphaWithGutter(image) : Self.texelsWithGutter(image)
        let format = GLenum(alphaPages ? GL_ALPHA : GL_RGBA)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), slot.texture.id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(slot.originX - g), GLint(slot.originY - g),
                        GLsizei(image.width + 2 * g), GLsizei(image.height + 2 * g),
                        format, GLenum(GL_UNSIGNED_BYTE), bytes)
    }

    /// The image's texels surrounded by `AtlasPacker.gutter` texels on every
    /// side, each a copy of the nearest edge texel (what CLAMP_TO_EDGE reads
    /// past the edge); rows top-down, RGBA8.
    static func texelsWithGutter(_ image: Image) -> [UInt8] {
        let g = AtlasPacker.gutter
        let w = image.width + 2 * g, h = image.height + 2 * g
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let sy = min(max(y - g, 0), image.height - 1)
                    for x in 0..<w {
                        let sx = min(max(x - g, 0), image.width - 1)
                        let s = (sy * image.width + sx) * 4, d = (y * w + x) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return out
    }

    /// The alpha bytes of `texelsWithGutter(image)`: one byte a texel, the
    /// image's alpha surrounded by `AtlasPacker.gutter` copies of its edge.
    static func alphaWithGutter(_ image: Image) -> [UInt8] {
        let g = AtlasPacker.gutter
        let w = image.width + 2 * g, h = image.height + 2 * g
        var out = [UInt8](repeating: 0, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = min(max(y - g, 0), image.height - 1) * image.width
                    for x in 0..<w {
                        dst[y * w + x] = src[(row + min(max(x - g, 0), image.width - 1)) * 4 + 3]
                    }
                }
            }
        }
        return out
    }

    /// Forgets the pages the texture cache no longer holds (it evicted and deleted them).
    func dropEvicted(from cache: TextureCache) {
        pages.removeAll { !cache.contains($0.key) }
    }

    /// Forgets every page (their textures were deleted with the cache's entries).
    func removeAll() { pages = [] }
}
