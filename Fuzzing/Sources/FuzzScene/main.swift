// Fuzz harness FuzzScene: scene JSON → layer tree → render plan → CPU pixels (FuzzTarget+Scene.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.scene, data, size)
    return 0
}
