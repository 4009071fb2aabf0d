// PVRTCTexture: a compressed PVRTC1 texture with its mip chain, as stored in a
// .pvr file — the value that the file reader produces and the writer consumes.

/// A PVRTC1 texture: one compressed byte array per mip level, largest first.
public struct PVRTCTexture: Equatable, Sendable {
    /// 2 or 4 bits per pixel.
    public var bitsPerPixel: PVRTCBitsPerPixel
    /// Whether the pixel format is the RGBA variant (the data layout is the same;
    /// RGB textures simply carry no translucent colours).
    public var hasAlpha: Bool
    /// Width of level 0 in texels.
    public var width: Int
    /// Height of level 0 in texels.
    public var height: Int
    /// Compressed data of each level, level 0 (largest) first; level i is
    /// `max(1, width >> i)` × `max(1, height >> i)` texels.
    public var levels: [[UInt8]]
    /// PVR v3 colour space field: 0 linear RGB, 1 sRGB.
    public var colorSpace: UInt32
    /// Raw PVR v3 metadata block, kept as read and written back unchanged.
    public var metadata: [UInt8]

    /// A texture from its parts; `PVRFile.write` checks that they are consistent.
    public init(bitsPerPixel: PVRTCBitsPerPixel, hasAlpha: Bool, width: Int, height: Int,
                levels: [[UInt8]], colorSpace: UInt32 = 0, metadata: [UInt8] = []) {
        self.bitsPerPixel = bitsPerPixel
        self.hasAlpha = hasAlpha
        self.width = width
        self.height = height
        self.levels = levels
        self.colorSpace = colorSpace
        self.metadata = metadata
    }

    /// Size in texels of mip level `level`.
    public func levelSize(_ level: Int) -> (width: Int, height: Int) {
        (max(1, width >> level), max(1, height >> level))
    }

    /// Total bytes of compressed data over all levels.
    public var compressedByteCount: Int { levels.reduce(0) { $0 + $1.count } }

    /// Bytes the same levels take as uncompressed RGBA8.
    public var rgba8ByteCount: Int {
        (0..<levels.count).reduce(0) { total, i in
            let s = levelSize(i)
            return total + s.width * s.height * 4
        }
    }

    /// Decodes one mip level to RGBA8.
    public func decode(level: Int = 0) throws -> PVRTCImage {
        precondition(levels.indices.contains(level), "PVRTCTexture: no level \(level)")
        let s = levelSize(level)
        return try PVRTCDecoder.decode(levels[level], width: s.width, height: s.height, bitsPerPixel: bitsPerPixel)
    }

    /// A short name such as "PVRTC1 4bpp RGBA".
    public var formatName: String { "PVRTC1 \(bitsPerPixel) \(hasAlpha ? "RGBA" : "RGB")" }
}
