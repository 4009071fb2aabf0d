// Fuzz harness FuzzPNG: the PNG reader (FuzzTarget+Images.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.png, data, size)
    return 0
}
