// FuzzTargets: what each fuzz harness does with one input, kept in the main
// package so that the libFuzzer executables (Fuzzing/, built with
// AddressSanitizer by scripts/fuzz) and the regression tests
// (Tests/CompositorTests/FuzzRegressionTests.swift, replaying the inputs in
// Fixtures/fuzz-regressions) run exactly the same code. A target either
// returns or throws the reader's or builder's error; anything else — a trap,
// a sanitizer report, a hang — is a bug.

/// The code paths fuzzed, one per harness.
public enum FuzzTarget {
    /// Every target by harness name (the folder names under Fixtures/fuzz-regressions).
    public static let all: [String: ([UInt8]) throws -> Void] = [
        "FuzzScene": scene,
        "FuzzSceneGPU": sceneGPU,
        "FuzzPNG": png,
        "FuzzJPEG": jpeg,
        "FuzzJPEG2000": jpeg2000,
        "FuzzPVR": pvr,
        "FuzzSVGPath": svgPath,
        "FuzzStroke": stroke,
        "FuzzDZI": deepZoom,
        "FuzzDrawing": drawing,
        "FuzzText": text,
    ]

    /// Runs `target` on libFuzzer's buffer, ignoring the errors it throws.
    public static func run(_ target: ([UInt8]) throws -> Void, _ data: UnsafePointer<UInt8>?, _ size: Int) {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        _ = try? target(bytes)
    }
}
