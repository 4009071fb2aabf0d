// Fuzz harness: SVG path data → Path (arcs converted to cubics) → flattened
// polylines, as a shape layer's `path` or a `shadowPath` string would go.
// Any string must parse or throw SVGPathError; nothing may trap.

import FuzzSupport
import Geometry

func fuzzSVGPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard let path = try? Path(svg: text) else { return 0 }
    _ = path.controlBounds
    _ = path.subpaths(tolerance: 0.25)
    return 0
}

runFuzzer { data, size in fuzzSVGPath(data, size) }
