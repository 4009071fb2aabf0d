// Fuzz harness FuzzSVGPath: the SVG path parser and flattening (FuzzTarget+Geometry.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.svgPath, data, size)
    return 0
}
