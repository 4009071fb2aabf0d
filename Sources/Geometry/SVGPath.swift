// Geometry: SVG path data → Path. Implements the full command set of SVG
// 1.1/2 (M L H V C S Q T A Z, absolute and relative, implicit repetition,
// S/T reflection, moveto followed by implicit lineto). Arcs become cubic
// Béziers here (SVGArc.swift) so the rest of the pipeline only ever sees
// move/line/quad/cubic/close. Parsing stops at the first error, which
// carries the character offset, rather than rendering "up to the error" as
// browsers do: a scene file with a broken path should be fixed, not guessed.

public extension Path {
    /// Parses SVG path data (`"M 10 10 L 90 10 Q 90 90 10 90 Z"`).
    ///
    /// Empty or all-whitespace data gives an empty path. After `Z`, a drawing
    /// command other than `M` starts a new subpath at the closed subpath's
    /// start, and the path records that with an explicit move.
    /// - Throws: `SVGPathError` with the offset of the first bad character.
    init(svg: String) throws {
        var parser = SVGPathParser(svg)
        self.init(try parser.parse())
    }
}

/// The command interpreter: current point, subpath start and the reflection state of S and T.
struct SVGPathParser {
    var scanner: SVGPathScanner
    var elements: [PathElement] = []
    var current = Vec2.zero
    var subpathStart = Vec2.zero
    /// The second control point of the previous C/S, for S's reflection.
    var lastCubicControl: Vec2?
    /// The control point of the previous Q/T, for T's reflection.
    var lastQuadControl: Vec2?
    /// Set after Z: the next drawing command (other than M) re-opens a subpath.
    var needsMove = false

    init(_ text: String) { scanner = SVGPathScanner(text) }

    mutating func parse() throws -> [PathElement] {
        scanner.skipWhitespace()
        guard let first = scanner.current else { return [] }
        guard first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw scanner.error("path data must start with a moveto ('M' or 'm')")
        }
        var command: UInt8 = 0
        while true {
            scanner.skipWhitespace()
            guard let c = scanner.current else { break }
            if Self.isCommand(c) {
                command = c
                scanner.index += 1
                try execute(command)
                // Implicit repetition: more argument sets without a letter.
                while command != UInt8(ascii: "Z"), command != UInt8(ascii: "z"), scanner.numberFollows() {
                    if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                    if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
                    try execute(command)
                }
            } else if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) {
                throw scanner.error("unknown command '\(Character(Unicode.Scalar(c)))'")
            } else if SVGPathScanner.isNumberStart(c) {
                throw scanner.error("expected a command letter after 'Z'")
            } else {
                throw scanner.error("unexpected character '\(Self.show(c))'")
            }
        }
        return elements
    }

    static func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {  // lower-case
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
             UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
             UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    static func show(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(Character(Unicode.Scalar(c))) : "\\u{\(String(c, radix: 16))}"
    }

    /// Emits a drawing element, re-opening the subpath after a close.
    mutating func draw(_ e: PathElement) {
        if needsMove {
            elements.append(.move(current))
            needsMove = false
        }
        elements.append(e)
    }

    /// Runs one argument set of `command`.
    mutating func execute(_ command: UInt8) throws {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : Vec2.zero
        var cubicControl: Vec2?
        var quadControl: Vec2?
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            let p = try scanner.point() + origin
            elements.append(.move(p))
            current = p
            subpathStart = p
            needsMove = false
        case UInt8(ascii: "l"):
            let p = try scanner.point() + origin
            draw(.line(p))
            current = p
        case UInt8(ascii: "h"):
            let x = try scanner.number() + origin.x
            current = Vec2(x, current.y)
            draw(.line(current))
        case UInt8(ascii: "v"):
            let y = try scanner.number() + origin.y
            current = Vec2(current.x, y)
            draw(.line(current))
        case UInt8(ascii: "c"):
            let c1 = try scanner.point() + origin
            let c2 = try scanner.point() + origin
            let p = try scanner.point() + origin
            draw(.cubic(c1, c2, p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try scanner.point() + origin
            let p = try scanner.point() + origin
            draw(.cubic(c1, c2, p))
            current = p
            cubicControl = c2
        case UInt8(ascii: "q"):
            let c = try scanner.point() + origin
            let p = try scanner.point() + origin
            draw(.quad(c, p))
            current = p
            quadControl = c
        case UInt8(ascii: "t"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try scanner.point() + origin
            draw(.quad(c, p))
            current = p
            quadControl = c
        case UInt8(ascii: "a"):
            let rx = try scanner.number()
            let ry = try scanner.number()
            let rotation = try scanner.number()
            let largeArc = try scanner.flag()
            let sweep = try scanner.flag()
            let p = try scanner.point() + origin
            let arc = SVGArc(from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation,
                             largeArc: largeArc, sweep: sweep)
            for e in arc.elements() { draw(e) }
            current = p
        default:  // z
            if !needsMove, !elements.isEmpty { elements.append(.close) }
            current = subpathStart
            needsMove = true
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }
}
