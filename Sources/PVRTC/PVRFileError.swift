// PVRFileError: everything that can be wrong with a .pvr file or with a texture
// about to be written, each case carrying the byte offset where it was found and
// printing as one sentence.

/// Which part of a .pvr file an error concerns.
public enum PVRFilePart: Equatable, Sendable, CustomStringConvertible {
    case header
    case metadata
    case mipLevel(Int)

    public var description: String {
        switch self {
        case .header: return "header"
        case .metadata: return "metadata"
        case .mipLevel(let i): return "mip level \(i)"
        }
    }
}

/// A .pvr read or write failure.
public enum PVRFileError: Error, Equatable, CustomStringConvertible {
    /// Neither a PVR v3 version word at byte 0 nor a legacy v2 'PVR!' tag at byte 44.
    case badMagic(found: UInt32)
    /// `part` starts at `offset` and needs `expected` bytes, but only `remaining` are left.
    case truncated(PVRFilePart, expected: Int, remaining: Int, at: Int)
    /// A pixel format other than PVRTC1 2/4bpp RGB/RGBA, read at `offset`.
    case unsupportedPixelFormat(UInt64, offset: Int)
    /// A header field (depth, surfaces, faces, cube map) describing something other
    /// than one 2D texture.
    case unsupportedLayout(field: String, value: UInt32, offset: Int)
    /// A size PVRTC1 cannot hold here: zero, over 8192, not a power of two.
    /// `offset` is nil when the size came from an image or texture rather than a file.
    case sizeNotRepresentable(width: Int, height: Int, reason: String, offset: Int?)
    /// More mip levels than the size allows (`maximum`).
    case badMipCount(Int, maximum: Int, offset: Int?)
    /// A texture to be written whose level `level` holds `actual` bytes instead of `expected`.
    case levelSizeMismatch(level: Int, expected: Int, actual: Int)
    /// Reading or writing the file itself failed.
    case io(String)
    /// Any of the above, in the named file.
    indirect case inFile(String, PVRFileError)

    public var description: String {
        switch self {
        case .badMagic(let found):
            return "not a PVR file: no PVR v3 version word or v2 'PVR!' tag (first word 0x"
                + String(found, radix: 16, uppercase: true) + " at byte offset 0)"
        case let .truncated(part, expected, remaining, offset):
            return "truncated \(part) at byte offset \(offset): needs \(expected) bytes, \(remaining) remain"
        case let .unsupportedPixelFormat(value, offset):
            return "unsupported pixel format 0x\(String(value, radix: 16, uppercase: true)) at byte offset \(offset)"
                + " (only PVRTC1 2bpp/4bpp RGB/RGBA are read)"
        case let .unsupportedLayout(field, value, offset):
            return "unsupported \(field) \(value) at byte offset \(offset) (only single 2D textures are read)"
        case let .sizeNotRepresentable(w, h, reason, offset):
            let at = offset.map { " at byte offset \($0)" } ?? ""
            return "size \(w)×\(h)\(at) cannot be stored as PVRTC1: \(reason)"
        case let .badMipCount(count, maximum, offset):
            let at = offset.map { " at byte offset \($0)" } ?? ""
            return "mip count \(count)\(at) exceeds the \(maximum) levels the size allows"
        case let .levelSizeMismatch(level, expected, actual):
            return "mip level \(level) holds \(actual) bytes, but its size needs \(expected)"
        case .io(let message):
            return message
        case let .inFile(path, error):
            return "\(path): \(error)"
        }
    }
}
