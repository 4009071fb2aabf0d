// Text: draws a laid-out string into a layer's backing image — a
// premultiplied RGBA image of ceil(width) × ceil(height) pixels. The text
// (plain, or rich text's runs) is shaped and laid out by ShapedTextLayout;
// each glyph is FreeType's grayscale bitmap at the pen position rounded to
// the nearest whole pixel (halves up) on the baseline rounded the same way. Glyphs and underline/strikethrough
// bars of one colour combine their coverage like source-over and the colour
// is applied once (so a translucent colour does not darken where glyphs
// touch); colours are then composited source-over in the order they first
// appear. The image carries the colours itself, so both executors draw the
// same pixels.

import Foundation
import Geometry
import Images

/// What a text backing image shows.
public struct TextImageRequest: Hashable, Sendable {
    public var string: String
    /// The font file.
    public var fontPath: String
    /// Points; the glyphs are rendered at fontSize × scale pixels.
    public var fontSize: Double
    /// The box in points.
    public var width: Double, height: Double
    /// contentsScale: pixels per point of the backing image.
    public var scale: Double
    public var color: Color
    public var alignment: TextLayoutOptions.Alignment
    public var wrapped: Bool
    public var truncation: TextLayoutOptions.Truncation
    /// The face of `fontPath` (a .ttc file holds several).
    public var faceIndex = 0
    /// Rich text: when set, drawn instead of `string` (its runs' missing attributes take the values above).
    public var attributed: AttributedText?

    public init(string: String, fontPath: String, fontSize: Double, width: Double, height: Double,
                scale: Double, color: Color, alignment: TextLayoutOptions.Alignment, wrapped: Bool,
                truncation: TextLayoutOptions.Truncation) {
        self.string = string; self.fontPath = fontPath; self.fontSize = fontSize
        self.width = width; self.height = height; self.scale = scale; self.color = color
        self.alignment = alignment; self.wrapped = wrapped; self.truncation = truncation
    }

    /// The backing image's size: ceil(points × scale) per side.
    public var pixelWidth: Int { Self.pixels(width * scale) }
    public var pixelHeight: Int { Self.pixels(height * scale) }

    /// `contentsScale` lowered where needed so the backing image stays within
    /// ``TextRasterizer/maximumSide`` per side and ``TextRasterizer/maximumPixels``
    /// in all, and glyphs within ``ScaledFont/maximumPixelSize``.
    public static func effectiveScale(width: Double, height: Double, fontSize: Double, scale: Double) -> Double {
        var s = scale
        let side = Double(TextRasterizer.maximumSide)
        if width * s > side { s = side / width }
        if height * s > side { s = side / height }
        let area = width * height * s * s
        if area > Double(TextRasterizer.maximumPixels) { s *= (Double(TextRasterizer.maximumPixels) / area).squareRoot() }
        if fontSize * s > ScaledFont.maximumPixelSize { s = ScaledFont.maximumPixelSize / fontSize }
        return s
    }

    static func pixels(_ v: Double) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return Int(clamping: v.rounded(.up), to: 0...TextRasterizer.maximumSide)
    }
}

/// Renders text backing images.
public enum TextRasterizer {
    /// Largest backing image side in pixels.
    public static let maximumSide = 16384
    /// Largest backing image in pixels (16 Mi: 64 MiB of RGBA).
    public static let maximumPixels = 16 << 20

    /// Fonts at the sizes recently rendered, so layers sharing a font and size
    /// share its glyph bitmaps (a new ScaledFont per layer rendered every
    /// glyph again: 100,000 text layers meant 100,000 FreeType renders of
    /// the same letters). At most 32 kept. `render` holds `fontsLock` while
    /// it uses one, as a ScaledFont's caches are not shared between threads.
    nonisolated(unsafe) private static var fonts: [String: ScaledFont] = [:]
    private static let fontsLock = NSLock()

    /// The cached font for `location` at `pixelSize`; the caller holds `fontsLock`.
    private static func scaledFont(_ location: FontLocation, pixelSize: Double) throws -> ScaledFont {
        let key = "\(pixelSize.bitPattern) \(location.index) \(location.path)"
        if let f = fonts[key] { return f }
        let f = try ScaledFont(face: FontFace.open(path: location.path, index: location.index), pixelSize: pixelSize)
        if fonts.count >= 32 { fonts = [:] }
        fonts[key] = f
        return f
    }

