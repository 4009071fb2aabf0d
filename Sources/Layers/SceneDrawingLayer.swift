// Layers: the keys of `"type": "drawing"` layers — a `draw` list of
// operation objects (`{"op": "line", "to": [x, y]}`), each checked as
// strictly as any layer key: unknown ops and keys, wrong types, missing
// arguments, unknown fonts and missing images are errors naming the key
// path (`sublayers[0].draw[3].to`). An operation may carry `"time"`, the
// second of the layer timeline it appears at. Angles are degrees here, as in
// transforms; the Swift API takes radians.

import Foundation
import Drawing
import Geometry
import Text

extension SceneReader {
    /// Longest `draw` list accepted.
    static let maximumDrawingOperations = 100_000
    /// Most colour stops of a drawn gradient.
    static let maximumDrawingGradientStops = 64

    /// Each operation's own keys (besides `op` and `time`).
    static let drawingOperationKeys: [(op: String, keys: [String])] = [
        ("move", ["to"]), ("line", ["to"]), ("quad", ["control", "to"]),
        ("curve", ["control1", "control2", "to"]),
        ("arc", ["center", "radius", "startAngle", "endAngle", "clockwise"]),
        ("close", []), ("path", ["path"]),
        ("fill", ["color", "fillRule", "keepPath"]),
        ("stroke", ["color", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
                    "lineDashPhase", "keepPath"]),
        ("gradient", ["gradientType", "colors", "locations", "startPoint", "endPoint", "startRadius", "endRadius"]),
        ("image", ["image", "rect", "filter"]),
        ("text", ["string", "rect", "font", "fontSize", "color", "alignmentMode"]),
        ("clip", ["fillRule", "rect"]),
        ("save", []), ("restore", []),
        ("translate", ["by"]), ("scale", ["by"]), ("rotate", ["angle"]),
    ]

    /// Reads one drawing-layer key into `layer`.
    func drawingKey(_ l: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath) throws {
        guard let layer = l as? DrawingLayer else { throw fail(p, "'\(key)' needs a drawing layer") }
        switch key {
        case "draw": layer.operations = try drawingOperations(value, p)
        case "needsDisplayOnBoundsChange": layer.needsDisplayOnBoundsChange = try bool(value, p)
        default: throw fail(p, "'\(key)' is not a drawing layer key")
        }
    }

    func drawingOperations(_ v: JSONValue, _ p: SceneKeyPath) throws -> [TimedDrawingOperation] {
        guard case .array(let items) = v else { throw mismatch(v, p, "an array of drawing operations") }
        guard items.count <= Self.maximumDrawingOperations else {
            throw fail(p, "at most \(Self.maximumDrawingOperations) operations, got \(items.count)")
        }
        return try items.enumerated().map { try drawingOperation($0.element, p[$0.offset]) }
    }

