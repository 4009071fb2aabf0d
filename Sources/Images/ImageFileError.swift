// Images: the error type for reading and writing image files. One enum for
// every image format and output file, so the command line prints one clear
// sentence naming the file and what is wrong with it (the scene loader and
// `compositor diff` turn it into exit status 2). Lives beside the PNG code
// because PNG is its first user; JPEG, ImageLoader and the writers reuse it.

/// What went wrong reading or writing an image file; each case reads as a sentence
/// that starts with the file's path.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case fileNotFound(String)
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable(String, reason: String)
    /// The bytes do not start with the PNG signature.
    case notAPNG(String)
    /// The PNG structure or its compressed data is damaged; `offset` is the byte
    /// offset of the problem when known.
    case corrupt(String, offset: Int?, detail: String)
    /// The image is larger than `limit` allows (see ``ImageLimits``).
    case tooLarge(String, width: Int, height: Int, limit: String)
    /// Writing the file failed; no partial file is left behind.
    case writeFailed(String, reason: String)
    /// The bytes do not start with a JPEG SOI marker (FF D8).
    case notAJPEG(String)
    /// The JPEG marker structure or its entropy-coded data is damaged; `detail`
    /// names the segment and byte offset when known.
    case corruptJPEG(String, detail: String)
    /// A valid file of a kind the compositor does not decode (CMYK JPEG, 12-bit, …).
    case unsupported(String, format: String, detail: String)
    /// The JPEG 2000 box or codestream structure, or its coded data, is damaged;
    /// `offset` is the byte offset in the file of the problem when known.
    case corruptJPEG2000(String, offset: Int?, detail: String)
    /// The bytes match no supported signature (PNG, JPEG, JPEG 2000, PVR) and the name's
    /// extension does not say which decoder to try.
    case unknownFormat(String)
    /// A hybrid image's alpha mask (first path) differs in size from its colour image.
    case alphaMaskSizeMismatch(String, width: Int, height: Int, color: String, colorWidth: Int, colorHeight: Int)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .fileNotFound(let p), .unreadable(let p, _), .notAPNG(let p),
             .corrupt(let p, _, _), .tooLarge(let p, _, _, _), .writeFailed(let p, _),
             .notAJPEG(let p), .corruptJPEG(let p, _), .corruptJPEG2000(let p, _, _), .unsupported(let p, _, _), .unknownFormat(let p),
             .alphaMaskSizeMismatch(let p, _, _, _, _, _):
            return p
        }
    }

    public var description: String {
        switch self {
        case .fileNotFound(let p):
            return "\(p): file not found"
        case .unreadable(let p, let reason):
            return "\(p): cannot read file: \(reason)"
        case .notAPNG(let p):
            return "\(p): not a PNG file (bad signature at byte offset 0)"
        case .corrupt(let p, let offset, let detail):
            if let offset { return "\(p): corrupt PNG: \(detail) (at byte offset \(offset))" }
            return "\(p): corrupt PNG: \(detail)"
        case .tooLarge(let p, let w, let h, let limit):
            return "\(p): image is \(w)×\(h), over the limit of \(limit)"
        case .writeFailed(let p, let reason):
            return "\(p): cannot write file: \(reason)"
        case .notAJPEG(let p):
            return "\(p): not a JPEG file (no SOI marker FF D8 at byte offset 0)"
        case .corruptJPEG(let p, let detail):
            return "\(p): corrupt JPEG: \(detail)"
        case .corruptJPEG2000(let p, let offset, let detail):
            if let offset { return "\(p): corrupt JPEG 2000: \(detail) (at byte offset \(offset))" }
            return "\(p): corrupt JPEG 2000: \(detail)"
        case .unsupported(let p, let format, let detail):
            return "\(p): unsupported \(format): \(detail)"
        case .unknownFormat(let p):
            return "\(p): not a PNG, JPEG, JPEG 2000 or PVR file (unrecognized signature at byte offset 0)"
        case .alphaMaskSizeMismatch(let p, let w, let h, let color, let cw, let ch):
            return "\(p): the alpha mask is \(w)×\(h) pixels but the colour image \(color) is \(cw)×\(ch); they must be the same size"
        }
    }
}
