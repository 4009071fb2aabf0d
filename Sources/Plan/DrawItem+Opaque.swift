// Plan: which draw items (or which parts of them) are opaque — written
// with a value that does not depend on what lies under them — so an
// executor may draw them first, front to back, with blending off and a
// depth test rejecting what they hide (as WebRender and Ganesh do), then
// draw the blended rest back to front. Kept here, GL-free, so both
// executors and the overdraw counters classify items the same way.
//
// Why the picture cannot change: at a pixel, painter's order leaves the
// value the topmost opaque writer wrote, then blends every item above it in
// order. Drawing opaque pieces front to back with depth LESS leaves that
// same writer's value (depths strictly decrease with painter index), and the
// blended items drawn afterwards with the depth test pass exactly where they
// lie above it, in painter order.

import Geometry
import Images

extension PlanImage {
    /// Whether every pixel of the decoded image has alpha 255 (scans it).
    public var isFullyOpaque: Bool {
        image.pixels.withUnsafeBufferPointer { px in
            var k = 3
            while k < px.count {
                if px[k] != 255 { return false }
                k += 4
            }
            return true
        }
    }
}

extension DrawItem {
    /// Whether the whole item is opaque: drawn with blending off (`.copy`),
    /// so every pixel it covers gets a value independent of the target.
    public var isOpaque: Bool { blend == .copy }

    /// Whether the item is opaque given which plan images have every alpha
    /// at 255: `.copy` items, and blended items that draw such an image at
    /// full opacity, untinted, as a plain quad without antialiased edges —
    /// every filtered texel then has alpha exactly 1, and source-over of it
    /// writes the texel itself (an aliased clip only trims the geometry).
    public func isOpaque(imageIsOpaque: (Int) -> Bool) -> Bool {
        if blend == .copy { return true }
        guard aaEdges.isEmpty, tint == nil, case .quad = shape,
              case .texture(.image(let i), _, _, let opacity) = paint, opacity >= 1 else { return false }
        return imageIsOpaque(i)
    }

    /// The opaque interior of a blended item, or nil: a `.copy` quad in the
    /// item's plane (same layer, transform and paint) every pixel of which
    /// the whole item also covers, with coverage exactly 1 and alpha 1, so
    /// source-over writes there exactly what the interior writes. Today: an
    /// unclipped, untinted solid rounded rect with an opaque colour under an
    /// affine transform (see `coverageOneRect`).
    public var opaqueInterior: DrawItem? {
        guard case .solid(let color) = paint, color.a >= 1, let piece = coverageOneRect else { return nil }
        return DrawItem(layer: layer, transform: transform, rect: piece, paint: paint, blend: .copy)
    }

    /// The flat interior of a translucent item, or nil: a source-over quad
    /// in the item's plane (same layer, transform and paint, no shape, no
    /// antialiased edge) every pixel of which the whole item also covers with
    /// coverage exactly 1, so the item would write colour × 1 there — what
    /// the quad writes without any coverage math. An executor may draw it in
    /// the item's place and draw the item on the remaining pixels only (the
    /// GLES executor: the quad writes the item's depth, and the item, drawn
    /// right after at the same depth under the depth test LESS, is rejected
    /// exactly where the quad wrote). Today: an unclipped, untinted solid
    /// rounded rect with a translucent colour under an affine transform.
    public var flatInterior: DrawItem? {
        guard case .solid(let color) = paint, color.a < 1, let piece = coverageOneRect else { return nil }
        return DrawItem(layer: layer, transform: transform, rect: piece, paint: paint, blend: .sourceOver)
    }

    /// A rect of the item's plane, inside `rect`, on every pixel centre of
    /// which a solid, unclipped, untinted, source-over rounded rect under an
    /// affine transform has coverage exactly 1: the shape's rect inset by the
    /// corners and by one pixel (twice the half-pixel antialiasing ramp)
    /// measured in its plane; nil for other items, and when that leaves less
    /// than two pixels either way.
    public var coverageOneRect: Rect? {
        guard blend == .sourceOver, clip == nil, tint == nil, case .solid = paint,
              case .roundedRect(let shapeRect, let radius) = shape else { return nil }
        let h = transform.flattened
        guard h.c == 0, h.f == 0, h.i == 1 else { return nil }
        // Local units per screen pixel: the inverse linear part's Frobenius
        // norm bounds |n·∂local/∂screen| for every unit normal n.
        let det = h.a * h.e - h.b * h.d
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let margin = (h.a * h.a + h.b * h.b + h.d * h.d + h.e * h.e).squareRoot() / abs(det)
        guard margin.isFinite, margin > 0 else { return nil }
        let r = max(0, radius)
        // Inset k: straight edges need k ≥ margin; a corner point (k, k) lies
        // (r − k)·√2 from its circle's centre, inside by margin when k ≥ r − (r − margin)/√2.
        let k = r > margin ? max(margin, r - (r - margin) / 2.0.squareRoot()) : margin
        let inner = Rect(x: shapeRect.minX + k, y: shapeRect.minY + k,
                         width: shapeRect.width - 2 * k, height: shapeRect.height - 2 * k)
        guard inner.width > 0, inner.height > 0 else { return nil }
        let piece = inner.intersection(rect)
        guard piece.width >= 2 * margin, piece.height >= 2 * margin else { return nil }
        return piece
    }
}
