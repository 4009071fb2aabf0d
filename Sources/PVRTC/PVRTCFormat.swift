// PVRTCFormat: the geometry of PVRTC1 data — block size per bit rate, the
// minimum decodable size, how many bytes a level takes, and which texture sizes
// the format can hold (powers of two, square or not, as PVR v3 files allow).

/// PVRTC1 bit rate: 4 bits per pixel (4×4-texel blocks) or 2 (8×4-texel blocks).
public enum PVRTCBitsPerPixel: Int, Sendable, CaseIterable, CustomStringConvertible {
    case two = 2
    case four = 4

    /// Texels per block horizontally: 4 (4bpp) or 8 (2bpp).
    public var blockWidth: Int { self == .four ? 4 : 8 }
    /// Texels per block vertically: always 4.
    public var blockHeight: Int { 4 }
    /// Smallest width the reference decoder works on (8 or 16); smaller levels are padded to it.
    public var minimumWidth: Int { self == .four ? 8 : 16 }
    /// Smallest height the reference decoder works on (8).
    public var minimumHeight: Int { 8 }

    /// Bytes of PVRTC data for one level of `width`×`height` texels (8 bytes per
    /// block, with the level padded up to the minimum size).
    public func dataSize(width: Int, height: Int) -> Int {
        let w = max(width, minimumWidth), h = max(height, minimumHeight)
        return (w / blockWidth) * (h / blockHeight) * 8
    }

    public var description: String { "\(rawValue)bpp" }
}

/// Sizes PVRTC1 textures may have in this project.
public enum PVRTCSize {
    /// The largest edge accepted (8192 texels).
    public static let maximumEdge = 8192

    /// Nil when `width`×`height` is a storable PVRTC1 size (each side a power of
    /// two, 1…8192; square or not — PVR v3 files and PowerVR hardware allow
    /// rectangles such as 128×32); otherwise a short reason such as "not a power of two".
    public static func problem(width: Int, height: Int) -> String? {
        if width <= 0 || height <= 0 { return "zero or negative size" }
        if width > maximumEdge || height > maximumEdge { return "larger than \(maximumEdge)" }
        if width & (width - 1) != 0 || height & (height - 1) != 0 { return "not a power of two" }
        return nil
    }

    /// True when `n` is a power of two (1, 2, 4, …).
    public static func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }

    /// The smallest power of two ≥ `n` (1 for n ≤ 1).
    public static func nextPowerOfTwo(_ n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }

    /// Number of levels in a full mip chain for a `width`×`height` texture (down to 1×1).
    public static func fullMipCount(width: Int, height: Int) -> Int {
        var n = 1, e = max(width, height)
        while e > 1 { e >>= 1; n += 1 }
        return n
    }
}

/// Errors from the raw codec (sizes and buffer lengths); file errors are `PVRFileError`.
public enum PVRTCError: Error, Equatable, CustomStringConvertible {
    /// The size cannot be coded as PVRTC1 (with the reason).
    case unsupportedSize(width: Int, height: Int, reason: String)
    /// The compressed data is shorter than the size requires.
    case dataTooShort(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case let .unsupportedSize(w, h, reason):
            return "size \(w)×\(h) cannot be coded as PVRTC1: \(reason)"
        case let .dataTooShort(expected, actual):
            return "PVRTC data too short: needs \(expected) bytes, has \(actual)"
        }
    }
}
