// Text: one open font file — a FreeType face — with the few things text
// layout and drawing need: names, vertical metrics, advances, kerning pairs
// and grayscale glyph bitmaps at a pixel size. FreeType objects are not
// thread-safe, so every call into FreeType holds one process-wide lock;
// faces are opened once per path and kept (a handful per process).

import CFreeType
import Foundation
import Images

/// An open font file (face 0 of it).
public final class FontFace: @unchecked Sendable {
    /// The file it was read from.
    public let path: String
    /// FreeType's family name ("DejaVu Sans").
    public let familyName: String
    /// FreeType's style name ("Book", "Bold").
    public let styleName: String
    /// Whether the font has a kerning table FreeType reads (FT_HAS_KERNING).
    public let hasKerning: Bool
    let library: FT_Library
    let face: FT_Face

    static let lock = NSLock()
    /// Font files larger than this (256 MiB) are refused before FreeType opens them.
    public static let maximumFileBytes = 256 << 20
    nonisolated(unsafe) private static var opened: [String: FontFace] = [:]

    /// The face of the font file at `path`, opened once per process.
    public static func open(path: String) throws -> FontFace {
        lock.lock(); defer { lock.unlock() }
        if let f = opened[path] { return f }
        let f = try FontFace(unlockedPath: path)
        opened[path] = f
        return f
    }

    /// Reads the family and style names of a file without keeping it open
    /// (for the font index); nil when it is not a font.
    static func names(path: String) -> (family: String, style: String)? {
        lock.lock(); defer { lock.unlock() }
        guard let f = try? FontFace(unlockedPath: path) else { return nil }
        return (f.familyName, f.styleName)
    }

    /// Opens a face; the caller holds `lock`.
    private init(unlockedPath path: String) throws {
        // Only a regular file (a FIFO would block FreeType's open forever).
        do {
            try RegularFile.check(path, maxBytes: Self.maximumFileBytes)
        } catch RegularFileError.notFound {
            throw FontError.fileNotFound(path)
        } catch let e as RegularFileError {
            throw FontError.notAFont(path, reason: e.description)
        }
        var lib: FT_Library?
        let e = FT_Init_FreeType(&lib)
        guard e == 0, let lib else { throw FontError.freeType(path, operation: "initialise", code: e) }
        var f: FT_Face?
        let openError = FT_New_Face(lib, path, 0, &f)
        guard openError == 0, let f else {
            FT_Done_FreeType(lib)
            throw FontError.notAFont(path, reason: FreeTypeErrors.describe(openError))
        }
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(f); FT_Done_FreeType(lib)
            throw FontError.notAFont(path, reason: "not a scalable outline font")
        }
        self.path = path
        library = lib
        face = f
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = f.pointee.style_name.map { String(cString: $0) } ?? ""
        hasKerning = cfreetype_has_kerning(f) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Design units per em and the hhea-style vertical metrics in design units.
    var designMetrics: (unitsPerEm: Double, ascender: Double, descender: Double, height: Double) {
        let r = face.pointee
        return (Double(r.units_per_EM), Double(r.ascender), Double(r.descender), Double(r.height))
    }
}
