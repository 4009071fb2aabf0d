// Fuzz harness FuzzText: rich text (a text layer's `string` as a run list)
// read, shaped, laid out and drawn (FuzzTarget+Text.swift), under libFuzzer
// and AddressSanitizer. The input handling lives in the main package's
// FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets

// LeakSanitizer's pause and resume (the sanitizer runtime's C API).
@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

// fontconfig's one-time configuration, set up before the first input (see prepareText).
lsanDisable()
FuzzTarget.prepareText()
lsanEnable()

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.text, data, size)
    return 0
}
