// Bench: plot labels in a real font. A label is drawn by the Text module
// (FreeType, the default font DejaVu Sans) into a coverage image, trimmed to
// its ink, and blended onto a PlotCanvas in the label's colour. Labels are
// cached by string and size, as plots repeat tick labels.

import Foundation
import Geometry
import Images
import Text

/// A rendered label: its premultiplied white image and the advance box it was drawn in.
struct PlotLabel {
    /// Coverage of the label's glyphs (alpha channel), `width` × `height`.
    var coverage: [UInt8]
    var width: Int, height: Int

    /// Font size in pixels for a label drawn at `scale` (1: tick labels, 2: titles).
    static func pixelSize(scale: Int) -> Double { scale <= 1 ? 12 : 15 }

    nonisolated(unsafe) private static var cache: [String: PlotLabel] = [:]
    nonisolated(unsafe) private static var warned = false
    private static let lock = NSLock()

    /// The label for `text` at `scale`; nil (after one warning) when the font cannot be read.
    static func make(_ text: String, scale: Int) -> PlotLabel? {
        let key = "\(scale) \(text)"
        lock.lock(); defer { lock.unlock() }
        if let l = cache[key] { return l }
        let size = pixelSize(scale: scale)
        let box = Double(max(1, text.count)) * size + size
        let request = TextImageRequest(string: text, fontPath: FontResolver.defaultFontPath, fontSize: size,
                                       width: box, height: (size * 1.4).rounded(.up), scale: 1,
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
            let label = PlotLabel(coverage: cov, width: right, height: image.height)
            cache[key] = label
            return label
        } catch {
            if !warned {
                warned = true
                FileHandle.standardError.write(Data("compositor: warning: plot labels left out: \(error)\n".utf8))
            }
            return nil
        }
    }
}