    /// The layout `r` draws (in pixels of its backing image).
    public static func layout(_ r: TextImageRequest) throws -> ShapedTextLayout {
        fontsLock.lock(); defer { fontsLock.unlock() }
        return try unlockedLayout(r)
    }

    /// The caller holds `fontsLock`.
    private static func unlockedLayout(_ r: TextImageRequest) throws -> ShapedTextLayout {
        let options = TextLayoutOptions(width: r.width * r.scale, height: r.height * r.scale,
                                        alignment: r.alignment, wrapped: r.wrapped, truncation: r.truncation)
        let defaults = ShapedTextLayout.Defaults(font: FontLocation(path: r.fontPath, index: r.faceIndex),
                                                 fontSize: r.fontSize, color: r.color, options: options, scale: r.scale)
        return try ShapedTextLayout(r.attributed ?? AttributedText(plain: r.string), defaults: defaults,
                                    open: { try scaledFont($0, pixelSize: $1) })
    }

    /// The backing image of `r`; throws FontError when the font fails.
    public static func render(_ r: TextImageRequest) throws -> Image {
        let w = r.pixelWidth, h = r.pixelHeight
        guard w > 0, h > 0 else { return Image(width: max(0, w), height: max(0, h)) }
        fontsLock.lock(); defer { fontsLock.unlock() }
        let layout = try unlockedLayout(r)
        var image = Image(width: w, height: h)
        var coverage = [UInt8](repeating: 0, count: w * h)
        // One colour at a time, in the order colours first appear.
        var order: [Int] = []
        var seen = Set<Int>()
        for c in layout.glyphs.map(\.color) + layout.bars.map(\.color) where seen.insert(c).inserted { order.append(c) }
        for (n, c) in order.enumerated() {
            // The pixels this colour touches, so later colours cost their own area, not the image's.
            var x0 = w, y0 = h, x1 = 0, y1 = 0
            func touch(_ x: Int, _ y: Int, _ width: Int, _ rows: Int) {
                x0 = min(x0, max(0, x)); y0 = min(y0, max(0, y))
                x1 = max(x1, min(w, x + width)); y1 = max(y1, min(h, y + rows))
            }
            for g in layout.glyphs where g.color == c {
                let baseline = pixel(g.y)
                let font = layout.fonts[g.font]
                if Double(baseline) - font.lineHeight > Double(h) { continue }
                let bitmap = try font.glyph(id: g.id)
                let x = pixel(g.x) + bitmap.left, y = baseline - bitmap.top
                blend(bitmap, into: &coverage, width: w, height: h, x: x, y: y)
                touch(x, y, bitmap.width, bitmap.rows)
            }
            for b in layout.bars where b.color == c {
                if let r = fill(b, into: &coverage, width: w, height: h) { touch(r.x, r.y, r.width, r.rows) }
            }
            guard x0 < x1, y0 < y1 else { continue }
            if n == 0 {
                image = colorize(coverage, width: w, height: h, color: layout.colors[c])
                for y in y0..<y1 { for x in x0..<x1 { coverage[y * w + x] = 0 } }
            } else {
                composite(&coverage, over: &image, x0: x0, y0: y0, x1: x1, y1: y1, color: layout.colors[c])
            }
        }
        return image
    }

    /// Source-over of `color` × coverage onto `image` inside the rect (premultiplied, the
    /// same arithmetic as colorizing a layer and compositing it), clearing the coverage.
    static func composite(_ cov: inout [UInt8], over image: inout Image, x0: Int, y0: Int, x1: Int, y1: Int,
                          color: Color) {
        let p = color.premultiplied
        func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        let cr = byte(p.r), cg = byte(p.g), cb = byte(p.b), ca = byte(p.a)
        let w = image.width
        var px = image.pixels
        for y in y0..<y1 {
            for x in x0..<x1 {
                let i = y * w + x
                let c = UInt32(cov[i])
                if c == 0 { continue }
                cov[i] = 0
                let a = UInt32(Image.mul255(ca, c))
                if a == 0 { continue }
                func over(_ k: Int, _ src: UInt8) {
                    px[i * 4 + k] = UInt8(min(255, UInt32(src) + UInt32(Image.mul255(UInt32(px[i * 4 + k]), 255 - a))))
                }
                over(0, Image.mul255(cr, c)); over(1, Image.mul255(cg, c)); over(2, Image.mul255(cb, c))
                over(3, UInt8(a))
            }
        }
        image = Image(width: image.width, height: image.height, pixels: px)
    }

