// Fuzz harness FuzzText: rich text (a text layer's `string` as a run list)
// read, shaped, laid out and drawn (FuzzTarget+Text.swift), under libFuzzer
// and AddressSanitizer. The input handling lives in the main package's
// FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

// fontconfig's one-time configuration, set up before the first input (see prepareText).
withLeakChecksPaused { FuzzTarget.prepareText() }

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.text, data, size)
    return 0
}
