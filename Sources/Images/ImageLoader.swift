// Images: the one entry point that turns an image file into an Image, for the
// scene loader now and the image cache later. The decoder is picked by the
// file's signature (PNG, JPEG, JPEG 2000 box or codestream, PVR v3 or v2),
// not its name; only when no signature matches does the extension choose, so
// a damaged "x.png" still gets PNG's precise error and an unknown file gets
// "not a PNG, JPEG, JPEG 2000 or PVR file". PVRTC textures decode level 0 to
// RGBA8 (contents sample without mipmaps). JPEG 2000 can decode at a reduced
// resolution when the image is drawn smaller (decodeReduced).

import PVRTC

/// The image file formats ``ImageLoader`` reads.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, pvr, jpeg2000
}

/// Reads and decodes image files of any supported format to premultiplied RGBA8.
public enum ImageLoader {
    /// The format `data` is in, by signature; when none matches, by the extension
    /// of `name` (`.png`, `.jpg`/`.jpeg`, `.pvr`); nil when neither says.
    public static func format(of data: [UInt8], name: String) -> ImageFormat? {
        if data.count >= 8 && Array(data[0..<8]) == PNGChunks.signature { return .png }
        if JPEG.hasSignature(data) { return .jpeg }
        if data.count >= 4 && le32(data, 0) == PVRFile.v3Magic { return .pvr }
        if data.count >= 48 && le32(data, 44) == PVRFile.v2Tag { return .pvr }
        if JPEG2000.hasSignature(data) { return .jpeg2000 }
        let lower = name.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        if lower.hasSuffix(".pvr") { return .pvr }
        if [".jp2", ".j2k", ".j2c", ".jpc"].contains(where: { lower.hasSuffix($0) }) { return .jpeg2000 }
        return nil
    }

    /// Decodes image bytes; `name` (usually the file path) starts every error message.
    /// - Throws: ``ImageFileError``, or `PVRFileError.inFile(name, …)` for damaged .pvr files.
    public static func decode(_ data: [UInt8], name: String) throws -> Image {
        switch format(of: data, name: name) {
        case .png: return try PNG.decode(data, name: name)
        case .jpeg: return try JPEG.decode(data, name: name)
        case .jpeg2000: return try JPEG2000.decode(data, name: name)
        case .pvr:
            do {
                let decoded = try PVRFile.read(data).decode(level: 0)
                return Image(width: decoded.width, height: decoded.height, straightRGBA: decoded.pixels)
            } catch let e as PVRFileError {
                throw PVRFileError.inFile(name, e)
            }
        case nil: throw ImageFileError.unknownFormat(name)
        }
    }

    /// Reads the whole file at `path`, then decodes it by its signature.
    /// - Throws: ``ImageFileError`` (or `PVRFileError`) naming `path`.
    public static func read(path: String) throws -> Image {
        try decode(PNG.readFile(path), name: path)
    }

    /// Decodes image bytes for drawing at `width` × `height` pixels: a JPEG 2000
    /// file decodes at the coarsest resolution level still at least that size
    /// (OpenJPEG skips the finer wavelet levels); other formats decode whole.
    /// The caller box-filters the result the rest of the way.
    /// - Returns: the image and the number of halvings (0 for other formats).
    /// - Throws: the same errors as ``decode(_:name:)``.
    public static func decodeReduced(_ data: [UInt8], name: String, atLeast width: Int,
                                     height: Int) throws -> (image: Image, reduce: Int) {
        guard format(of: data, name: name) == .jpeg2000 else { return (try decode(data, name: name), 0) }
        return try JPEG2000.decode(data, name: name, atLeast: width, height: height)
    }

    /// The whole file at `path` as bytes (the "load" step, before decoding).
    /// - Throws: ``ImageFileError`` naming `path`.
    public static func readBytes(path: String) throws -> [UInt8] {
        try PNG.readFile(path)
    }

    private static func le32(_ d: [UInt8], _ o: Int) -> UInt32 {
        UInt32(d[o]) | UInt32(d[o + 1]) << 8 | UInt32(d[o + 2]) << 16 | UInt32(d[o + 3]) << 24
    }
}
