// Compare: the picture a reviewer looks at when a comparison fails. Pixels
// that match are drawn as a dimmed grayscale of the first image, so the scene
// stays recognisable without competing with the marks; differing pixels are
// drawn in full-strength colours by their largest channel difference:
//   1–2 → blue (rounding noise), 3–8 → yellow (suspicious), > 8 → red (wrong).
// Same scheme as Chromium's and WebRender's reftest viewers: magnitude at a
// glance, location exact to the pixel.

import Images

extension ImageDifference {
    /// The colour (opaque RGB) for pixels whose largest channel difference is 1–2.
    public static let smallDifferenceColor: (UInt8, UInt8, UInt8) = (40, 110, 255)
    /// The colour for differences of 3–8.
    public static let mediumDifferenceColor: (UInt8, UInt8, UInt8) = (255, 220, 0)
    /// The colour for differences above 8.
    public static let largeDifferenceColor: (UInt8, UInt8, UInt8) = (255, 0, 0)

    /// An opaque image showing where and by how much `a` and `b` differ.
    ///
    /// Identical pixels: gray 32 + luma(a)/4 (luma of `a`'s premultiplied RGB,
    /// Rec. 601 weights), i.e. 32–95. Differing pixels: the colour for their largest
    /// channel difference (see ``smallDifferenceColor`` and the others). If the sizes
    /// differ, the result covers both and pixels outside either image are red.
    public static func diffImage(_ a: Image, _ b: Image) -> Image {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        var out = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                guard x < a.width, y < a.height, x < b.width, y < b.height else {
                    setRGB(&out.pixels, o, largeDifferenceColor)
                    continue
                }
                let ia = (y * a.width + x) * 4, ib = (y * b.width + x) * 4
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(a.pixels[ia + c]) - Int(b.pixels[ib + c]))) }
                switch d {
                case 0:
                    let luma = (299 * Int(a.pixels[ia]) + 587 * Int(a.pixels[ia + 1])
                                + 114 * Int(a.pixels[ia + 2]) + 500) / 1000
                    let g = UInt8(32 + luma / 4)
                    setRGB(&out.pixels, o, (g, g, g))
                case 1...2: setRGB(&out.pixels, o, smallDifferenceColor)
                case 3...8: setRGB(&out.pixels, o, mediumDifferenceColor)
                default: setRGB(&out.pixels, o, largeDifferenceColor)
                }
            }
        }
        return out
    }

    private static func setRGB(_ p: inout [UInt8], _ o: Int, _ c: (UInt8, UInt8, UInt8)) {
        p[o] = c.0; p[o + 1] = c.1; p[o + 2] = c.2; p[o + 3] = 255
    }
}
