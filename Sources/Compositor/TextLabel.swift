// Compositor: short labels in a real font for the pictures the tool draws
// about a render (plot axes, the legend strips of debug overlays). A label
// is drawn by the Text module (FreeType, the default font DejaVu Sans) into
// a coverage image trimmed to its ink, and blended onto an image in one
// colour. Labels are cached by string and size, as plots repeat tick labels.

import Foundation
import Geometry
import Images
import Text

/// A label's glyph coverage, ready to be blended onto images.
public struct TextLabel: Sendable {
    /// Coverage of the glyphs, `width` × `height`, rows top-down.
    public let coverage: [UInt8]
    public let width: Int, height: Int

    nonisolated(unsafe) private static var cache: [String: TextLabel] = [:]
    nonisolated(unsafe) private static var warned = false
    private static let lock = NSLock()

    /// The label for `text` at `pixelSize` (the font's em in pixels); nil,
    /// after one warning on standard error, when the default font cannot be read.
    public static func make(_ text: String, pixelSize: Double) -> TextLabel? {
        let key = "\(pixelSize) \(text)"
        lock.lock(); defer { lock.unlock() }
        if let l = cache[key] { return l }
        let box = Double(max(1, text.count)) * pixelSize + pixelSize
        let request = TextImageRequest(string: text, fontPath: FontResolver.defaultFontPath, fontSize: pixelSize,
                                       width: box, height: (pixelSize * 1.4).rounded(.up), scale: 1,
                                       color: Color(r: 1, g: 1, b: 1, a: 1), alignment: .left, wrapped: false,
                                       truncation: .none)
        do {
            let image = try TextRasterizer.render(request)
            var right = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 { right = max(right, x + 1) }
            }
            var cov = [UInt8](repeating: 0, count: right * image.height)
            for y in 0..<image.height {
                for x in 0..<right { cov[y * right + x] = image.pixels[(y * image.width + x) * 4 + 3] }
            }
            let label = TextLabel(coverage: cov, width: right, height: image.height)
            cache[key] = label
            return label
        } catch {
            if !warned {
                warned = true
                FileHandle.standardError.write(Data("compositor: warning: labels left out of pictures: \(error)\n".utf8))
            }
            return nil
        }
    }

    /// Blends the label in the opaque colour `c` onto `image` with its box's
    /// top-left at (x, y), source-over on premultiplied pixels, clipped to the image.
    public func draw(into image: inout Image, x: Int, y: Int, _ c: (UInt8, UInt8, UInt8)) {
        for row in 0..<height {
            let py = y + row
            guard py >= 0, py < image.height else { continue }
            for col in 0..<width {
                let px = x + col
                guard px >= 0, px < image.width else { continue }
                let a = UInt32(coverage[row * width + col])
                if a == 0 { continue }
                let i = (py * image.width + px) * 4
                func over(_ d: UInt8, _ s: UInt32) -> UInt8 { UInt8((s * a + UInt32(d) * (255 - a) + 127) / 255) }
                image.pixels[i] = over(image.pixels[i], UInt32(c.0))
                image.pixels[i + 1] = over(image.pixels[i + 1], UInt32(c.1))
                image.pixels[i + 2] = over(image.pixels[i + 2], UInt32(c.2))
                image.pixels[i + 3] = over(image.pixels[i + 3], 255)
            }
        }
    }
}
