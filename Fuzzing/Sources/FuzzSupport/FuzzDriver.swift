// FuzzSupport: starts libFuzzer from a harness's own main. SwiftPM gives
// every executable target a `main`, so libFuzzer's must not be linked
// (`-sanitize=fuzzer` would bring it); scripts/fuzz links the driver-only
// libFuzzer archive (libclang_rt.fuzzer_no_main) and each harness hands its
// test function to `LLVMFuzzerRunDriver`, which parses the usual libFuzzer
// arguments (corpus folders, -runs=, -max_total_time=, or files to replay).

import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Runs libFuzzer with the process's arguments on `test`, then exits with its status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
