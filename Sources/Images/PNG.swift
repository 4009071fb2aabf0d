// Images: the public entry points for PNG files. Reading loads the whole file
// into memory first (so libpng never sees a half-read file), validates the
// chunk structure in Swift (PNGChunks), then decodes with libpng (PNGDecoder).
// Writing encodes to memory (PNGEncoder) and replaces the file atomically
// (AtomicFile), so a failed write never leaves a partial PNG behind.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG reading and writing. Every PNG kind reads to RGBA8 premultiplied;
/// writing produces 8-bit RGBA with straight alpha. No colour management:
/// gAMA, iCCP, sRGB and cHRM chunks are ignored.
public enum PNG {
    /// The largest file `read(path:)` accepts, in bytes.
    public static let maxFileBytes = 1 << 30

    /// Decodes PNG bytes; `name` (usually the file path) starts every error message.
    public static func decode(_ data: [UInt8], name: String = "<memory>") throws -> Image {
        let (header, stream) = try PNGChunks.validate(data, name: name)
        return try PNGDecoder.decode(stream: stream, header: header, name: name)
    }

    /// Reads the whole file at `path`, then decodes it.
    public static func read(path: String) throws -> Image {
        try decode(readFile(path), name: path)
    }

    /// Decodes PNG bytes to straight (unpremultiplied) RGBA8 exactly as stored, for
    /// callers that must not lose the colour of translucent or transparent pixels
    /// (the PVRTC encoder). Errors as ``decode(_:name:)``.
    public static func decodeStraightRGBA(_ data: [UInt8], name: String = "<memory>") throws
        -> (width: Int, height: Int, pixels: [UInt8]) {
        let (header, stream) = try PNGChunks.validate(data, name: name)
        let pixels = try PNGDecoder.decodeStraight(stream: stream, header: header, name: name)
        return (header.width, header.height, pixels)
    }

    /// Reads the whole file at `path`, then ``decodeStraightRGBA(_:name:)``.
    public static func readStraightRGBA(path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        try decodeStraightRGBA(readFile(path), name: path)
    }

    /// Writes straight RGBA8 bytes (`width * height * 4`, rows top to bottom) to
    /// `path` as an 8-bit RGBA PNG, byte for byte, atomically.
    public static func write(straightRGBA pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        let bytes = try PNGEncoder.encode(straightRGBA: pixels, width: width, height: height, name: path)
        try AtomicFile.write(bytes, to: path)
    }

    /// Encodes `image` as an 8-bit straight-alpha RGBA PNG.
    public static func encode(_ image: Image) throws -> [UInt8] {
        try PNGEncoder.encode(image)
    }

    /// Encodes `image` and writes it to `path` atomically (temporary file, then rename).
    public static func write(_ image: Image, to path: String) throws {
        let bytes = try PNGEncoder.encode(image, name: path)
        try AtomicFile.write(bytes, to: path)
    }

    /// The bytes of the file at `path` (a regular file only, see
    /// ``RegularFile``), with errors as ``ImageFileError``.
    static func readFile(_ path: String) throws -> [UInt8] {
        do {
            return try RegularFile.read(path, maxBytes: maxFileBytes)
        } catch RegularFileError.notFound {
            throw ImageFileError.fileNotFound(path)
        } catch let e as RegularFileError {
            throw ImageFileError.unreadable(path, reason: e.description)
        }
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
