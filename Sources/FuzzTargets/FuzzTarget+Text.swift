// FuzzTargets: rich text, from the scene key to pixels. The input is a text
// layer's `string` value — usually a list of runs — placed in a one-layer
// scene and read by the scene loader (strict keys, fonts checked), then
// shaped, laid out and drawn into its backing image by TextRasterizer, the
// path of `compositor render` for a text layer. Wrapping, truncation,
// alignment and contentsScale come from the input's length, so every input
// is one case. A small box (96 × 40 points) keeps inputs fast; inputs that
// could name /dev, /proc or /sys are skipped, as in FuzzScene.

import Foundation
import Geometry
import Layers
import Text

extension FuzzTarget {
    /// Initialises fontconfig and the fallback lists of every language the
    /// fallback asks for. FcInit keeps 288 bytes of its configuration (read
    /// by its XML parser) unreachable for the process's life; the harness
    /// calls this with LeakSanitizer paused so that one-time cost is not
    /// reported as a leak of whichever input first needs a font by name.
    public static func prepareText() {
        _ = FontIndex.system.entries.count
        for s: Unicode.Scalar in ["a", "레", "か", "特", "م", "ש", "\u{1D11E}"] { _ = FontFallback.font(for: s) }
    }

    /// A text layer's `string` JSON → AttributedText → shaped layout → backing image.
    public static func text(_ bytes: [UInt8]) throws {
        guard !mayNameSpecialFile(bytes) else { return }
        let n = bytes.count
        let wrapped = n % 2 == 1
        let truncation = ["none", "start", "middle", "end"][(n / 2) % 4]
        let alignment = ["natural", "left", "right", "center", "justified"][(n / 8) % 5]
        let scale = [1.0, 2.0, 0.5][(n / 40) % 3]
        let head = """
            {"canvas": {"width": 96, "height": 40}, "sublayers": [{"type": "text", "frame": [0, 0, 96, 40],
             "fontSize": 13, "isWrapped": \(wrapped), "truncationMode": "\(truncation)",
             "alignmentMode": "\(alignment)", "contentsScale": \(scale), "string":
            """
        let json = Array(head.utf8) + bytes + Array("}]}".utf8)
        let scene = try SceneLoader.parse(json: json, baseDirectory: sceneDirectory, name: "fuzz-text.json",
                                          images: .deferred)
        guard let layer = scene.root.sublayers.first as? TextLayer else { return }
        let font = try FontResolver.location(layer.font)
        var request = TextImageRequest(string: layer.string, fontPath: font.path, fontSize: layer.fontSize,
                                       width: 96, height: 40, scale: scale, color: layer.foregroundColor ?? .white,
                                       alignment: TextLayoutOptions.Alignment(rawValue: alignment) ?? .left,
                                       wrapped: wrapped,
                                       truncation: TextLayoutOptions.Truncation(rawValue: truncation) ?? .none)
        request.faceIndex = font.index
        request.attributed = layer.attributedString
        let image = try TextRasterizer.render(request)
        precondition(image.width == request.pixelWidth && image.height == request.pixelHeight)
    }
}
