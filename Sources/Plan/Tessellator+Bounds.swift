// Plan: the bounding box of an item's polygon without building it, for the
// common item the occlusion culler tests by the thousand — a quad, rounded
// rect or ring under an axis-aligned affine transform with no clip polygon.
// Its polygon (`Tessellator.polygon`) is then the expanded rect's four mapped
// corners (w = 1, no eye-plane clipping) clipped to the pass rectangle,
// whose bounding box is the corners' box intersected with the pass.

import Geometry

extension Tessellator {
    /// What `polygonBounds` found.
    public enum PolygonBounds: Sendable, Equatable {
        /// The item is not of the simple kind: build the polygon.
        case notSimple
        /// `polygon(of:)` would find nothing visible.
        case invisible
        /// The polygon's bounding box in pass pixels.
        case box(Rect)
    }

    /// The bounding box of `polygon(of: item, …)` for simple items, computed
    /// with the same arithmetic up to the pass clipping (which, for an
    /// axis-aligned rectangle, only cuts the box to the pass).
    public static func polygonBounds(of item: DrawItem, width: Int, height: Int) -> PolygonBounds {
        guard item.clip == nil else { return .notSimple }
        let h = item.transform.flattened
        guard h.b == 0, h.d == 0, h.c == 0, h.f == 0, h.i == 1 else { return .notSimple }
        guard let inv = h.inverse else { return .invisible }
        let rect = expandedRect(item, h: h, inv: inv)
        guard !rect.isEmpty else { return .invisible }
        let (x0, y0, w0) = h.applyHomogeneous(rect.minX, rect.minY)
        let (x1, y1, w1) = h.applyHomogeneous(rect.maxX, rect.maxY)
        let ax = x0 / w0, ay = y0 / w0, bx = x1 / w1, by = y1 / w1
        let minX = max(min(ax, bx), 0), maxX = min(max(ax, bx), Double(width))
        let minY = max(min(ay, by), 0), maxY = min(max(ay, by), Double(height))
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite,
              maxX > minX, maxY > minY, (maxX - minX) * (maxY - minY) > 1e-9 else { return .invisible }
        return .box(Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }
}
