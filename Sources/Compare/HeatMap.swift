// Compare: the overdraw heat map, in Android's "Debug GPU overdraw" scheme —
// untouched pixels show the frame dimmed to grey, 1× blue, 2× green, 3×
// pink, 4× and more red (or, with the deuteranomaly scheme, colours that stay
// apart for red–green colour-weak eyes) — with a legend strip below the image (coloured
// boxes labelled with the counts in a built-in 3×5 bitmap font, so no font
// library is needed). GL-free: it takes counts and an image, nothing else.

import Images

/// Draws overdraw heat maps.
public enum HeatMap {
    /// Colours for 1×, 2×, 3× and 4×+ (opaque RGB).
    public static let colors: [(UInt8, UInt8, UInt8)] = [
        (40, 90, 255), (40, 200, 60), (255, 110, 190), (235, 30, 30),
    ]
    /// The colour sets of the heat map.
    public enum Scheme: String, CaseIterable, Sendable {
        /// Android's default: blue, green, pink, red.
        case android
        /// For deuteranomaly (green-weak vision), as Android's "Show areas for
        /// Deuteranomaly" offers: the Okabe–Ito colours blue, sky blue, yellow and
        /// vermillion, which differ in lightness as well as hue, so no two of
        /// them collapse when red and green do.
        case deuteranomaly

        /// Colours for 1×, 2×, 3× and 4×+ (opaque RGB).
        public var colors: [(UInt8, UInt8, UInt8)] {
            switch self {
            case .android: return HeatMap.colors
            case .deuteranomaly: return [(0, 114, 178), (86, 180, 233), (240, 228, 66), (213, 94, 0)]
            }
        }
    }

    /// How much of the colour covers the grey frame (0…1).
    public static let tint = 0.7

    /// The heat map of `counts` (width × height, rows top-down) over `frame`
    /// (premultiplied, same size; nil for black), in the colours of `scheme`,
    /// with a legend strip below when `legend` is true. The result is opaque.
    public static func render(counts: [UInt32], width: Int, height: Int, frame: Image?,
                              legend: Bool = true, scheme: Scheme = .android) -> Image {
        precondition(counts.count == width * height, "counts must be width × height")
        let fontScale = width >= 200 ? 2 : 1
        let strip = legend ? 9 * fontScale + 4 : 0
        var out = Image(width: width, height: height + strip)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                // Grey of the frame over mid-grey, dimmed to half.
                var grey = 0.25
                if let f = frame, f.width == width, f.height == height {
                    let r = Double(f.pixels[4 * i]), g = Double(f.pixels[4 * i + 1])
                    let b = Double(f.pixels[4 * i + 2]), a = Double(f.pixels[4 * i + 3])
                    let luma = (0.299 * r + 0.587 * g + 0.114 * b + (255 - a) * 0.5) / 255
                    grey = 0.5 * luma
                }
                var rgb = (grey, grey, grey)
                let n = Int(min(counts[i], 4))
                if n > 0 {
                    let c = scheme.colors[n - 1]
                    rgb = (mix(grey, c.0), mix(grey, c.1), mix(grey, c.2))
                }
                set(&out, x, y, (byte(rgb.0), byte(rgb.1), byte(rgb.2)))
            }
        }
        if legend { drawLegend(&out, top: height, scale: fontScale, colors: scheme.colors) }
        return out
    }

    static func mix(_ grey: Double, _ c: UInt8) -> Double { grey * (1 - tint) + Double(c) / 255 * tint }
    static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }

    static func set(_ img: inout Image, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < img.width, y < img.height else { return }
        let o = 4 * (y * img.width + x)
        img.pixels[o] = c.0; img.pixels[o + 1] = c.1; img.pixels[o + 2] = c.2; img.pixels[o + 3] = 255
    }

    /// The strip: dark background, then "0 □ 1 ■ 2 ■ 3 ■ 4+ ■" boxes with labels.
    static func drawLegend(_ img: inout Image, top: Int, scale s: Int, colors: [(UInt8, UInt8, UInt8)] = colors) {
        for y in top..<img.height { for x in 0..<img.width { set(&img, x, y, (24, 24, 24)) } }
        let labels = ["0", "1", "2", "3", "4+"]
        let swatches: [(UInt8, UInt8, UInt8)] = [(64, 64, 64)] + colors
        var x = 2 * s
        let box = 7 * s, y0 = top + 2
        for (label, c) in zip(labels, swatches) {
            for dy in 0..<box { for dx in 0..<box { set(&img, x + dx, y0 + dy, c) } }
            x += box + 2 * s
            for ch in label {
                drawGlyph(&img, ch, x: x, y: y0 + s, scale: s)
                x += 4 * s
            }
            x += 4 * s
        }
    }

    /// 3×5 glyphs, rows top-down, 3 bits each (MSB left).
    static let glyphs: [Character: [UInt8]] = [
        "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7],
        "4": [5, 5, 7, 1, 1], "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 1, 1, 1],
        "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7], "+": [0, 2, 7, 2, 0], "x": [0, 5, 2, 5, 0],
    ]

    static func drawGlyph(_ img: inout Image, _ ch: Character, x: Int, y: Int, scale s: Int) {
        guard let rows = glyphs[ch] else { return }
        for (r, bits) in rows.enumerated() {
            for c in 0..<3 where bits & (4 >> c) != 0 {
                for dy in 0..<s { for dx in 0..<s { set(&img, x + c * s + dx, y + r * s + dy, (235, 235, 235)) } }
            }
        }
    }
}
