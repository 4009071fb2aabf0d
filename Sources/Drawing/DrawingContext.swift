// Drawing: the context a drawing layer draws into — Core Graphics' CGContext
// in spirit (as UIKit hands it to draw(_:) and drawLayer(_:in:)), backed by
// cairo. Coordinates are the layer's bounds coordinates (y down, as UIKit's
// flipped context); the context already maps them to the backing image's
// pixels at contentsScale. Non-finite numbers and impossible requests (a
// restore without a save, a dash of zeros, a zero scale) are ignored, so a
// bad drawing list never puts cairo in its error state or crashes.

import CCairo
import Geometry
import Images
import Text

/// A 2D drawing context on a layer's backing image (CGContext's role), backed by cairo.
public final class DrawingContext {
    let cr: OpaquePointer
    /// Pixels per point of the backing image (the layer's contentsScale).
    public let scale: Double
    private var fill = Color.black, stroke = Color.black
    private var saved: [(Color, Color)] = []
    /// Most nested saves kept (deeper ones are ignored with their restores).
    public static let maximumSaveDepth = 256
    private var ignoredSaves = 0

    init(cairo: OpaquePointer, scale: Double) {
        cr = cairo
        self.scale = scale
    }

    // MARK: State

    /// Pushes the graphics state (transform, clip, colours, line style).
    public func saveGState() {
        guard saved.count < Self.maximumSaveDepth else { ignoredSaves += 1; return }
        saved.append((fill, stroke))
        cairo_save(cr)
    }

    /// Pops the state the matching `saveGState` pushed; without one it does nothing.
    public func restoreGState() {
        if ignoredSaves > 0 { ignoredSaves -= 1; return }
        guard let s = saved.popLast() else { return }
        (fill, stroke) = s
        cairo_restore(cr)
    }

    public func setFillColor(_ c: Color) { if Self.finite(c) { fill = c } }
    public func setStrokeColor(_ c: Color) { if Self.finite(c) { stroke = c } }

    public func setLineWidth(_ w: Double) { if w.isFinite, w >= 0 { cairo_set_line_width(cr, w) } }

    public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    public func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    public func setMiterLimit(_ m: Double) { if m.isFinite, m >= 1 { cairo_set_miter_limit(cr, m) } }

