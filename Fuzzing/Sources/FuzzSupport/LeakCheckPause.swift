// FuzzSupport: one-time setup outside LeakSanitizer's sight. Some system
// libraries keep a little memory for the whole process on first use
// (fontconfig's FcInit keeps 288 bytes of parsed configuration), which
// LeakSanitizer would report as a leak of whichever input first reached
// them. A harness runs that first use here, before libFuzzer starts, so its
// own leaks still show.

@_silgen_name("__lsan_disable") private func lsanDisable()
@_silgen_name("__lsan_enable") private func lsanEnable()

/// Runs `setup` with leak checking paused.
public func withLeakChecksPaused(_ setup: () -> Void) {
    lsanDisable()
    setup()
    lsanEnable()
}
