// Drawing: the declarative form of drawing — a list of operations (what
// scene files' `"type": "drawing"` layers hold), each optionally appearing
// at a time, run in order on a DrawingContext. Path operations build the
// current path; fill, stroke and clip consume it (unless `keepPath`).

import Geometry
import Images
import Text

/// One drawing operation; coordinates are the layer's bounds coordinates (points, y down).
public enum DrawingOperation: Sendable, Equatable {
    case move(Vec2)
    case line(Vec2)
    case quad(control: Vec2, to: Vec2)
    case curve(control1: Vec2, control2: Vec2, to: Vec2)
    /// Angles in radians; `clockwise` as UIBezierPath in the flipped space (clockwise on screen).
    case arc(center: Vec2, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    case close
    /// Appends a whole path (SVG data or a shorthand in scene files).
    case path(Path)
    case fill(color: Color, rule: FillRule, keepPath: Bool)
    case stroke(StrokeOptions, keepPath: Bool)
    case linearGradient(stops: [GradientStop], start: Vec2, end: Vec2)
    case radialGradient(stops: [GradientStop], startCenter: Vec2, startRadius: Double, endCenter: Vec2, endRadius: Double)
    case image(DrawingImage, rect: Rect, smooth: Bool)
    case text(DrawingText)
    case clip(rule: FillRule)
    case clipRect(Rect)
    case save, restore
    case translate(Vec2)
    case scale(Vec2)
    /// Radians.
    case rotate(Double)

    /// Whether the operation only adds to the current path (its effect is local to its points).
    public var isPathConstruction: Bool {
        switch self {
        case .move, .line, .quad, .curve, .arc, .close, .path: return true
        default: return false
        }
    }
}

/// A stroke's colour and line style.
public struct StrokeOptions: Sendable, Equatable {
    public var color: Color
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    /// Dash and gap lengths; empty: solid.
    public var dashPattern: [Double] = []
    public var dashPhase: Double = 0
    public init(color: Color) { self.color = color }

    /// How far the stroke can reach from its path, in points: half the width,
    /// times the miter limit for miter joins and √2 for square caps.
    public var reach: Double {
        var r = lineWidth / 2
        if lineJoin == .miter { r *= max(miterLimit, 1) }
        if lineCap == .square { r = max(r, lineWidth / 2 * 2.0.squareRoot()) }
        return r
    }
}

/// An image drawn by a drawing operation, with the key it was loaded from.
public struct DrawingImage: Sendable, Equatable {
    public var key: String
    public var image: Image
    public init(key: String, image: Image) { self.key = key; self.image = image }
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key && a.image.width == b.image.width && a.image.height == b.image.height }
}

/// A string drawn by a drawing operation, laid out by the text engine in `rect`.
public struct DrawingText: Sendable, Equatable {
    public var string: String
    public var rect: Rect
    /// The font file (resolved when the scene loads).
    public var fontPath: String
    public var fontSize: Double
    public var color: Color
    public var alignment: TextLayoutOptions.Alignment
    public init(string: String, rect: Rect, fontPath: String, fontSize: Double, color: Color,
                alignment: TextLayoutOptions.Alignment) {
        self.string = string; self.rect = rect; self.fontPath = fontPath; self.fontSize = fontSize
        self.color = color; self.alignment = alignment
    }
}

/// An operation and the time (seconds of the layer timeline) it appears at; nil: always there.
public struct TimedDrawingOperation: Sendable, Equatable {
    public var operation: DrawingOperation
    public var time: Double?
    public init(_ operation: DrawingOperation, time: Double? = nil) { self.operation = operation; self.time = time }
    /// Whether the operation is drawn at `time` (nil: the final state, every operation).
    public func isActive(at t: Double?) -> Bool {
        guard let appears = time, let t else { return true }
        return appears <= t
    }
}

extension DrawingContext {
    /// Runs `operations` in order.
    public func run(_ operations: [DrawingOperation]) {
        for op in operations { run(op) }
    }

    /// Runs one operation.
    public func run(_ op: DrawingOperation) {
        switch op {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quad(let c, let p): addQuadCurve(to: p, control: c)
        case .curve(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
        case .arc(let c, let r, let a0, let a1, let cw):
            addArc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: cw)
        case .close: closePath()
        case .path(let p): addPath(p)
        case .fill(let color, let rule, let keep):
            setFillColor(color)
            fillPath(using: rule, keepingPath: keep)
        case .stroke(let s, let keep):
            setStrokeColor(s.color)
            setLineWidth(s.lineWidth); setLineCap(s.lineCap); setLineJoin(s.lineJoin)
            setMiterLimit(s.miterLimit); setLineDash(phase: s.dashPhase, lengths: s.dashPattern)
            strokePath(keepingPath: keep)
        case .linearGradient(let stops, let a, let b): drawLinearGradient(stops, start: a, end: b)
        case .radialGradient(let stops, let c0, let r0, let c1, let r1):
            drawRadialGradient(stops, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
        case .image(let im, let rect, let smooth): draw(im.image, in: rect, smooth: smooth)
        case .text(let t):
            draw(text: t.string, in: t.rect, fontPath: t.fontPath, fontSize: t.fontSize, color: t.color,
                 alignment: t.alignment)
        case .clip(let rule): clip(using: rule)
        case .clipRect(let r): clip(to: r)
        case .save: saveGState()
        case .restore: restoreGState()
        case .translate(let v): translateBy(x: v.x, y: v.y)
        case .scale(let v): scaleBy(x: v.x, y: v.y)
        case .rotate(let a): rotate(by: a)
        }
    }
}
