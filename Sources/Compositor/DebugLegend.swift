// Compositor: the legend strip under a `--debug` overlay, like the one
// under the overdraw heat map: a dark band with a swatch and a label for
// each colour the overlay uses, so a picture explains itself when it is
// passed around without the command that made it. Entries wrap onto more
// rows when the image is narrow.

import Geometry
import Images
import Rendering

/// Legend strips for the debug overlays.
public enum DebugLegend {
    /// The colours `mode` paints and what each means.
    public static func entries(for mode: DebugOverlayMode) -> [(color: PremultipliedColor, label: String)] {
        switch mode {
        case .blended:
            return [(DebugOverlay.red, "blended (source over)"), (DebugOverlay.green, "opaque (blending off)")]
        case .offscreen:
            return [(DebugOverlay.yellow, "drawn back from an offscreen pass")]
        case .raster:
            return [(DebugOverlay.green, "rasterized, cached bitmap reused"),
                    (DebugOverlay.red, "rasterized, bitmap rendered again")]
        case .misaligned:
            return [(DebugOverlay.magenta, "image off the pixel grid"),
                    (DebugOverlay.yellow, "image scaled (texel ≠ pixel)")]
        case .bounds:
            return [(DebugOverlay.boundsColor, "layer bounds"), (DebugOverlay.anchorColor, "anchor point")]
        case .copied:
            return [(DebugOverlay.cyan, "image copied while drawing (upload, tiles, format expansion)")]
        }
    }

    /// `image` with the legend of `mode` appended below it (the image keeps its pixels and width).
    public static func appending(to image: Image, mode: DebugOverlayMode) -> Image {
        let items = entries(for: mode)
        let size: Double = image.width >= 400 ? 13 : 10
        let rowHeight = Int(size * 1.8), pad = Int(size / 2), swatch = Int(size)
        // Lay the entries out in rows that fit the width.
        var rows: [[(PremultipliedColor, TextLabel?)]] = [[]]
        var x = pad
        for (color, text) in items {
            let label = TextLabel.make(text, pixelSize: size)
            let w = swatch + pad / 2 + (label?.width ?? 0) + 2 * pad
            if x + w > image.width, !rows[rows.count - 1].isEmpty { rows.append([]); x = pad }
            rows[rows.count - 1].append((color, label))
            x += w
        }
        let strip = rows.count * rowHeight
        var out = Image(width: image.width, height: image.height + strip)
        out.pixels.replaceSubrange(0..<image.pixels.count, with: image.pixels)
        for i in stride(from: image.pixels.count, to: out.pixels.count, by: 4) {
            out.pixels[i] = 24; out.pixels[i + 1] = 24; out.pixels[i + 2] = 24; out.pixels[i + 3] = 255
        }
        for (r, row) in rows.enumerated() {
            var x = pad
            let top = image.height + r * rowHeight
            for (color, label) in row {
                let sy = top + (rowHeight - swatch) / 2
                fill(&out, x: x, y: sy, w: swatch, h: swatch, color)
                x += swatch + pad / 2
                if let label {
                    label.draw(into: &out, x: x, y: top + (rowHeight - label.height) / 2, (235, 235, 235))
                    x += label.width
                }
                x += 2 * pad
            }
        }
        return out
    }

    /// A swatch: the overlay colour at full strength (the overlay itself is drawn at half).
    static func fill(_ img: inout Image, x: Int, y: Int, w: Int, h: Int, _ c: PremultipliedColor) {
        let a = max(c.a, 1e-9)
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v / a * 255).rounded()))) }
        let rgb = (byte(c.r), byte(c.g), byte(c.b))
        for yy in max(0, y)..<min(img.height, y + h) {
            for xx in max(0, x)..<min(img.width, x + w) {
                let i = (yy * img.width + xx) * 4
                img.pixels[i] = rgb.0; img.pixels[i + 1] = rgb.1; img.pixels[i + 2] = rgb.2; img.pixels[i + 3] = 255
            }
        }
    }
}