    /// Dash and gap lengths (points) starting `phase` into the pattern; empty: solid.
    /// Lengths that are negative, not finite, or all zero leave the line solid.
    public func setLineDash(phase: Double, lengths: [Double]) {
        let ok = phase.isFinite && lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        guard ok, lengths.count <= 1024 else { cairo_set_dash(cr, nil, 0, 0); return }
        lengths.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase) }
    }

    // MARK: Transforms

    public func translateBy(x: Double, y: Double) {
        if x.isFinite, y.isFinite { cairo_translate(cr, x, y) }
    }

    /// Scales the user space; a zero or non-finite factor is ignored (it would make the transform singular).
    public func scaleBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite, x != 0, y != 0, abs(x) < 1e6, abs(y) < 1e6, abs(x) > 1e-6, abs(y) > 1e-6 else { return }
        cairo_scale(cr, x, y)
    }

    /// Rotates the user space by `angle` radians (clockwise on screen for positive angles, as UIKit).
    public func rotate(by angle: Double) { if angle.isFinite { cairo_rotate(cr, angle) } }

    /// How many backing-image pixels one point currently covers (the transform's area scale, square-rooted).
    public var pixelsPerPoint: Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
    }

    /// Maps a point of the current user space to backing-image pixels.
    public func convertToPixels(_ p: Vec2) -> Vec2 {
        var x = p.x, y = p.y
        cairo_user_to_device(cr, &x, &y)
        return Vec2(x, y)
    }

    // MARK: Paths

    /// Discards the current path.
    public func beginPath() { cairo_new_path(cr) }

    public func move(to p: Vec2) { if Self.finite(p) { cairo_move_to(cr, p.x, p.y) } }
    public func addLine(to p: Vec2) { if Self.finite(p) { cairo_line_to(cr, p.x, p.y) } }

    public func addCurve(to p: Vec2, control1 c1: Vec2, control2 c2: Vec2) {
        if Self.finite(p), Self.finite(c1), Self.finite(c2) { cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y) }
    }

    /// A quadratic Bézier, drawn as the cubic it equals.
    public func addQuadCurve(to p: Vec2, control c: Vec2) {
        guard Self.finite(p), Self.finite(c) else { return }
        var x0 = c.x, y0 = c.y
        if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x0, &y0) }
        cairo_curve_to(cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                       p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
    }

    /// A circular arc, angles in radians, with UIBezierPath's convention in
    /// the flipped (y down) space: `clockwise` runs clockwise on screen. A
    /// line joins the current point to the arc's start, as in Core Graphics.
    public func addArc(center: Vec2, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard Self.finite(center), radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite,
              abs(startAngle) < 1e6, abs(endAngle) < 1e6 else { return }
        if clockwise {
            cairo_arc(cr, center.x, center.y, radius, startAngle, endAngle)
        } else {
            cairo_arc_negative(cr, center.x, center.y, radius, startAngle, endAngle)
        }
    }

    public func closePath() { cairo_close_path(cr) }

    public func addRect(_ r: Rect) {
        if Self.finite(r.origin), r.width.isFinite, r.height.isFinite { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
    }

    /// Appends a Geometry path (the shape language of shape layers) to the current path.
    public func addPath(_ path: Path) {
        for e in path.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quad(let c, let p): addQuadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closePath()
            }
        }
    }

    // MARK: Painting

    /// Fills the current path with the fill colour and discards the path (unless `keepingPath`).
    public func fillPath(using rule: FillRule = .nonZero, keepingPath: Bool = false) {
        setSource(fill)
        setFillRule(rule)
        if keepingPath { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    /// Strokes the current path with the stroke colour and line style and discards the path (unless `keepingPath`).
    public func strokePath(keepingPath: Bool = false) {
        setSource(stroke)
        if keepingPath { cairo_stroke_preserve(cr) } else { cairo_stroke(cr) }
    }

    /// Intersects the clip with the current path and discards the path.
    public func clip(using rule: FillRule = .nonZero) {
        setFillRule(rule)
        cairo_clip(cr)
    }

    /// Intersects the clip with a rectangle (the current path is kept).
    public func clip(to r: Rect) {
        let path = cairo_copy_path(cr)
        cairo_new_path(cr)
        addRect(r)
        cairo_clip(cr)
        if let path {
            if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, path) }
            cairo_path_destroy(path)
        }
    }

    /// Fills the clip with a colour stop ramp along start → end, extended
    /// past both ends (CGContext.drawLinearGradient with both extend options).
    public func drawLinearGradient(_ stops: [GradientStop], start: Vec2, end: Vec2) {
        guard Self.finite(start), Self.finite(end),
              let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        paint(pattern, stops)
    }

    /// Fills the clip with a ramp between two circles (CGContext.drawRadialGradient, both extend options).
    public func drawRadialGradient(_ stops: [GradientStop], startCenter: Vec2, startRadius: Double,
                                   endCenter: Vec2, endRadius: Double) {
        guard Self.finite(startCenter), Self.finite(endCenter), startRadius.isFinite, endRadius.isFinite,
              startRadius >= 0, endRadius >= 0,
              let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                        endCenter.x, endCenter.y, endRadius) else { return }
        paint(pattern, stops)
    }

    /// Draws `image` (premultiplied RGBA) scaled into `rect`, bilinear unless `smooth` is false.
    public func draw(_ image: Image, in rect: Rect, smooth: Bool = true) {
        guard Self.finite(rect.origin), rect.width.isFinite, rect.height.isFinite, !rect.isEmpty,
              let surface = CairoPixels.surface(from: image) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // The pattern matrix maps user space to image pixels.
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, Double(image.width) / rect.width, Double(image.height) / rect.height)
        cairo_matrix_translate(&m, -rect.minX, -rect.minY)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Draws `text` laid out in `rect` by the text engine (the same layout and
    /// glyphs as a text layer), rendered at the pixels the rect covers.
    public func draw(text: String, in rect: Rect, fontPath: String, fontSize: Double, color: Color,
                     alignment: TextLayoutOptions.Alignment = .left, wrapped: Bool = true) {
        guard !text.isEmpty, !rect.isEmpty, Self.finite(rect.origin), rect.width.isFinite, rect.height.isFinite,
              fontSize.isFinite, fontSize > 0, Self.finite(color) else { return }
        let s = TextImageRequest.effectiveScale(width: rect.width, height: rect.height, fontSize: fontSize,
                                                scale: min(max(pixelsPerPoint, 0.01), 64))
        let request = TextImageRequest(string: text, fontPath: fontPath, fontSize: fontSize,
                                       width: rect.width, height: rect.height, scale: s, color: color,
                                       alignment: alignment, wrapped: wrapped, truncation: .none)
        guard request.pixelWidth > 0, request.pixelHeight > 0,
              let image = try? TextRasterizer.render(request) else { return }
        // The image covers ceil(width × s) pixels: slightly more than the rect.
        let drawn = Rect(x: rect.minX, y: rect.minY, width: Double(image.width) / s, height: Double(image.height) / s)
        draw(image, in: drawn)
    }

    // MARK: Helpers

    private func paint(_ pattern: OpaquePointer, _ stops: [GradientStop]) {
        defer { cairo_pattern_destroy(pattern) }
        for s in stops where s.location.isFinite && Self.finite(s.color) {
            cairo_pattern_add_color_stop_rgba(pattern, min(max(s.location, 0), 1), s.color.r, s.color.g, s.color.b, s.color.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    private func setSource(_ c: Color) {
        cairo_set_source_rgba(cr, Self.unit(c.r), Self.unit(c.g), Self.unit(c.b), Self.unit(c.a))
    }

    private func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    static func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
    static func finite(_ p: Vec2) -> Bool { p.x.isFinite && p.y.isFinite && abs(p.x) < 1e7 && abs(p.y) < 1e7 }
    static func finite(_ c: Color) -> Bool { c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite }
}

/// One colour stop of a drawn gradient.
public struct GradientStop: Hashable, Sendable {
    /// 0…1 along the gradient.
    public var location: Double
    /// Straight (not premultiplied) colour.
    public var color: Color
    public init(location: Double, color: Color) { self.location = location; self.color = color }
}
