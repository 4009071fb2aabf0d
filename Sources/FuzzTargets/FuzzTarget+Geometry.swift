// FuzzTargets: the geometry a shape layer goes through. SVG path data →
// Path (arcs become cubics) → flattened polylines; and the stroker and
// filler: the bytes decode (ByteReader) to a stroke style — width, cap,
// join, miter limit, dashes, phase, trim — a fill rule, a flattening
// tolerance and a path of moves, lines, quads, cubics and closes, which is
// flattened, stroked, and both its fill and its stroke are cut into
// trapezoids. Numbers are mostly small fixed-point values but may be any
// Double (NaN, ±∞, huge, denormal). The decompositions run with a work
// budget of `strokeWorkBudget`, 125,000 steps, a 32nd of the renderer's: a
// few bytes expand to paths of a million edges whose sweeps legitimately
// use their whole budget, and at the full 4,000,000 steps (about a second
// under AddressSanitizer) the harness ran 40 inputs a second. The largest
// decomposition of any fixture scene takes 14,321 steps (295 edges), so
// real shapes decompose fully at either budget; every code path, the
// refusals included, is the same; and the reproducers are replayed at the
// full budget too (FuzzRegressionTests, docs/reliability.md).

import Geometry

extension FuzzTarget {
    /// SVG path data (UTF-8) → Path → polylines.
    public static func svgPath(_ bytes: [UInt8]) throws {
        let path = try Path(svg: String(decoding: bytes, as: UTF8.self))
        _ = path.controlBounds
        _ = path.subpaths(tolerance: 0.25)
    }

    /// The work budget of the harness's decompositions (see the file comment).
    public static let strokeWorkBudget = Trapezoids.maximumWork / 32

    /// Stroke style + path (see the file comment) → fill and stroke
    /// trapezoids, at the harness's budget.
    public static func stroke(_ bytes: [UInt8]) throws {
        try stroke(bytes, budget: strokeWorkBudget)
    }

    /// `stroke` with the decompositions' work `budget` chosen (the
    /// regression tests replay at the renderer's `Trapezoids.maximumWork`).
    public static func stroke(_ bytes: [UInt8], budget: Int) throws {
        var r = ByteReader(bytes)
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
        _ = try? Trapezoids.decomposeChecked(lines.map(\.points), rule: rule, budget: budget)
        let outline = try Stroker.outlineChecked(lines, style: style, tolerance: tolerance, budget: budget)
        _ = try Trapezoids.decomposeChecked(outline, rule: .nonZero, budget: budget)
    }
}
