// Fuzz harness FuzzDZI: the Deep Zoom descriptor reader, the pyramid geometry
// and a tiled layer's plan (FuzzTarget+DeepZoom.swift), under libFuzzer and
// AddressSanitizer. The input handling lives in the main package's
// FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.deepZoom, data, size)
    return 0
}
