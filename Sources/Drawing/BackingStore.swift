// Drawing: a layer's backing store — the cairo surface a drawing layer's
// content is drawn into, kept between frames, and the premultiplied RGBA
// image the compositor samples. A redraw is clipped to the dirty rects
// (cleared first, as UIKit clears before drawRect), the rest of the image is
// kept, and only the redrawn pixels are converted into the image. Sizes
// are bounded before anything is allocated (`pixelSize`).

import CCairo
import Geometry
import Images

/// The pixels a drawing layer's content was drawn into, kept between redraws.
public final class BackingStore {
    /// Largest backing image side in pixels.
    public static let maximumSide = 16384
    /// Largest backing image in pixels (16 Mi: 64 MiB of RGBA).
    public static let maximumPixels = 16 << 20

    public let pixelWidth: Int, pixelHeight: Int
    /// Pixels per point the store was made for.
    public let scale: Double
    /// The bounds the content was last drawn for (the image covers `size × scale` of its pixels).
    public private(set) var drawnBounds: Rect
    /// The backing image, premultiplied RGBA.
    public private(set) var image: Image
    private let surface: OpaquePointer
    /// Bumped on every redraw, so caches can tell images apart.
    public private(set) var generation = 0

    /// width × height × 4: what the store costs (the image; cairo's surface holds as much again while drawing).
    public var byteCount: Int { pixelWidth * pixelHeight * 4 }

    /// The backing image's pixel size for `bounds` at `scale` (ceil of points × scale per side) and
    /// the scale actually used: lowered where needed to stay within ``maximumSide`` and ``maximumPixels``.
    /// Nil when the bounds are empty or not finite.
    public static func pixelSize(bounds: Rect, scale: Double) -> (width: Int, height: Int, scale: Double)? {
        let w = bounds.width, h = bounds.height
        guard w.isFinite, h.isFinite, w > 0, h > 0, scale.isFinite, scale > 0 else { return nil }
        var s = scale
        let side = Double(maximumSide)
        if w * s > side { s = side / w }
        if h * s > side { s = side / h }
        if w * h * s * s > Double(maximumPixels) { s *= (Double(maximumPixels) / (w * h * s * s)).squareRoot() }
        let pw = Int((w * s).rounded(.up)), ph = Int((h * s).rounded(.up))
        guard pw >= 1, ph >= 1, pw <= maximumSide, ph <= maximumSide, pw * ph <= maximumPixels + 2 * maximumSide + 1 else {
            return nil
        }
        return (pw, ph, s)
    }

    /// A cleared store for `bounds` at `scale`; nil when the size is empty or cairo refuses it.
    public init?(bounds: Rect, scale: Double) {
        guard let size = Self.pixelSize(bounds: bounds, scale: scale),
              let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else {
            return nil
        }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        surface = s
        pixelWidth = size.width; pixelHeight = size.height; self.scale = size.scale
        drawnBounds = bounds
        image = Image(width: size.width, height: size.height)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Redraws the content for `bounds`: everything when `dirty` is nil, else
    /// only the union of the dirty rects (bounds coordinates, rounded out to
    /// whole pixels), which are cleared, then drawn with the context clipped to
    /// them. Returns the number of pixels redrawn.
    @discardableResult
    public func redraw(bounds: Rect, dirty: [Rect]?, _ draw: (DrawingContext) -> Void) -> Int {
        let pixelRects: [PixelRect]
        if let dirty {
            pixelRects = PixelRect.union(dirty.compactMap { pixelRect(of: $0, in: bounds) })
        } else {
            pixelRects = [PixelRect(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)]
        }
        guard !pixelRects.isEmpty, let cr = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cr) }
        // Clip to the dirty pixels (device space) and clear them.
        for r in pixelRects {
            cairo_rectangle(cr, Double(r.x0), Double(r.y0), Double(r.x1 - r.x0), Double(r.y1 - r.y0))
        }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // User space: the layer's bounds coordinates, at the store's scale.
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -bounds.minX, -bounds.minY)
        let ctx = DrawingContext(cairo: cr, scale: scale)
        draw(ctx)
        cairo_surface_flush(surface)
        var pixels = 0
        for r in pixelRects {
            CairoPixels.copy(from: surface, into: &image, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1)
            pixels += (r.x1 - r.x0) * (r.y1 - r.y0)
        }
        drawnBounds = bounds
        generation += 1
        return pixels
    }

    /// The whole pixels a rect of bounds coordinates touches, clamped to the image; nil when none.
    func pixelRect(of r: Rect, in bounds: Rect) -> PixelRect? {
        let values = [(r.minX - bounds.minX) * scale, (r.minY - bounds.minY) * scale,
                      (r.maxX - bounds.minX) * scale, (r.maxY - bounds.minY) * scale]
        guard values.allSatisfy({ !$0.isNaN }) else { return nil }
        func clamp(_ v: Double, _ hi: Int) -> Int { Int(min(max(v, 0), Double(hi))) }
        let x0 = clamp(values[0].rounded(.down), pixelWidth), y0 = clamp(values[1].rounded(.down), pixelHeight)
        let x1 = clamp(values[2].rounded(.up), pixelWidth), y1 = clamp(values[3].rounded(.up), pixelHeight)
        return x1 > x0 && y1 > y0 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}

/// A rectangle of whole pixels, [x0, x1) × [y0, y1).
public struct PixelRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    /// Disjoint rects covering exactly the union of `rects`: horizontal bands
    /// between the distinct y edges, each band's x spans merged. More than 64
    /// rects are replaced by their bounding box (the redraw may cover more, never less).
    public static func union(_ rects: [PixelRect]) -> [PixelRect] {
        let rs = rects.filter { $0.x1 > $0.x0 && $0.y1 > $0.y0 }
        guard rs.count > 1 else { return rs }
        if rs.count > 64 {
            return [PixelRect(x0: rs.map(\.x0).min()!, y0: rs.map(\.y0).min()!,
                              x1: rs.map(\.x1).max()!, y1: rs.map(\.y1).max()!)]
        }
        let ys = Set(rs.flatMap { [$0.y0, $0.y1] }).sorted()
        var out: [PixelRect] = []
        for i in 0..<(ys.count - 1) {
            let y0 = ys[i], y1 = ys[i + 1]
            let spans = rs.filter { $0.y0 <= y0 && $0.y1 >= y1 }.map { ($0.x0, $0.x1) }.sorted { $0.0 < $1.0 }
            var merged: [(Int, Int)] = []
            for s in spans {
                if let last = merged.last, s.0 <= last.1 { merged[merged.count - 1].1 = max(last.1, s.1) } else { merged.append(s) }
            }
            for (x0, x1) in merged {
                // Join with the band above when it has the same span, to keep the list short.
                if let j = out.lastIndex(where: { $0.y1 == y0 && $0.x0 == x0 && $0.x1 == x1 }) {
                    out[j].y1 = y1
                } else {
                    out.append(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1))
                }
            }
        }
        return out
    }
}