    private func drawingOperation(_ v: JSONValue, _ p: SceneKeyPath) throws -> TimedDrawingOperation {
        let ops = Self.drawingOperationKeys.map(\.op)
        guard case .object(let object) = v else {
            throw mismatch(v, p, "a drawing operation object such as {\"op\": \"line\", \"to\": [10, 20]}")
        }
        guard let opValue = object.first(where: { $0.key == "op" })?.value else {
            throw fail(p.appending("op"), "missing; expected one of \(ops.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let name = try string(opValue, p.appending("op"))
        guard let own = Self.drawingOperationKeys.first(where: { $0.op == name })?.keys else {
            var message = "unknown drawing operation '\(name)'; expected one of \(ops.map { "'\($0)'" }.joined(separator: ", "))"
            if let s = SceneKeySuggestion.closest(to: name, in: ops) { message += " (did you mean '\(s)'?)" }
            throw fail(p.appending("op"), message)
        }
        let m = try members(v, p, what: "a drawing operation object", known: Set(own + ["op", "time"]),
                            hint: { key in
                                let takes = "'\(name)' takes \(own.isEmpty ? "no arguments" : own.joined(separator: ", ")) (and time)"
                                guard let s = SceneKeySuggestion.closest(to: key, in: own + ["time"]) else { return takes }
                                return "did you mean '\(s)'? " + takes
                            })
        func value(_ k: String) -> JSONValue? { m.first { $0.key == k }?.value }
        func required(_ k: String) throws -> (JSONValue, SceneKeyPath) {
            guard let v = value(k) else { throw fail(p.appending(k), "missing; '\(name)' needs \(own.joined(separator: ", "))") }
            return (v, p.appending(k))
        }
        func pointArg(_ k: String) throws -> Vec2 { let (v, q) = try required(k); return try point(v, q) }
        func optional<T>(_ k: String, _ read: (JSONValue, SceneKeyPath) throws -> T) throws -> T? {
            guard let v = value(k) else { return nil }
            return try read(v, p.appending(k))
        }
        var time: Double?
        if let t = value("time") { time = try nonNegative(t, p.appending("time")) }
        let op: DrawingOperation
        switch name {
        case "move": op = .move(try pointArg("to"))
        case "line": op = .line(try pointArg("to"))
        case "quad": op = .quad(control: try pointArg("control"), to: try pointArg("to"))
        case "curve": op = .curve(control1: try pointArg("control1"), control2: try pointArg("control2"), to: try pointArg("to"))
        case "arc":
            let (rv, rq) = try required("radius"), (sv, sq) = try required("startAngle"), (ev, eq) = try required("endAngle")
            op = .arc(center: try pointArg("center"), radius: try nonNegative(rv, rq),
                      startAngle: try number(sv, sq) * .pi / 180, endAngle: try number(ev, eq) * .pi / 180,
                      clockwise: try optional("clockwise", bool) ?? true)
        case "close": op = .close
        case "path":
            let (v, q) = try required("path")
            op = .path(try path(v, q) ?? Path())
        case "fill":
            op = .fill(color: (try optional("color", color) ?? .black) ?? .clear,
                       rule: try optional("fillRule") { try choice($0, $1, FillRule.self) } ?? .nonZero,
                       keepPath: try optional("keepPath", bool) ?? false)
        case "stroke":
            var s = StrokeOptions(color: (try optional("color", color) ?? .black) ?? .clear)
            if let w = try optional("lineWidth", nonNegative) { s.lineWidth = w }
            if let c = try optional("lineCap", { try choice($0, $1, LineCap.self) }) { s.lineCap = c }
            if let j = try optional("lineJoin", { try choice($0, $1, LineJoin.self) }) { s.lineJoin = j }
            if let ml = try optional("miterLimit", nonNegative) { s.miterLimit = ml }
            if let d = try optional("lineDashPattern", dashPattern) { s.dashPattern = d ?? [] }
            if let ph = try optional("lineDashPhase", number) { s.dashPhase = ph }
            op = .stroke(s, keepPath: try optional("keepPath", bool) ?? false)
        case "gradient": op = try drawingGradient(value, p)
        case "image":
            let (iv, iq) = try required("image"), (rv, rq) = try required("rect")
            let c = try image(iv, iq)
            let filter = try optional("filter") { try choice($0, $1, ContentsFilter.self) } ?? .linear
            op = .image(DrawingImage(key: c.key, image: c.image), rect: try rect(rv, rq), smooth: filter == .linear)
        case "text":
            let (sv, sq) = try required("string"), (rv, rq) = try required("rect")
            var fontPath = FontResolver.defaultFontPath
            if let fv = value("font"), !fv.isNull {
                let spec = try font(fv, p.appending("font"))
                do { fontPath = try FontResolver.resolve(spec, baseDirectory: baseDirectory) } catch let e as FontError {
                    throw fail(p.appending("font"), "\(e)")
                }
            }
            let alignment = try optional("alignmentMode") { try choice($0, $1, TextAlignment.self) } ?? .natural
            op = .text(DrawingText(string: try string(sv, sq), rect: try rect(rv, rq), fontPath: fontPath,
                                   fontSize: try optional("fontSize") { try positive($0, $1, max: Self.maximumFontSize) } ?? 17,
                                   color: (try optional("color", color) ?? .black) ?? .clear,
                                   alignment: Self.drawingTextAlignment(alignment)))
        case "clip":
            if let r = try optional("rect", rect) {
                if value("fillRule") != nil { throw fail(p.appending("fillRule"), "a rect clip takes no fill rule") }
                op = .clipRect(r)
            } else {
                op = .clip(rule: try optional("fillRule") { try choice($0, $1, FillRule.self) } ?? .nonZero)
            }
        case "save": op = .save
        case "restore": op = .restore
        case "translate": op = .translate(try pointArg("by"))
        case "scale":
            let v = try pointArg("by")
            guard v.x != 0, v.y != 0 else { throw fail(p.appending("by"), "the scale factors must not be zero") }
            op = .scale(v)
        default:  // rotate
            let (av, aq) = try required("angle")
            op = .rotate(try number(av, aq) * .pi / 180)
        }
        return TimedDrawingOperation(op, time: time)
    }

    private func drawingGradient(_ value: (String) -> JSONValue?, _ p: SceneKeyPath) throws -> DrawingOperation {
        let (cv, cq) = (value("colors"), p.appending("colors"))
        guard let cv else { throw fail(cq, "missing; a gradient needs at least 2 colours") }
        guard case .array(let items) = cv, items.count >= 2, items.count <= Self.maximumDrawingGradientStops else {
            throw fail(cq, "expected 2 to \(Self.maximumDrawingGradientStops) colours, got \(Self.describe(cv))")
        }
        let colors = try items.enumerated().map { try color($0.element, cq[$0.offset]) ?? .clear }
        var locations = colors.indices.map { Double($0) / Double(colors.count - 1) }
        if let lv = value("locations") {
            let lq = p.appending("locations")
            guard case .array(let ls) = lv, ls.count == colors.count else {
                throw fail(lq, "expected \(colors.count) locations (one per colour), got \(Self.describe(lv))")
            }
            locations = try ls.enumerated().map { try unitInterval($0.element, lq[$0.offset]) }
        }
        let stops = zip(locations, colors).map { GradientStop(location: $0, color: $1) }
        func pointValue(_ k: String) throws -> Vec2 {
            guard let v = value(k) else { throw fail(p.appending(k), "missing; a gradient needs startPoint and endPoint") }
            return try point(v, p.appending(k))
        }
        let start = try pointValue("startPoint"), end = try pointValue("endPoint")
        let type = try value("gradientType").map { try string($0, p.appending("gradientType")) } ?? "axial"
        switch type {
        case "axial":
            for k in ["startRadius", "endRadius"] where value(k) != nil {
                throw fail(p.appending(k), "only radial gradients have radii")
            }
            return .linearGradient(stops: stops, start: start, end: end)
        case "radial":
            let r0 = try value("startRadius").map { try nonNegative($0, p.appending("startRadius")) } ?? 0
            guard let rv = value("endRadius") else { throw fail(p.appending("endRadius"), "missing; a radial gradient needs endRadius") }
            return .radialGradient(stops: stops, startCenter: start, startRadius: r0, endCenter: end,
                                   endRadius: try nonNegative(rv, p.appending("endRadius")))
        default:
            throw fail(p.appending("gradientType"), "unknown value '\(type)'; expected one of 'axial', 'radial'")
        }
    }

    static func drawingTextAlignment(_ a: TextAlignment) -> TextLayoutOptions.Alignment {
        switch a {
        case .natural, .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        }
    }
}
