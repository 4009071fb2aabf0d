// RasterTests: one random case of the geometry property test — a path
// (lines, quadratic and cubic curves, SVG arcs, closes, coincident and
// almost coincident coordinates, points far off the canvas), filled or
// stroked (width, joins, caps, miter limit, dashes, trims), placed on a
// small canvas by a scale, rotation and skew around an offset (so path
// coordinates run from tiny to huge). Kept as SVG commands so a failure
// prints as path data, and so the shrinker can drop and round them.

import Foundation
import TestSupport
import Geometry

struct GeometryCase: CustomStringConvertible {
    /// One SVG path command and its numbers.
    struct Command { var letter: String; var args: [Double] }

    var commands: [Command]
    var fills: Bool
    var rule: FillRule
    var style: StrokeStyle
    /// Path units → pixels before rotation and skew.
    var scale: Double
    var angle: Double
    var skew: Double
    /// The path point drawn at the canvas centre.
    var origin: Vec2

    static let canvas = 32

    var svg: String {
        commands.map { c in ([c.letter] + c.args.map { Self.number($0) }).joined(separator: " ") }.joined(separator: " ")
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    var path: Path { (try? Path(svg: svg)) ?? Path() }

    /// Path → pixels: centre + scale · rotation · skew · (p − origin).
    var transform: Transform3D {
        let c = cos(angle), s = sin(angle)
        // rotation [c −s; s c] times skew [1 k; 0 1]
        let a11 = c, a12 = c * skew - s, a21 = s, a22 = s * skew + c
        let m11 = scale * a11, m21 = scale * a12, m12 = scale * a21, m22 = scale * a22
        let half = Double(Self.canvas) / 2
        return Transform3D(m11: m11, m12: m12, m13: 0, m14: 0,
                           m21: m21, m22: m22, m23: 0, m24: 0,
                           m31: 0, m32: 0, m33: 1, m34: 0,
                           m41: half - (m11 * origin.x + m21 * origin.y),
                           m42: half - (m12 * origin.x + m22 * origin.y), m43: 0, m44: 1)
    }

    /// Pixels per path unit, as the plan builder measures it (the longer axis).
    var pixelsPerUnit: Double {
        let t = transform
        return max((t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), (t.m21 * t.m21 + t.m22 * t.m22).squareRoot())
    }

    var description: String {
        var parts = ["path \"\(svg)\"", fills ? "fill \(rule)" : "stroke"]
        if !fills {
            parts.append("lineWidth \(style.lineWidth) (\(style.lineWidth * scale) px) join \(style.lineJoin) cap \(style.lineCap) miterLimit \(style.miterLimit)")
            if !style.dashPattern.isEmpty { parts.append("dash \(style.dashPattern) phase \(style.dashPhase)") }
            if style.strokeStart != 0 || style.strokeEnd != 1 { parts.append("strokeStart \(style.strokeStart) strokeEnd \(style.strokeEnd)") }
        }
        parts.append("scale \(scale) angle \(angle) skew \(skew) origin (\(origin.x), \(origin.y)) on \(Self.canvas)×\(Self.canvas) px")
        return parts.joined(separator: ", ")
    }

    // MARK: - Generation

    static func random(_ g: inout SplitMix64) -> GeometryCase {
        func pick<T>(_ xs: [T]) -> T { xs[Int(g.next() % UInt64(xs.count))] }
        func chance(_ p: Double) -> Bool { g.unit() < p }
        // From tiny to huge path units: scale 1e-3 … 1e3, origin up to 1e6 pixels away.
        let scale = exp2(Double(Int(g.next() % 21)) - 10 + (chance(0.5) ? g.unit() : 0))
        let angle = chance(0.5) ? 0 : (g.unit() - 0.5) * 2 * .pi
        let skew = chance(0.8) ? 0 : (g.unit() - 0.5)
        let far = pick([0.0, 0, 0, 1e2, 1e4, 1e6])
        let origin = Vec2(((g.unit() - 0.5) * far).rounded() / scale, ((g.unit() - 0.5) * far).rounded() / scale)

        // Points in pixels around the centre, then into path units.
        var xs: [Double] = [], ys: [Double] = []
        func coordinate(_ used: [Double]) -> Double {
            let r = g.unit()
            if !used.isEmpty && r < 0.15 { return pick(used) }  // horizontal / vertical / coincident
            if !used.isEmpty && r < 0.22 { return pick(used) + (g.unit() - 0.5) * pick([1e-12, 1e-9, 1e-6, 1e-3]) }
            if r < 0.25 { return (g.unit() - 0.5) * pick([2e2, 2e3]) }  // far off the canvas
            return (g.unit() - 0.5) * 28
        }
        func point() -> [Double] {
            let x = coordinate(xs), y = coordinate(ys)
            xs.append(x); ys.append(y)
            return [origin.x + x / scale, origin.y + y / scale]
        }
        var commands = [Command(letter: "M", args: point())]
        for _ in 0..<(1 + Int(g.next() % 7)) {
            let r = g.unit()
            if r < 0.4 {
                commands.append(Command(letter: "L", args: point()))
            } else if r < 0.55 {
                commands.append(Command(letter: "Q", args: point() + point()))
            } else if r < 0.7 {
                commands.append(Command(letter: "C", args: point() + point() + point()))
            } else if r < 0.85 {
                let rx = abs(coordinate([])) / scale, ry = abs(coordinate([])) / scale
                commands.append(Command(letter: "A", args: [rx, ry, (g.unit() * 360).rounded(),
                                                             chance(0.5) ? 1 : 0, chance(0.5) ? 1 : 0] + point()))
            } else if r < 0.93 {
                commands.append(Command(letter: "Z", args: []))
            } else {
                commands.append(Command(letter: "M", args: point()))
            }
        }
        if chance(0.4) { commands.append(Command(letter: "Z", args: [])) }

        var style = StrokeStyle(lineWidth: exp2(g.unit() * 8 - 4.5) / scale, lineCap: pick(LineCap.allCases),
                                lineJoin: pick(LineJoin.allCases), miterLimit: pick([1, 1.5, 4, 10, 100]))
        if chance(0.25) {
            style.dashPattern = (0..<(1 + Int(g.next() % 3))).map { _ in (0.3 + g.unit() * 6) / scale }
            style.dashPhase = g.unit() * 5 / scale
        }
        if chance(0.15) { style.strokeStart = g.unit() * 0.5; style.strokeEnd = 0.5 + g.unit() * 0.5 }
        return GeometryCase(commands: commands, fills: chance(0.45), rule: pick(FillRule.allCases), style: style,
                            scale: scale, angle: angle, skew: skew, origin: origin)
    }

    // MARK: - Shrinking

    /// Simpler variants of this case, most aggressive first: commands
    /// dropped, the transform and style simplified, widths reduced,
    /// coordinates rounded.
    func simplerVariants() -> [GeometryCase] {
        var out: [GeometryCase] = []
        for i in commands.indices where commands.count > 1 {
            var c = self
            c.commands.remove(at: i)
            if c.commands.first?.letter == "M" { out.append(c) }
        }
        func with(_ change: (inout GeometryCase) -> Void) {
            var c = self
            change(&c)
            out.append(c)
        }
        if angle != 0 { with { $0.angle = 0 } }
        if skew != 0 { with { $0.skew = 0 } }
        if !fills {
            if !style.dashPattern.isEmpty { with { $0.style.dashPattern = []; $0.style.dashPhase = 0 } }
            if style.dashPhase != 0 { with { $0.style.dashPhase = 0 } }
            if style.strokeStart != 0 || style.strokeEnd != 1 { with { $0.style.strokeStart = 0; $0.style.strokeEnd = 1 } }
            if style.lineCap != .butt { with { $0.style.lineCap = .butt } }
            if style.miterLimit != 10 { with { $0.style.miterLimit = 10 } }
            let w = style.lineWidth
            for r in [1.0, 0.5, 0.25] where (w * 10).rounded() * r / 10 < w && (w * 10).rounded() * r > 0 {
                with { $0.style.lineWidth = (w * 10).rounded() * r / 10 }
            }
            with { $0.style.lineWidth = w / 2 }
        }
        // Rounded coordinates: an origin of 0, then numbers with fewer digits.
        if origin != .zero {
            with { c in
                let o = c.origin
                c.origin = .zero
                c.commands = c.commands.map { cmd in
                    var cmd = cmd
                    if cmd.letter == "A" { cmd.args[5] -= o.x; cmd.args[6] -= o.y } else {
                        for k in cmd.args.indices { cmd.args[k] -= k % 2 == 0 ? o.x : o.y }
                    }
                    return cmd
                }
            }
        }
        if scale != scale.rounded() && scale > 1 { with { $0.scale = $0.scale.rounded() } }
        for step in [10.0, 1, 0.1, 0.01, 0.001] {
            // A power of ten in path units, printed without binary noise.
            let e = Int((log10(step / scale)).rounded(.down))
            func round(_ v: Double) -> Double {
                e >= 0 ? (v / pow(10, Double(e))).rounded() * pow(10, Double(e))
                    : Double(String(format: "%.\(min(-e, 17))f", v)) ?? v
            }
            let rounded = commands.map { cmd in
                Command(letter: cmd.letter, args: cmd.args.enumerated().map { k, v in
                    cmd.letter == "A" && (k == 2 || k == 3 || k == 4) ? v : round(v)
                })
            }
            if rounded.map(\.args) != commands.map(\.args) { with { $0.commands = rounded } }
        }
        return out
    }
}
