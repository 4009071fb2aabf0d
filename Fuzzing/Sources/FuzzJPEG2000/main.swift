// Fuzz harness FuzzJPEG2000: the JPEG 2000 reader (FuzzTarget+JPEG2000.swift),
// under libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.jpeg2000, data, size)
    return 0
}
