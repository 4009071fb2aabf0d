// Fuzz harness: the stroker and the filler. The bytes decode (ByteReader) to
// a stroke style — width, cap, join, miter limit, dashes, phase, trim — a
// fill rule and a path of moves, lines, quads, cubics and closes; the path
// is flattened, stroked and both the fill and the stroke are cut into
// trapezoids, as a shape layer's are. Numbers are mostly small fixed-point
// values but may be any Double (NaN, ±∞, huge, denormal).

import FuzzSupport
import Geometry

func fuzzStroke(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var r = ByteReader(fuzzInput(data, size))
    var style = StrokeStyle()
    style.lineWidth = r.number()
    style.lineCap = r.choice(LineCap.allCases)
    style.lineJoin = r.choice(LineJoin.allCases)
    style.miterLimit = r.number()
    style.dashPattern = (0..<Int(r.byte() % 8)).map { _ in r.number() }
    style.dashPhase = r.number()
    let trim = r.byte()
    if trim & 1 != 0 { style.strokeStart = r.number() }
    if trim & 2 != 0 { style.strokeEnd = r.number() }
    let rule = r.choice(FillRule.allCases)
    let tolerance = [0.25, 0.1, 1, 0.01][Int(trim >> 2) % 4]

    var elements: [PathElement] = []
    func point() -> Vec2 { Vec2(r.number(), r.number()) }
    while !r.isAtEnd && elements.count < 256 {
        switch r.byte() % 5 {
        case 0: elements.append(.move(point()))
        case 1: elements.append(.line(point()))
        case 2: elements.append(.quad(point(), point()))
        case 3: elements.append(.cubic(point(), point(), point()))
        default: elements.append(.close)
        }
    }
    let lines = Path(elements).subpaths(tolerance: tolerance)
    _ = try? Trapezoids.decomposeChecked(lines.map(\.points), rule: rule, maxWidth: 64)
    let outline = Stroker.outline(lines, style: style, tolerance: tolerance)
    _ = try? Trapezoids.decomposeChecked(outline, rule: .nonZero, maxWidth: 64)
    return 0
}

runFuzzer { data, size in fuzzStroke(data, size) }
