// Images: the public entry points for JPEG 2000 files (.jp2 boxes or raw
// .j2k/.j2c codestreams). Reading loads the whole file (a regular file, at
// most PNG.maxFileBytes), validates its structure in Swift
// (JPEG2000Structure: byte offsets for truncation and damage, refusals
// before allocation), then decodes with OpenJPEG (JPEG2000Decoder) at full
// resolution, at a reduced resolution (each reduction halves both sides and
// skips the finest wavelet level: less work, not just a smaller result), or
// for a region only — what a tiled layer needs later.

/// A rectangle of a JPEG 2000 image in full-resolution pixels, from its top-left corner.
public struct JPEG2000Region: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// How ``JPEG2000/encode(_:options:name:)`` writes a file.
public struct JPEG2000EncodeOptions: Sendable {
    /// JP2 boxes (`.jp2`) or a raw codestream (`.j2k`).
    public var container: JPEG2000Container = .jp2
    /// Reversible 5/3 wavelet, every pixel kept; otherwise irreversible 9/7 at ``compressionRatio``.
    public var lossless = true
    /// The target size ratio for lossy files (20 = one twentieth of the raw RGB bytes).
    public var compressionRatio = 20.0
    /// Resolution levels (wavelet decompositions + 1), lowered for small images.
    public var resolutionLevels = 6
    /// Square tiles of this side; nil for one tile.
    public var tileSize: Int?
    public init(container: JPEG2000Container = .jp2, lossless: Bool = true, compressionRatio: Double = 20,
                resolutionLevels: Int = 6, tileSize: Int? = nil) {
        self.container = container; self.lossless = lossless; self.compressionRatio = compressionRatio
        self.resolutionLevels = resolutionLevels; self.tileSize = tileSize
    }
}

/// JPEG 2000 reading through OpenJPEG: grey, grey + alpha, RGB and RGBA, 1 to
/// 16 bits per sample (scaled to 8 with rounding), to premultiplied RGBA8. No
/// colour management (ICC profiles are ignored). Sub-sampled components, YCC
/// and CMYK colour spaces and more than 4 components are reported as
/// ``ImageFileError/unsupported(_:format:detail:)``; damaged files as
/// ``ImageFileError/corruptJPEG2000(_:offset:detail:)`` with a byte offset.
public enum JPEG2000 {
    /// Whether `data` starts like a JP2 file or a raw JPEG 2000 codestream.
    public static func hasSignature(_ data: [UInt8]) -> Bool {
        JPEG2000Structure.container(of: data) != nil
    }

    /// The image's size, components, tiles and resolution levels, from its headers
    /// (the structure of the whole file is checked; no pixels are decoded).
    /// - Throws: ``ImageFileError`` naming `name`.
    public static func info(_ data: [UInt8], name: String = "<memory>") throws -> JPEG2000Info {
        try JPEG2000Structure.validate(data, name: name)
    }

    /// Decodes JPEG 2000 bytes. `reduce` halves the resolution that many times
    /// (0 … ``JPEG2000Info/resolutionLevels`` − 1; the size is ⌈side / 2^reduce⌉);
    /// `region`, in full-resolution pixels, decodes only that part (at the reduced
    /// resolution when both are given). `name` starts every error message.
    /// - Throws: ``ImageFileError`` (never traps on malformed input).
    public static func decode(_ data: [UInt8], name: String = "<memory>", region: JPEG2000Region? = nil,
                              reduce: Int = 0) throws -> Image {
        let info = try JPEG2000Structure.validate(data, name: name)
        return try JPEG2000Decoder.decode(data, info: info, name: name, region: region, reduce: reduce)
    }

    /// Reads the whole file at `path` (a regular file, see ``RegularFile``), then decodes it.
    /// - Throws: ``ImageFileError`` naming `path`.
    public static func read(path: String, region: JPEG2000Region? = nil, reduce: Int = 0) throws -> Image {
        try decode(PNG.readFile(path), name: path, region: region, reduce: reduce)
    }

    /// The most halvings that keep the decoded image at least `width` × `height`
    /// (the size it is drawn at), within the file's resolution levels; 0 when the
    /// image is drawn at full size or larger.
    public static func reduction(for info: JPEG2000Info, atLeast width: Int, height: Int) -> Int {
        var r = 0
        while r + 1 < info.resolutionLevels {
            let s = info.size(reduce: r + 1)
            guard s.width >= width, s.height >= height else { break }
            r += 1
        }
        return r
    }

    /// Decodes at the coarsest resolution level still at least `width` × `height`
    /// (see ``reduction(for:atLeast:height:)``); the caller box-filters the rest of the way.
    /// - Returns: the image and the reduction used.
    public static func decode(_ data: [UInt8], name: String = "<memory>", atLeast width: Int,
                              height: Int) throws -> (image: Image, reduce: Int) {
        let info = try JPEG2000Structure.validate(data, name: name)
        let r = reduction(for: info, atLeast: width, height: height)
        return (try JPEG2000Decoder.decode(data, info: info, name: name, region: nil, reduce: r), r)
    }

    /// Encodes `image` as JPEG 2000 (lossless JP2 by default); `name` names the
    /// destination in errors.
    /// - Throws: ``ImageFileError/writeFailed(_:reason:)``.
    public static func encode(_ image: Image, options: JPEG2000EncodeOptions = JPEG2000EncodeOptions(),
                              name: String = "<memory>") throws -> [UInt8] {
        try JPEG2000Encoder.encode(image, options: options, name: name)
    }
}
