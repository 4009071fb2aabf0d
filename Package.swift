// swift-tools-version:5.9
// The headless compositor: layer tree → render plan → GLES2 or CPU executor.
import PackageDescription

let package = Package(
    name: "Compositor",
    products: [
        .executable(name: "compositor", targets: ["CompositorCLI"]),
        .library(name: "Compositor", targets: ["Compositor"]),
        // What each fuzz harness runs on one input (Fuzzing/ links it into libFuzzer executables).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // libjpeg-turbo's TurboJPEG API: errors come back as return codes, never exit()/longjmp.
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        // OpenJPEG 2: JPEG 2000 (.jp2, .j2k) decoding at full or reduced resolution, and encoding.
        .systemLibrary(name: "COpenJPEG", path: "Sources/COpenJPEG", pkgConfig: "libopenjp2",
                       providers: [.apt(["libopenjp2-7-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev", "libgbm-dev"])]),
        .systemLibrary(name: "CGLES2", path: "Sources/CGLES2", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        // FreeType 2: glyph outlines, hinting, kerning and grayscale rasterization for text layers.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),

        // Pure Swift core.
        .target(name: "Geometry"),
        .target(name: "PVRTC"),
        .target(name: "Images", dependencies: ["Geometry", "CPNG", "CJPEG", "COpenJPEG", "PVRTC"]),
        .target(name: "Text", dependencies: ["CFreeType", "Geometry", "Images"]),
        .target(name: "Layers", dependencies: ["Geometry", "Images", "PVRTC", "Text"]),
        // The render plan, the contract between builder and executors: plain data and its invariants.
        .target(name: "Plan", dependencies: ["Geometry", "Images", "PVRTC"]),
        // Layer tree → plan (culling, caches, offscreen effects).
        .target(name: "Rendering", dependencies: ["Geometry", "Images", "Layers", "PVRTC", "Text", "Plan"]),
        // Executors depend on the plan alone.
        .target(name: "Raster", dependencies: ["Geometry", "Images", "Plan"]),
        .target(name: "GLES", dependencies: ["Geometry", "Images", "Plan", "PVRTC", "CEGL", "CGLES2"],
                plugins: ["EmbedShaders"]),
        // Shaders/*.glsl → GeneratedShaders.swift in GLES, at build time (found however the binary runs).
        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .target(name: "Compare", dependencies: ["Images"]),
        .target(name: "Compositor", dependencies: ["Geometry", "Images", "Layers", "Plan", "Rendering",
                                                   "Raster", "GLES", "Compare", "PVRTC", "Text"]),
        // What each fuzz harness runs on one input (Fuzzing/ links it into libFuzzer executables).
        .target(name: "FuzzTargets", dependencies: ["Geometry", "Images", "Layers", "PVRTC", "Raster", "Rendering"]),
        // Options and failure reporting shared by the command line and the bench module.
        .target(name: "CLISupport", dependencies: [
            "Compositor", "GLES",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Benchmarks and experiments (`compositor bench …`, `compositor experiment …`), plots included.
        .target(name: "Bench", dependencies: [
            "CLISupport", "Compositor", "Compare", "Images", "GLES", "Raster", "PVRTC", "Text",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The command line: argument parsing and printing.
        .executableTarget(name: "CompositorCLI", dependencies: [
            "Bench", "CLISupport", "Compositor", "Compare", "Images", "GLES", "Raster", "PVRTC", "Text",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestSupport"]),
        .target(name: "TestSupport", dependencies: ["Geometry"], path: "Tests/TestSupport"),
        .testTarget(name: "PVRTCTests", dependencies: ["PVRTC", "TestSupport"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "PVRTC", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text"]),
        .testTarget(name: "LayersTests", dependencies: ["Layers"]),
        .testTarget(name: "PlanTests", dependencies: ["Plan"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Plan"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Plan", "Rendering", "TestSupport"]),
        .testTarget(name: "GLESTests", dependencies: ["GLES", "Raster", "Plan", "PVRTC", "TestSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare"]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "FuzzTargets", "PVRTC", "TestSupport"]),
    ]
)
