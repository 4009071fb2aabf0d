// swift-tools-version:5.9
// Fuzz harnesses for the compositor (issue 18): one libFuzzer executable per
// reader or builder, linked against the main package's modules. Kept out of
// the main manifest because the harnesses only link with libFuzzer and are
// only useful with coverage instrumentation and AddressSanitizer over the
// whole build; scripts/fuzz builds them into .build-fuzz and runs them. See docs/reliability.md.
import Foundation
import PackageDescription

// The main package is the folder above; SwiftPM names a path dependency after
// its folder, so the product is looked up under that name, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let main = root.lastPathComponent.lowercased()

// libFuzzer without its main (see FuzzSupport/FuzzDriver.swift): scripts/fuzz
// finds the archive in the Swift toolchain and passes it in FUZZER_NO_MAIN_LIB.
let fuzzerLib = ProcessInfo.processInfo.environment["FUZZER_NO_MAIN_LIB"] ?? "libclang_rt.fuzzer_no_main.a"
let fuzzerLink = [fuzzerLib, "-lstdc++"]

let harness = { (name: String) -> Target in
    .executableTarget(name: name, dependencies: ["FuzzSupport", .product(name: "FuzzTargets", package: main)],
                      linkerSettings: [.unsafeFlags(fuzzerLink)])
}

let package = Package(
    name: "CompositorFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        harness("FuzzScene"),
        harness("FuzzSceneGPU"),
        harness("FuzzPNG"),
        harness("FuzzJPEG"),
        harness("FuzzJPEG2000"),
        harness("FuzzPVR"),
        harness("FuzzSVGPath"),
        harness("FuzzStroke"),
        harness("FuzzDZI"),
        harness("FuzzDrawing"),
        harness("FuzzText"),
    ]
)
