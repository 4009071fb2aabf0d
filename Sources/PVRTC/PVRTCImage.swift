// PVRTCImage: the module's own RGBA8 pixel buffer.
// The codec is free of the project's image types (and of libpng), so it speaks in
// this minimal value type; callers convert to and from their own images.

/// An RGBA8 image with straight (unpremultiplied) alpha, rows top to bottom,
/// four bytes per pixel in the order red, green, blue, alpha.
public struct PVRTCImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, row-major, RGBA8, straight alpha.
    public var pixels: [UInt8]

    /// Wraps existing RGBA8 bytes. `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "PVRTCImage: negative size")
        precondition(pixels.count == width * height * 4,
                     "PVRTCImage: \(pixels.count) bytes for \(width)×\(height) RGBA8")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour (default: transparent black).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "PVRTCImage: negative size")
        self.width = width
        self.height = height
        var px = [UInt8](repeating: 0, count: width * height * 4)
        if fill != (0, 0, 0, 0) {
            for i in stride(from: 0, to: px.count, by: 4) {
                px[i] = fill.r; px[i + 1] = fill.g; px[i + 2] = fill.b; px[i + 3] = fill.a
            }
        }
        self.pixels = px
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// True when some pixel has alpha below 255.
    public var hasTranslucency: Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] != 255 { return true }
            i += 4
        }
        return false
    }
}
