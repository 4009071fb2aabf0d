// PVRFileReader: parses .pvr files — PVR v3 (52-byte header, metadata skipped
// but kept, mip chain largest first) and legacy v2 (52-byte header with the
// 'PVR!' tag at byte 44) — into a PVRTCTexture, validating every field and bound.

import Foundation

/// Reading and writing .pvr files holding PVRTC1 textures.
public enum PVRFile {
    /// PVR v3 version word ("PVR" 3, little-endian).
    public static let v3Magic: UInt32 = 0x0352_5650
    /// Legacy v2 tag at byte 44 ("PVR!", little-endian).
    public static let v2Tag: UInt32 = 0x2152_5650
    /// Size of both header versions.
    public static let headerSize = 52

    /// Parses a whole .pvr file.
    /// - Throws: `PVRFileError` (never traps on malformed input).
    public static func read(_ bytes: [UInt8]) throws -> PVRTCTexture {
        let r = ByteReader(bytes: bytes)
        guard let magic = r.u32(0) else {
            throw PVRFileError.truncated(.header, expected: headerSize, remaining: bytes.count, at: 0)
        }
        if magic == v3Magic { return try readV3(r) }
        if r.u32(44) == v2Tag { return try readV2(r) }
        throw PVRFileError.badMagic(found: magic)
    }

    /// Reads the file at `path`; errors name the file (`PVRFileError.inFile`).
    public static func read(path: String) throws -> PVRTCTexture {
        let bytes: [UInt8]
        // Only a regular file: a FIFO would block the read forever, a device never end.
        guard !path.utf8.contains(0) else { throw PVRFileError.inFile(path, .io("the file name contains a NUL character")) }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw PVRFileError.inFile(path, .io("cannot read the file (it is not a regular file)"))
        }
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw PVRFileError.inFile(path, .io("cannot read the file (\(error.localizedDescription))"))
        }
        do { return try read(bytes) } catch let e as PVRFileError { throw PVRFileError.inFile(path, e) }
    }

    private static func readV3(_ r: ByteReader) throws -> PVRTCTexture {
        guard r.remaining(from: 0) >= headerSize else {
            throw PVRFileError.truncated(.header, expected: headerSize, remaining: r.bytes.count, at: 0)
        }
        let field = { (o: Int) in r.u32(o)! }
        let format = r.u64(8)!
        guard format <= 3 else { throw PVRFileError.unsupportedPixelFormat(format, offset: 8) }
        for (name, offset) in [("depth", 32), ("surface count", 36), ("face count", 40)] where field(offset) > 1 {
            throw PVRFileError.unsupportedLayout(field: name, value: field(offset), offset: offset)
        }
        let height = Int(field(24)), width = Int(field(28))
        if let reason = PVRTCSize.problem(width: width, height: height) {
            throw PVRFileError.sizeNotRepresentable(width: width, height: height, reason: reason, offset: 24)
        }
        let mips = try mipCount(Int(field(44)), width: width, height: height, offset: 44)
        let metaSize = Int(field(48))
        guard let metadata = r.slice(headerSize, metaSize) else {
            throw PVRFileError.truncated(.metadata, expected: metaSize,
                                         remaining: r.remaining(from: headerSize), at: headerSize)
        }
        let bpp: PVRTCBitsPerPixel = format >= 2 ? .four : .two
        var texture = PVRTCTexture(bitsPerPixel: bpp, hasAlpha: format & 1 == 1, width: width, height: height,
                                   levels: [], colorSpace: field(16), metadata: metadata)
        texture.levels = try readLevels(r, from: headerSize + metaSize, count: mips, texture: texture)
        return texture
    }

    private static func readV2(_ r: ByteReader) throws -> PVRTCTexture {
        guard r.remaining(from: 0) >= headerSize else {
            throw PVRFileError.truncated(.header, expected: headerSize, remaining: r.bytes.count, at: 0)
        }
        let field = { (o: Int) in r.u32(o)! }
        let declared = Int(field(0))
        guard declared >= headerSize else {
            throw PVRFileError.unsupportedLayout(field: "v2 header size", value: field(0), offset: 0)
        }
        guard declared <= r.bytes.count else {
            throw PVRFileError.truncated(.header, expected: declared, remaining: r.bytes.count, at: 0)
        }
        let flags = field(16)
        let bpp: PVRTCBitsPerPixel
        switch flags & 0xFF {
        case 0x18, 0x0C: bpp = .two    // OGL_PVRTC2, MGLPT_PVRTC2
        case 0x19, 0x0D: bpp = .four   // OGL_PVRTC4, MGLPT_PVRTC4
        default: throw PVRFileError.unsupportedPixelFormat(UInt64(flags & 0xFF), offset: 16)
        }
        if flags & 0x1000 != 0 {
            throw PVRFileError.unsupportedLayout(field: "cube map flag", value: 1, offset: 16)
        }
        if field(48) > 1 {
            throw PVRFileError.unsupportedLayout(field: "surface count", value: field(48), offset: 48)
        }
        let height = Int(field(4)), width = Int(field(8))
        if let reason = PVRTCSize.problem(width: width, height: height) {
            throw PVRFileError.sizeNotRepresentable(width: width, height: height, reason: reason, offset: 4)
        }
        // v2 counts the levels below the top one.
        let mips = try mipCount(Int(field(12)) + 1, width: width, height: height, offset: 12)
        let hasAlpha = field(40) != 0 || flags & 0x8000 != 0
        var texture = PVRTCTexture(bitsPerPixel: bpp, hasAlpha: hasAlpha, width: width, height: height, levels: [])
        texture.levels = try readLevels(r, from: declared, count: mips, texture: texture)
        return texture
    }

    /// Validates a mip count (0 is read as 1, as several writers emit it).
    private static func mipCount(_ count: Int, width: Int, height: Int, offset: Int) throws -> Int {
        let maximum = PVRTCSize.fullMipCount(width: width, height: height)
        guard count <= maximum else { throw PVRFileError.badMipCount(count, maximum: maximum, offset: offset) }
        return max(1, count)
    }

    private static func readLevels(_ r: ByteReader, from start: Int, count: Int,
                                   texture: PVRTCTexture) throws -> [[UInt8]] {
        var offset = start
        var levels: [[UInt8]] = []
        for level in 0..<count {
            let s = texture.levelSize(level)
            let size = texture.bitsPerPixel.dataSize(width: s.width, height: s.height)
            guard let data = r.slice(offset, size) else {
                throw PVRFileError.truncated(.mipLevel(level), expected: size,
                                             remaining: r.remaining(from: offset), at: offset)
            }
            levels.append(data)
            offset += size
        }
        return levels
    }
}