    /// The backing image of a plain-string request drawn the way text was
    /// drawn before shaping: one glyph per character (FreeType's cmap), the
    /// kern table's pairs, no ligatures, no bidi, no fallback (TextLayout).
    /// Kept as the baseline `compositor bench text` measures shaping against.
    public static func renderUnshaped(_ r: TextImageRequest) throws -> Image {
        let w = r.pixelWidth, h = r.pixelHeight
        guard w > 0, h > 0 else { return Image(width: max(0, w), height: max(0, h)) }
        fontsLock.lock(); defer { fontsLock.unlock() }
        let font = try scaledFont(FontLocation(path: r.fontPath, index: r.faceIndex), pixelSize: r.fontSize * r.scale)
        let options = TextLayoutOptions(width: r.width * r.scale, height: r.height * r.scale,
                                        alignment: r.alignment, wrapped: r.wrapped, truncation: r.truncation)
        let layout = TextLayout(r.string, metrics: font, ascender: font.ascender,
                                lineHeight: font.lineHeight, options: options)
        var coverage = [UInt8](repeating: 0, count: w * h)
        for line in layout.lines {
            let baseline = pixel(line.baseline)
            if Double(baseline) - font.lineHeight > Double(h) { break }
            for (s, x) in zip(line.scalars, line.x) where !LineBreaker.isSpace(s) {
                let g = try font.glyph(s)
                blend(g, into: &coverage, width: w, height: h, x: pixel(x) + g.left, y: baseline - g.top)
            }
        }
        return colorize(coverage, width: w, height: h, color: r.color)
    }

    /// The whole pixel nearest `v` (a pen position or baseline), halves toward +∞: the same rule
    /// everywhere, so a line's glyphs keep their spacing wherever the line starts (rounding halves
    /// away from zero put glyphs on both sides of 0 one pixel further apart, in a right-aligned or
    /// centred line that overflows the bounds).
    static func pixel(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }

    /// A bar's whole pixels at full coverage: its thickness rounded (at least one pixel) from the
    /// row nearest its top edge, between the pixel edges nearest its ends (halves up, as glyph
    /// origins), clipped to the image afterwards, so a bar above the top edge draws nothing rather
    /// than sliding into row 0. The rect filled, nil when none.
    @discardableResult
    static func fill(_ b: DecorationBar, into cov: inout [UInt8], width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, rows: Int)? {
        let t = max(1, pixel(b.thickness))
        let top = pixel(b.y - b.thickness / 2)
        let y0 = max(0, top), y1 = min(height, top + t)
        let x0 = max(0, pixel(b.x0)), x1 = min(width, pixel(b.x1))
        guard x0 < x1, y0 < y1 else { return nil }
        for y in y0..<y1 { for x in x0..<x1 { cov[y * width + x] = 255 } }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Adds a glyph's coverage at (x, y) (its top-left), source-over, clipped to the image.
    static func blend(_ g: GlyphBitmap, into cov: inout [UInt8], width: Int, height: Int, x: Int, y: Int) {
        let x0 = max(0, x), x1 = min(width, x + g.width)
        let y0 = max(0, y), y1 = min(height, y + g.rows)
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            let src = (py - y) * g.width - x, dst = py * width
            for px in x0..<x1 {
                let c = UInt32(g.coverage[src + px])
                if c == 0 { continue }
                let d = UInt32(cov[dst + px])
                cov[dst + px] = UInt8(d + c - UInt32(Image.mul255(d, c)))
            }
        }
    }

    /// Premultiplied pixels: the colour scaled by each pixel's coverage.
    static func colorize(_ cov: [UInt8], width: Int, height: Int, color: Color) -> Image {
        let p = color.premultiplied
        func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v)) * 255).rounded()) }
        let r = byte(p.r), g = byte(p.g), b = byte(p.b), a = byte(p.a)
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let c = UInt32(cov[i])
            if c == 0 { continue }
            px[i * 4] = Image.mul255(r, c); px[i * 4 + 1] = Image.mul255(g, c)
            px[i * 4 + 2] = Image.mul255(b, c); px[i * 4 + 3] = Image.mul255(a, c)
        }
        return Image(width: width, height: height, pixels: px)
    }
}
