// Text: a font face at one pixel size — the metrics layout measures with
// (hinted advances, kerning pairs, line height) and the grayscale glyph
// bitmaps drawing composites. Advances, kerning and bitmaps are cached per instance;
// every FreeType call sets the size first, under FontFace.lock, because
// faces are shared between sizes and threads.

import CFreeType
import CHarfBuzz

/// Measures text for layout: advances and kerning in pixels.
public protocol GlyphMetrics {
    /// How far the pen moves after drawing `s`.
    func advance(_ s: Unicode.Scalar) -> Double
    /// The kerning adjustment between `left` and `right` (usually ≤ 0).
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double
}

/// A glyph's grayscale coverage, placed relative to the pen on the baseline.
public struct GlyphBitmap {
    public var width: Int, rows: Int
    /// Offset of the bitmap's left column from the pen, in pixels.
    public var left: Int
    /// Height of the bitmap's top row above the baseline, in pixels.
    public var top: Int
    /// rows × width coverage bytes (0 = none, 255 = full).
    public var coverage: [UInt8]
}

/// A face at one pixel size (points × contentsScale).
public final class ScaledFont: GlyphMetrics {
    public let face: FontFace
    public let pixelSize: Double
    /// Apply the font's kerning pairs (FT_Get_Kerning) when it has them.
    public var usesKerning = true
    /// Distance from the top of a line to its baseline, in pixels.
    public let ascender: Double
    /// Line advance: ascender − descender + line gap, scaled to the pixel size.
    public let lineHeight: Double
    private var advances: [Unicode.Scalar: Double] = [:]
    private var kerns: [UInt64: Double] = [:]
    private var glyphs: [Unicode.Scalar: GlyphBitmap] = [:]
    private var glyphsByID: [UInt32: GlyphBitmap] = [:]
    /// HarfBuzz's view of the face at this size (hb-ft: hinted advances from FreeType).
    private var hbFont: OpaquePointer?
    /// Underline position below the baseline (positive down) and thickness, in pixels.
    public let underlinePosition: Double, underlineThickness: Double
    /// The font's descent below the baseline, in pixels (positive).
    public let descender: Double

    /// The largest pixel size FreeType is asked for.
    public static let maximumPixelSize = 4096.0

    public init(face: FontFace, pixelSize: Double) throws {
        guard pixelSize > 0, pixelSize <= Self.maximumPixelSize else {
            throw FontError.freeType(face.path, operation: "set a pixel size of \(pixelSize)", code: 0x17)
        }
        self.face = face
        self.pixelSize = pixelSize
        let m = face.designMetrics
        let k = pixelSize / max(1, m.unitsPerEm)
        let gap = max(0, m.height - (m.ascender - m.descender))
        ascender = m.ascender * k
        descender = -m.descender * k
        lineHeight = (m.ascender - m.descender + gap) * k
        let u = face.underlineMetrics
        underlineThickness = max(1, (u.thickness > 0 ? u.thickness : m.unitsPerEm / 14) * k)
        underlinePosition = max(1, -(u.position != 0 ? u.position : -m.unitsPerEm / 10) * k)
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        try setSize()
    }

    deinit {
        if let hbFont { hb_font_destroy(hbFont) }
    }

    /// The HarfBuzz font, made on first use with the face at this size;
    /// the caller holds FontFace.lock and has set the size.
    func harfBuzzFont() -> OpaquePointer {
        if let hbFont { return hbFont }
        let f = hb_ft_font_create(face.face, nil)!
        hb_ft_font_set_load_flags(f, 0)  // FT_LOAD_DEFAULT: hinted advances, as the glyphs are drawn
        hbFont = f
        return f
    }

    /// Runs `body` with FreeType set to this size and the HarfBuzz font, under FontFace.lock.
    func withHarfBuzzFont<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        try setSize()
        return try body(harfBuzzFont())
    }

    /// Whether the face has a glyph for `s`.
    func hasGlyph(_ s: Unicode.Scalar) -> Bool {
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        return glyphIndex(s) != 0
    }

    /// Sets the face's size; the caller holds FontFace.lock.
    private func setSize() throws {
        let e = FT_Set_Char_Size(face.face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        if e != 0 { throw FontError.freeType(face.path, operation: "set the size \(pixelSize) px", code: e) }
    }

    private func glyphIndex(_ s: Unicode.Scalar) -> FT_UInt {
        FT_Get_Char_Index(face.face, FT_ULong(s.value))
    }

    public func advance(_ s: Unicode.Scalar) -> Double {
        if let a = advances[s] { return a }
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        var a = 0.0
        if (try? setSize()) != nil, FT_Load_Glyph(face.face, glyphIndex(s), FT_Int32(0)) == 0 {
            a = Double(face.face.pointee.glyph.pointee.advance.x) / 64
        }
        advances[s] = a
        return a
    }

    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double {
        guard usesKerning, face.hasKerning else { return 0 }
        let key = UInt64(left.value) << 32 | UInt64(right.value)
        if let k = kerns[key] { return k }
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        var k = 0.0
        var v = FT_Vector()
        if (try? setSize()) != nil,
           FT_Get_Kerning(face.face, glyphIndex(left), glyphIndex(right),
                          FT_UInt(FT_KERNING_DEFAULT.rawValue), &v) == 0 {
            k = Double(v.x) / 64
        }
        kerns[key] = k
        return k
    }

    /// The rendered glyph of `s` (grayscale, antialiased, hinted), rendered once per instance.
    public func glyph(_ s: Unicode.Scalar) throws -> GlyphBitmap {
        if let g = glyphs[s] { return g }
        let g = try renderGlyph(s)
        glyphs[s] = g
        return g
    }

    /// The rendered glyph with id `id` (grayscale, antialiased, hinted), rendered once per instance.
    public func glyph(id: UInt32) throws -> GlyphBitmap {
        if let g = glyphsByID[id] { return g }
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        let g = try render(FT_UInt(id), what: "glyph \(id)")
        glyphsByID[id] = g
        return g
    }

    private func renderGlyph(_ s: Unicode.Scalar) throws -> GlyphBitmap {
        FontFace.lock.lock(); defer { FontFace.lock.unlock() }
        return try render(glyphIndex(s), what: "U+\(String(s.value, radix: 16, uppercase: true))")
    }

    /// Renders glyph `index`; the caller holds FontFace.lock.
    private func render(_ index: FT_UInt, what: String) throws -> GlyphBitmap {
        try setSize()
        let loadRender: FT_Int32 = 1 << 2  // FT_LOAD_RENDER, default (grayscale) target
        let e = FT_Load_Glyph(face.face, index, loadRender)
        if e != 0 {
            throw FontError.freeType(face.path, operation: "render \(what)", code: e)
        }
        let slot = face.face.pointee.glyph.pointee
        let b = slot.bitmap
        let w = Int(b.width), h = Int(b.rows), pitch = Int(b.pitch)
        var out = GlyphBitmap(width: w, rows: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                              coverage: [UInt8](repeating: 0, count: w * h))
        guard w > 0, h > 0, let buffer = b.buffer,
              b.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return out }
        let levels = max(1, Int(b.num_grays) - 1)
        for y in 0..<h {
            // A negative pitch means rows run bottom-up in memory.
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
            for x in 0..<w {
                let v = Int(row[x])
                out.coverage[y * w + x] = levels == 255 ? UInt8(v) : UInt8(min(255, v * 255 / levels))
            }
        }
        return out
    }
}
