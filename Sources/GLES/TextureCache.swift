// GLES: textures of plan images kept across frames, so a scene drawn frame
// after frame uploads each image once rather than once per frame. An entry
// is keyed by the identity of the bytes it was uploaded from: the address of
// the pixel (or PVRTC block) array's storage, with the size and upload kind.
// The entry holds that array itself, so while it is cached the storage can
// neither be freed (its address reused by other bytes) nor written in place
// (Swift arrays copy on write when shared): equal key ⇒ same bytes. New
// content — a drawing layer redrawn after setNeedsDisplay, a new text image,
// a re-decoded file — is a new array, hence a new key and a new upload; the
// old entry ages out. Bounded by a byte budget of texture memory (least
// recently used evicted at the end of each frame; the frame's own images
// are never evicted while it draws).

import CGLES2
import Images
import PVRTC

/// What a cached texture was uploaded from.
struct TextureCacheKey: Hashable {
    enum Kind: Hashable {
        /// RGBA8 texels of a decoded image (tiled or not).
        case rgba
        /// PVRTC level-0 blocks for shader decoding.
        case pvrtcBlocks
        /// PVRTC level-0 blocks through glCompressedTexImage2D.
        case pvrtcNative
        /// PVRTC level-0 blocks decoded once by a GPU pass into RGBA8 texels.
        case pvrtcDecoded
        /// A page of small images (TextureAtlas): no bytes of its own, numbered.
        case atlasPage
        /// A page of coverage masks (the executor's second TextureAtlas), numbered apart from `atlasPage`.
        case maskAtlasPage
    }
    let address: UInt
    let count: Int
    let width: Int, height: Int
    let kind: Kind

    /// The key of `bytes`, or nil for an empty array (all empty arrays share one storage).
    init?(_ bytes: [UInt8], width: Int, height: Int, kind: Kind) {
        guard let base = bytes.withUnsafeBufferPointer({ $0.baseAddress }) else { return nil }
        address = UInt(bitPattern: base)
        count = bytes.count
        self.width = width
        self.height = height
        self.kind = kind
    }
}

extension TextureCacheKey {
    /// The key of atlas page `serial` of `kind` (`.atlasPage` or `.maskAtlasPage`:
    /// each TextureAtlas numbers its pages; no other kind of key can equal it).
    init(atlasPage serial: Int, side: Int, kind: Kind = .atlasPage) {
        address = UInt(serial)
        count = 0
        width = side
        height = side
        self.kind = kind
    }

    /// The key of `image`'s RGBA8 texels.
    init?(_ image: Image) {
        self.init(image.pixels, width: image.width, height: image.height, kind: .rgba)
    }

    /// The key of `texture`'s level-0 blocks held as `kind` (nil without levels).
    init?(_ texture: PVRTCTexture, kind: Kind) {
        guard let level0 = texture.levels.first else { return nil }
        self.init(level0, width: texture.width, height: texture.height, kind: kind)
    }
}

/// Uploaded images kept between frames, least recently used evicted past a byte budget.
final class TextureCache {
    private struct Entry {
        let image: UploadedImage
        /// The array the texture was made from: kept so its storage stays alive and unshared-immutable.
        let owner: [UInt8]
        /// GPU bytes the entry holds.
        let bytes: Int
        var lastUse: UInt64
    }

    private var entries: [TextureCacheKey: Entry] = [:]
    private var clock: UInt64 = 0
    /// Texture bytes held by the cache.
    private(set) var bytes = 0
    /// Budget in bytes; 0 keeps nothing past the frame.
    var budget: Int

    init(budget: Int) { self.budget = budget }

    var count: Int { entries.count }

    /// The cached texture for `key`, marked as used now.
    func lookup(_ key: TextureCacheKey) -> UploadedImage? {
        guard var e = entries[key] else { return nil }
        clock += 1
        e.lastUse = clock
        entries[key] = e
        return e.image
    }

    /// Removes `key`'s entry and returns its texture.
    func remove(_ key: TextureCacheKey) -> UploadedImage? {
        guard let e = entries.removeValue(forKey: key) else { return nil }
        bytes -= e.bytes
        return e.image
    }

    /// Whether `key` is cached (no use recorded).
    func contains(_ key: TextureCacheKey) -> Bool { entries[key] != nil }

    /// Stores a fresh upload of `owner`'s bytes.
    func insert(_ image: UploadedImage, key: TextureCacheKey, owner: [UInt8], bytes: Int) {
        clock += 1
        entries[key] = Entry(image: image, owner: owner, bytes: bytes, lastUse: clock)
        self.bytes += bytes
    }

    /// Evicts least recently used entries until the cache holds at most `budget`
    /// bytes, never one used at or after `keepFrom` (this frame's); returns them.
    func trim(keepingUsesFrom keepFrom: UInt64 = .max) -> [UploadedImage] {
        guard bytes > budget else { return [] }
        var out: [UploadedImage] = []
        for (key, e) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > budget, e.lastUse < keepFrom else { break }
            entries[key] = nil
            bytes -= e.bytes
            out.append(e.image)
        }
        return out
    }

    /// The use clock now (entries used after this belong to the coming frame).
    var now: UInt64 { clock }

    /// Removes every entry and returns their textures.
    func removeAll() -> [UploadedImage] {
        let out = entries.values.map(\.image)
        entries = [:]
        bytes = 0
        return out
    }
}
