// GLES: which plan images the executor draws from the shared atlas pages
// (TextureAtlas: small images, and the coverage masks of shape layers in
// pages of their own), and their slots, placed on first use in a frame.

import Plan

extension GLESExecutor {
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
    func pinAtlasPages(of plan: RenderPlan) {
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
    func atlasSlot(_ i: Int, mask: Bool = false, frame: inout FrameState, stats: inout GPUStats) -> AtlasSlot? {
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
}
