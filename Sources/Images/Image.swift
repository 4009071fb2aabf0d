// Images: the project's one pixel buffer type. RGBA8, premultiplied alpha,
// rows top to bottom. Every executor renders into it, every pass boundary
// rounds to it, and PNG/PVR readers produce it.

/// An RGBA8 image with premultiplied alpha, rows top to bottom.
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes: R, G, B, A (premultiplied).
    public var pixels: [UInt8]

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied RGBA8 bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Builds from straight (unpremultiplied) RGBA8 bytes, premultiplying with rounding.
    public init(width: Int, height: Int, straightRGBA: [UInt8]) {
        precondition(straightRGBA.count == width * height * 4, "pixel buffer size mismatch")
        var p = straightRGBA
        Image.premultiply(&p)
        self.init(width: width, height: height, pixels: p)
    }

    /// Premultiplies straight RGBA8 bytes in place, with rounding (Image.mul255).
    public static func premultiply(_ p: inout [UInt8]) {
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                p[i] = mul255(UInt32(p[i]), a)
                p[i + 1] = mul255(UInt32(p[i + 1]), a)
                p[i + 2] = mul255(UInt32(p[i + 2]), a)
            }
            i += 4
        }
    }

    /// The straight-alpha bytes (for PNG output), unpremultiplying with rounding.
    public var straightRGBA: [UInt8] {
        var p = pixels
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a == 0 {
                p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
            } else if a != 255 {
                for c in 0..<3 { p[i + c] = UInt8(min(255, (UInt32(p[i + c]) * 255 + a / 2) / a)) }
            }
            i += 4
        }
        return p
    }

    /// x · y / 255 rounded to nearest, exactly.
    @inline(__always)
    public static func mul255(_ x: UInt32, _ y: UInt32) -> UInt8 {
        let t = x * y + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.0; pixels[i + 1] = newValue.1
            pixels[i + 2] = newValue.2; pixels[i + 3] = newValue.3
        }
    }

    /// Fills every pixel with one premultiplied RGBA8 value.
    public mutating func fill(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        var i = 0
        while i < pixels.count {
            pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b; pixels[i + 3] = a
            i += 4
        }
    }

    /// Bytes held by the pixels.
    public var byteCount: Int { pixels.count }
}
