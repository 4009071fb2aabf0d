// Rendering: drawing layers. Before the frame composites a drawing layer,
// its backing store is brought up to date (DrawingLayer.displayIfNeeded:
// cairo redraws the dirty rects only), and the backing image is drawn over
// the bounds like `contents` with contentsGravity resize — so both executors
// composite the same premultiplied image, as for text layers. The image key
// changes with every redraw (layer id and store generation), so executors
// never sample a stale upload.

import Geometry
import Layers

extension PlanBuilder {
    func emitDrawing(_ n: LayerDraw, opacity: Double) {
        guard let l = n.layer as? DrawingLayer else { return }
        let budget = options.memoryLimit.map { $0 - 2 * stats.backingStoreBytes } ?? .max
        let result = l.displayIfNeeded(maximumBytes: budget)
        if result.refusedBytes > 0 {
            problem(l, "needs a backing store of \(result.refusedBytes >> 20) MiB (twice: cairo's surface and the image), "
                    + "over what the memory limit leaves (--memory-limit)")
            return
        }
        if result.redrew {
            stats.drawingRedraws += 1
            stats.drawingPixelsRedrawn += result.pixels
        }
        guard let store = l.display.store else { return }
        stats.backingStoreBytes += store.byteCount
        let w = store.pixelWidth, h = store.pixelHeight
        let key = "drawing:\(l.id):\(ObjectIdentifier(store).hashValue):\(store.generation)"
        let img = imageRef(LayerContents(key: key, image: store.image))
        // The image's drawn bounds cover size × scale of its ceil-rounded pixels; a store kept
        // over changed bounds (needsDisplayOnBoundsChange false) is stretched over the new ones.
        let drawn = store.drawnBounds
        let uvRect = Rect(x: 0, y: 0, width: drawn.width * store.scale / Double(w),
                          height: drawn.height * store.scale / Double(h))
        let map = Homography.mapping(l.bounds, to: uvRect)
        let filter = chooseFilter(l, toTarget: n.toTarget, rect: l.bounds, uv: map, imageWidth: w, imageHeight: h)
        let aa: EdgeMask = l.allowsEdgeAntialiasing ? .all : []
        add(DrawItem(layer: n.nameIndex, transform: n.toTarget.transform3D, rect: l.bounds,
                     paint: .texture(.image(img), uv: map, filter: filter, opacity: opacity),
                     aaEdges: aa, blend: .sourceOver, clip: n.clip))
    }
}
