// Images: the documented size limits for every image the compositor reads or
// allocates from a file. Checked against the header before any pixel memory
// is allocated, so a hostile 100000×100000 header fails fast with a message
// instead of exhausting memory.

/// Size limits for images read from files.
public enum ImageLimits {
    /// The largest width or height, in pixels.
    public static let maxDimension = 16384
    /// The largest width × height (64 Mi pixels, 256 MiB as RGBA8).
    public static let maxPixels = 64 * 1024 * 1024

    /// Throws ``ImageFileError/tooLarge(_:width:height:limit:)`` when the size is
    /// out of bounds; zero or negative sizes are reported as corrupt.
    static func check(width: Int, height: Int, path: String) throws {
        if width <= 0 || height <= 0 {
            throw ImageFileError.corrupt(path, offset: 16,
                                         detail: "IHDR: image size \(width)×\(height) is empty")
        }
        if width > maxDimension || height > maxDimension {
            throw ImageFileError.tooLarge(path, width: width, height: height,
                                          limit: "\(maxDimension) pixels per side")
        }
        if width * height > maxPixels {
            throw ImageFileError.tooLarge(path, width: width, height: height,
                                          limit: "\(maxPixels) pixels in all")
        }
    }
}
