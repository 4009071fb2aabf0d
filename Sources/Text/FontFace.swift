// Text: one open font — a FreeType face — with the few things text layout
// and drawing need: names, vertical metrics, glyph lookup and grayscale
// glyph bitmaps at a pixel size. The file is opened once, as a regular file
// (RegularFile.read: name without NUL, stat, open O_NONBLOCK, fstat, size
// limit), and FreeType gets its bytes (FT_New_Memory_Face), so no path is
// opened after the check (a FIFO swapped in cannot block FreeType). FreeType
// objects are not thread-safe, so every call into FreeType holds one
// process-wide lock; faces are opened once per (path, face index) and kept.

import CFreeType
import Foundation
import Images

/// An open font: one face of a font file (a .ttc collection holds several).
public final class FontFace: @unchecked Sendable {
    /// The file it was read from.
    public let path: String
    /// Which face of the file (0 for a single-face .ttf/.otf).
    public let faceIndex: Int
    /// FreeType's family name ("DejaVu Sans").
    public let familyName: String
    /// FreeType's style name ("Book", "Bold").
    public let styleName: String
    /// Whether the font has a kerning table FreeType reads (FT_HAS_KERNING).
    public let hasKerning: Bool
    let library: FT_Library
    let face: FT_Face
    /// The file's bytes, which FreeType reads in place for the face's lifetime.
    private let bytes: UnsafeMutableRawBufferPointer

    static let lock = NSLock()
    /// Font files larger than this (256 MiB) are refused before FreeType sees them.
    public static let maximumFileBytes = 256 << 20
    nonisolated(unsafe) private static var opened: [String: FontFace] = [:]

    /// Face `index` of the font file at `path`, opened once per process.
    public static func open(path: String, index: Int = 0) throws -> FontFace {
        lock.lock(); defer { lock.unlock() }
        let key = "\(index) \(path)"
        if let f = opened[key] { return f }
        let f = try FontFace(unlockedPath: path, index: index)
        opened[key] = f
        return f
    }

    /// Opens a face; the caller holds `lock`.
    private init(unlockedPath path: String, index: Int) throws {
        let content: [UInt8]
        do {
            content = try RegularFile.read(path, maxBytes: Self.maximumFileBytes)
        } catch RegularFileError.notFound {
            throw FontError.fileNotFound(path)
        } catch let e as RegularFileError {
            throw FontError.notAFont(path, reason: e.description)
        }
        guard index >= 0, index < 0x10000 else { throw FontError.notAFont(path, reason: "no face \(index)") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, content.count), alignment: 16)
        content.withUnsafeBytes { buffer.copyMemory(from: $0) }
        var lib: FT_Library?
        let e = FT_Init_FreeType(&lib)
        guard e == 0, let lib else {
            buffer.deallocate()
            throw FontError.freeType(path, operation: "initialise", code: e)
        }
        var f: FT_Face?
        let openError = FT_New_Memory_Face(lib, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                           FT_Long(content.count), FT_Long(index), &f)
        guard openError == 0, let f else {
            FT_Done_FreeType(lib); buffer.deallocate()
            throw FontError.notAFont(path, reason: FreeTypeErrors.describe(openError))
        }
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(f); FT_Done_FreeType(lib); buffer.deallocate()
            throw FontError.notAFont(path, reason: "not a scalable outline font")
        }
        self.path = path
        faceIndex = index
        bytes = buffer
        library = lib
        face = f
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = f.pointee.style_name.map { String(cString: $0) } ?? ""
        hasKerning = cfreetype_has_kerning(f) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// Design units per em and the hhea-style vertical metrics in design units.
    var designMetrics: (unitsPerEm: Double, ascender: Double, descender: Double, height: Double) {
        let r = face.pointee
        return (Double(r.units_per_EM), Double(r.ascender), Double(r.descender), Double(r.height))
    }

    /// Underline position (negative: below the baseline) and thickness in design units.
    var underlineMetrics: (position: Double, thickness: Double) {
        let r = face.pointee
        return (Double(r.underline_position), Double(r.underline_thickness))
    }

    /// Whether the face maps `s` to a glyph other than .notdef.
    public func hasGlyph(_ s: Unicode.Scalar) -> Bool {
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        return FT_Get_Char_Index(face, FT_ULong(s.value)) != 0
    }
}
