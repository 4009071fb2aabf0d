// Compare: the diff image as a reviewer wants to see it — cropped to where
// the images differ and magnified, so that a few dozen differing pixels in a
// large frame are visible at all, with a legend strip that says what the
// colours mean (and where the crop lies and how much it is magnified). When
// the differences cover most of the frame, cropping would hide the scene, so
// the whole frame is kept. The plain `diffImage(_:_:)` stays pixel-aligned
// with the inputs for tools that overlay it.

import Images

/// How `diffImage(_:_:crop:legend:)` frames the differences.
public enum DiffCrop: String, Equatable, Sendable, CaseIterable {
    /// The whole frame at 1×.
    case none
    /// The bounding box of the differing pixels (with a margin), magnified
    /// with nearest-neighbour sampling; the whole frame when nothing differs
    /// or the box covers more than half of it.
    case auto
}

/// Where a cropped diff image came from.
public struct DiffCropRegion: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Each source pixel became magnification × magnification pixels.
    public var magnification: Int
}

extension ImageDifference {
    /// The largest magnification `diffImage(_:_:crop:legend:)` uses.
    public static let maximumCropMagnification = 16

    /// The region `crop` shows of the diff of `a` and `b` (same sizes expected;
    /// otherwise the whole union at 1×).
    public static func cropRegion(_ a: Image, _ b: Image, crop: DiffCrop) -> DiffCropRegion {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        let whole = DiffCropRegion(x: 0, y: 0, width: width, height: height, magnification: 1)
        guard crop == .auto, a.width == b.width, a.height == b.height, width > 0, height > 0 else { return whole }
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                if a.pixels[o] != b.pixels[o] || a.pixels[o + 1] != b.pixels[o + 1]
                    || a.pixels[o + 2] != b.pixels[o + 2] || a.pixels[o + 3] != b.pixels[o + 3] {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
            }
        }
        guard x1 >= 0 else { return whole }
        let boxW = x1 - x0 + 1, boxH = y1 - y0 + 1
        if boxW * boxH * 2 > width * height { return whole }
        // A margin of a quarter of the box (at least 4 pixels) keeps some context.
        let mx = max(4, boxW / 4), my = max(4, boxH / 4)
        let cx0 = max(0, x0 - mx), cy0 = max(0, y0 - my)
        let cx1 = min(width - 1, x1 + mx), cy1 = min(height - 1, y1 + my)
        let cw = cx1 - cx0 + 1, ch = cy1 - cy0 + 1
        // Magnify until the crop is about as large as the frame, within bounds.
        let m = max(1, min(maximumCropMagnification, min(max(width, 64) / cw, max(height, 64) / ch)))
        return DiffCropRegion(x: cx0, y: cy0, width: cw, height: ch, magnification: m)
    }

    /// The diff image (colours as ``diffImage(_:_:)``) framed by `crop`, with a
    /// legend strip below when `legend` is true: swatches for identical, 1–2,
    /// 3–8 and 9+, then the crop's origin, size and magnification.
    public static func diffImage(_ a: Image, _ b: Image, crop: DiffCrop, legend: Bool = true) -> Image {
        let full = diffImage(a, b)
        let r = cropRegion(a, b, crop: crop)
        let m = r.magnification
        let fontScale = r.width * m >= 200 ? 2 : 1
        let strip = legend ? 9 * fontScale + 4 : 0
        var out = Image(width: r.width * m, height: r.height * m + strip)
        for y in 0..<(r.height * m) {
            let sy = r.y + y / m
            for x in 0..<(r.width * m) {
                let so = (sy * full.width + r.x + x / m) * 4, o = (y * out.width + x) * 4
                for c in 0..<4 { out.pixels[o + c] = full.pixels[so + c] }
            }
        }
        if crop == .auto { markSparseDifferences(&out, full: full, a: a, b: b, region: r) }
        if legend { drawDiffLegend(&out, top: r.height * m, scale: fontScale, region: r) }
        return out
    }

    /// The most differing pixels that get a ring (more are visible without one).
    public static let maximumMarkedPixels = 2000

    /// Draws a hollow square in the pixel's colour around each differing pixel
    /// while there are few of them and they are small on screen, so that single
    /// pixels stand out; the pixels themselves are drawn again on top.
    static func markSparseDifferences(_ out: inout Image, full: Image, a: Image, b: Image, region r: DiffCropRegion) {
        let m = r.magnification
        guard m < 8, a.width == b.width, a.height == b.height else { return }
        var marked: [(Int, Int)] = []
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) {
                let o = (y * a.width + x) * 4
                if a.pixels[o] != b.pixels[o] || a.pixels[o + 1] != b.pixels[o + 1]
                    || a.pixels[o + 2] != b.pixels[o + 2] || a.pixels[o + 3] != b.pixels[o + 3] {
                    marked.append((x, y))
                    if marked.count > maximumMarkedPixels { return }
                }
            }
        }
        let ring = max(3, m)
        let height = r.height * m
        func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let o = (y * full.width + x) * 4
            return (full.pixels[o], full.pixels[o + 1], full.pixels[o + 2])
        }
        for (x, y) in marked {
            let c = colour(x, y)
            let x0 = (x - r.x) * m - ring, y0 = (y - r.y) * m - ring
            let side = m + 2 * ring
            for i in 0..<side {
                for (px, py) in [(x0 + i, y0), (x0 + i, y0 + side - 1), (x0, y0 + i), (x0 + side - 1, y0 + i)]
                where py < height {
                    HeatMap.set(&out, px, py, c)
                }
            }
        }
        for (x, y) in marked {
            let c = colour(x, y)
            for dy in 0..<m { for dx in 0..<m { HeatMap.set(&out, (x - r.x) * m + dx, (y - r.y) * m + dy, c) } }
        }
    }

    static func drawDiffLegend(_ img: inout Image, top: Int, scale s: Int, region r: DiffCropRegion) {
        for y in top..<img.height { for x in 0..<img.width { HeatMap.set(&img, x, y, (24, 24, 24)) } }
        let entries: [(String, (UInt8, UInt8, UInt8))] = [
            ("0", (64, 64, 64)), ("1-2", smallDifferenceColor), ("3-8", mediumDifferenceColor),
            ("9+", largeDifferenceColor),
        ]
        var x = 2 * s
        let box = 7 * s, y0 = top + 2
        for (label, c) in entries {
            for dy in 0..<box { for dx in 0..<box { HeatMap.set(&img, x + dx, y0 + dy, c) } }
            x += box + 2 * s
            x = drawText(&img, label, x: x, y: y0 + s, scale: s) + 4 * s
        }
        if r.magnification > 1 || r.x > 0 || r.y > 0 {
            let text = "\(r.x),\(r.y) \(r.width)x\(r.height) x\(r.magnification)"
            _ = drawText(&img, text, x: x + 4 * s, y: y0 + s, scale: s)
        }
    }

    /// Glyphs the overdraw legend's font lacks, in its 3×5 form.
    static let extraGlyphs: [Character: [UInt8]] = [
        "-": [0, 0, 7, 0, 0], ",": [0, 0, 0, 2, 4],
    ]

    /// Draws `text` left to right; returns the x after it. Unknown characters are spaces.
    static func drawText(_ img: inout Image, _ text: String, x: Int, y: Int, scale s: Int) -> Int {
        var x = x
        for ch in text {
            if let rows = extraGlyphs[ch] {
                for (r, bits) in rows.enumerated() {
                    for c in 0..<3 where bits & (4 >> c) != 0 {
                        for dy in 0..<s { for dx in 0..<s { HeatMap.set(&img, x + c * s + dx, y + r * s + dy, (235, 235, 235)) } }
                    }
                }
            } else {
                HeatMap.drawGlyph(&img, ch, x: x, y: y, scale: s)
            }
            x += 4 * s
        }
        return x
    }
}
