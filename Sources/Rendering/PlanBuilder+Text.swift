// Rendering: text layers. The string is drawn into the layer's backing
// image at contentsScale (Text's TextRasterizer, cached between frames by
// TextImageCache), and that image is drawn over the bounds like `contents`
// with contentsGravity resize — so both executors composite the same image,
// and text at contentsScale 1 on a 2× canvas is magnified (soft), as on iOS.

import Geometry
import Layers
import Text

extension PlanBuilder {
    func emitText(_ n: LayerDraw, opacity: Double) {
        guard let l = n.layer as? TextLayer, l.hasVisibleText, !l.bounds.isEmpty else { return }
        let color = l.foregroundColor ?? .clear
        let scale = TextImageRequest.effectiveScale(width: l.bounds.width, height: l.bounds.height,
                                                    fontSize: l.fontSize,
                                                    scale: l.contentsScale > 0 ? l.contentsScale : 1)
        guard let font = try? FontResolver.location(l.font) else { return }
        var request = TextImageRequest(
            string: l.string, fontPath: font.path, fontSize: l.fontSize,
            width: l.bounds.width, height: l.bounds.height, scale: scale, color: color,
            alignment: Self.textAlignment(l.alignmentMode), wrapped: l.isWrapped,
            truncation: Self.textTruncation(l.truncationMode))
        request.faceIndex = font.index
        request.attributed = l.attributedString
        let w = request.pixelWidth, h = request.pixelHeight
        guard w > 0, h > 0, textImageFits(l, bytes: w * h * 4),
              let entry = try? TextImageCache.shared.image(layer: l.id, request) else { return }
        let img = imageRef(LayerContents(key: entry.key, image: entry.image))
        // The bounds cover width × scale of the ceil-rounded image's pixels.
        let uvRect = Rect(x: 0, y: 0, width: l.bounds.width * scale / Double(w),
                          height: l.bounds.height * scale / Double(h))
        let map = Homography.mapping(l.bounds, to: uvRect)
        let filter = chooseFilter(l, toTarget: n.toTarget, rect: l.bounds, uv: map, imageWidth: w, imageHeight: h)
        let aa: EdgeMask = l.allowsEdgeAntialiasing ? .all : []
        add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: l.bounds,
                     paint: .texture(.image(img), uv: map, filter: filter, opacity: opacity),
                     aaEdges: aa, blend: .sourceOver, clip: n.clip))
    }

    /// Counts `bytes` more of text backing images for this frame, before the
    /// image is rendered; past `PlanLimits.maximumTextImageBytes` records a
    /// problem (the frame is refused) and renders no further text.
    func textImageFits(_ l: TextLayer, bytes: Int) -> Bool {
        guard !textImagesOverBudget else { return false }
        textImageBytes += bytes
        textLayersDrawn += 1
        guard textImageBytes > PlanLimits.maximumTextImageBytes else { return true }
        textImagesOverBudget = true
        problem(l, "text: the frame's text backing images need more than \(PlanLimits.maximumTextImageBytes >> 20) MiB "
                + "(\(textLayersDrawn) text layers so far), over the limit for text images in one frame")
        return false
    }

    static func textAlignment(_ a: TextAlignment) -> TextLayoutOptions.Alignment {
        switch a {
        case .natural: return .natural
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        }
    }

    static func textTruncation(_ t: TextTruncation) -> TextLayoutOptions.Truncation {
        switch t {
        case .none: return .none
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        }
    }
}
