// Layers: the drawing cycle — bringing a drawing layer's backing store up to
// date before a frame composites it (CALayer's display / displayIfNeeded).
// A new or resized store (pixel size or contentsScale changed, or any bounds
// change with needsDisplayOnBoundsChange) is drawn whole; otherwise only
// the union of the dirty rects is, plus what operations appearing or
// disappearing at this time damage (DrawingDamage). Without a redraw the
// kept image is reused (stretched over new bounds, as CALayer does).

import Drawing
import Geometry

/// What one `displayIfNeeded` did.
public struct DisplayResult: Sendable {
    /// Whether the store was redrawn (wholly or in part).
    public var redrew: Bool
    /// Pixels redrawn.
    public var pixels: Int
    /// Bytes a new backing store would have needed (surface and image) when `maximumBytes` refused it; 0 otherwise.
    public var refusedBytes = 0
}

extension DrawingLayer {
    /// Whether the layer has anything to draw.
    public var hasContent: Bool { drawsContent != nil || delegate != nil || !operations.isEmpty }

    /// Brings the backing store up to date for this layer's bounds, contentsScale and time;
    /// nil store when the bounds are empty or the layer draws nothing. A new store needing
    /// more than `maximumBytes` (its surface and image) is not allocated.
    @discardableResult
    public func displayIfNeeded(maximumBytes: Int = .max) -> DisplayResult {
        let state = display
        guard hasContent, !bounds.isEmpty else {
            state.store = nil
            return DisplayResult(redrew: false, pixels: 0)
        }
        let scale = contentsScale > 0 ? contentsScale : 1
        let active = activeOperations
        var full = state.needsFullDisplay
        if let store = state.store {
            let size = BackingStore.pixelSize(bounds: bounds, scale: scale)
            if size?.width != store.pixelWidth || size?.height != store.pixelHeight || size?.scale != store.scale {
                state.store = nil
            } else if needsDisplayOnBoundsChange, store.drawnBounds != bounds {
                full = true
            }
        }
        if state.store == nil {
            if let size = BackingStore.pixelSize(bounds: bounds, scale: scale), size.width * size.height * 8 > maximumBytes {
                return DisplayResult(redrew: false, pixels: 0, refusedBytes: size.width * size.height * 8)
            }
            state.store = BackingStore(bounds: bounds, scale: scale)
            full = true
        }
        guard let store = state.store else { return DisplayResult(redrew: false, pixels: 0) }
        var dirty = state.dirty
        if !full, active != state.drawnOperations {
            if let damage = DrawingDamage.dirtyRects(operations, old: state.drawnOperations, new: active,
                                                      pixelScale: store.scale) {
                dirty += damage
            } else {
                full = true
            }
        }
        guard full || !dirty.isEmpty else { return DisplayResult(redrew: false, pixels: 0) }
        // Draw at the bounds the store was made for unless redrawing everything.
        let drawBounds = full ? bounds : store.drawnBounds
        let ops = zip(operations, active).filter { $0.1 }.map { $0.0.operation }
        let pixels = store.redraw(bounds: drawBounds, dirty: full ? nil : dirty) { ctx in
            if let draw = drawsContent {
                ctx.saveGState(); draw(ctx); ctx.restoreGState()
            } else if let d = delegate {
                ctx.saveGState(); d.draw(self, in: ctx); ctx.restoreGState()
            }
            ctx.run(ops)
        }
        state.needsFullDisplay = false
        state.dirty = []
        state.drawnOperations = active
        state.redraws += 1
        state.pixelsRedrawn += pixels
        return DisplayResult(redrew: true, pixels: pixels)
    }
}
