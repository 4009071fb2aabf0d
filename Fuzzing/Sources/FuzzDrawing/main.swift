// Fuzz harness FuzzDrawing: drawing lists read and run by cairo (FuzzTarget+Drawing.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

// Text layers reach fontconfig: its one-time configuration is set up before the first input.
withLeakChecksPaused { FuzzTarget.prepareText() }

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.drawing, data, size)
    return 0
}
