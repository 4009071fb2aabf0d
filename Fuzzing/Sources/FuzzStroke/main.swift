// Fuzz harness FuzzStroke: the stroker and the trapezoid filler (FuzzTarget+Geometry.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.stroke, data, size)
    return 0
}
