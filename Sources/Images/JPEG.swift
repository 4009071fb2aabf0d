// Images: the public entry points for JPEG files. Reading loads the whole
// file into memory first, validates the marker structure in Swift
// (JPEGMarkers: truncation, segment lengths, size limits, unsupported kinds),
// then decodes with libjpeg-turbo (JPEGDecoder). Read only; the compositor
// writes PNG.

/// JPEG reading: baseline and progressive, 8-bit, gray or YCbCr/RGB, to opaque
/// RGBA8 (gray becomes R = G = B). No colour management: ICC profiles and
/// EXIF orientation are ignored. CMYK/YCCK, 12-bit, lossless and hierarchical
/// files are reported as ``ImageFileError/unsupported(_:format:detail:)``.
public enum JPEG {
    /// Decodes JPEG bytes; `name` (usually the file path) starts every error message.
    /// - Throws: ``ImageFileError`` (never traps on malformed input).
    public static func decode(_ data: [UInt8], name: String = "<memory>") throws -> Image {
        let header = try JPEGMarkers.validate(data, name: name)
        return try JPEGDecoder.decode(data, header: header, name: name)
    }

    /// Decodes at 1/2^`shift` of the size (shift 1…3; TurboJPEG's scaled IDCT):
    /// ceil(width / 2^shift) × ceil(height / 2^shift) pixels, for coarse views of big photos.
    public static func decode(_ data: [UInt8], name: String = "<memory>", reducedBy shift: Int) throws -> Image {
        let header = try JPEGMarkers.validate(data, name: name)
        return try JPEGDecoder.decode(data, header: header, name: name, shift: shift)
    }

    /// Reads the whole file at `path`, then decodes it.
    /// - Throws: ``ImageFileError`` naming `path`.
    public static func read(path: String) throws -> Image {
        try decode(PNG.readFile(path), name: path)
    }

    /// Whether `data` starts like a JPEG file (SOI followed by a marker).
    public static func hasSignature(_ data: [UInt8]) -> Bool {
        data.count >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF
    }
}
