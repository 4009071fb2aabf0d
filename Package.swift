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
        // libjpeg-turbo's libjpeg API, for decoding a strip of scanlines at a time (`tiles make`).
        .systemLibrary(name: "CJPEGLib", path: "Sources/CJPEGLib", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"])]),
        // OpenJPEG 2: JPEG 2000 (.jp2, .j2k) decoding at full or reduced resolution, and encoding.
        .systemLibrary(name: "COpenJPEG", path: "Sources/COpenJPEG", pkgConfig: "libopenjp2",
                       providers: [.apt(["libopenjp2-7-dev"])]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev", "libgbm-dev"])]),
        .systemLibrary(name: "CGLES2", path: "Sources/CGLES2", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        // glibc's sched_getaffinity/sched_setaffinity (hidden from Swift without _GNU_SOURCE).
        .systemLibrary(name: "CThreadAffinity", path: "Sources/CThreadAffinity"),
        // FreeType 2: glyph outlines, hinting, kerning and grayscale rasterization for text layers.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        // cairo: the 2D library behind drawing layers' backing images (paths, strokes, gradients, clips).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // HarfBuzz: shaping (ligatures, GPOS kerning, marks, Arabic joining) from the FreeType face.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // FriBidi: the Unicode Bidirectional Algorithm (right-to-left runs inside left-to-right text).
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        // fontconfig: fonts by family, style and weight, and fallback fonts per character.
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),

        // Pure Swift core.
        .target(name: "Geometry"),
        .target(name: "PVRTC"),
        .target(name: "Images", dependencies: ["Geometry", "CPNG", "CJPEG", "CJPEGLib", "COpenJPEG", "PVRTC"]),
        .target(name: "Text", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "Geometry", "Images"]),
        // Software drawing into a layer's backing image through cairo (drawing layers, drawsContent).
        .target(name: "Drawing", dependencies: ["CCairo", "Geometry", "Images", "Text"]),
        // Release builds of the layer tree and the plan builder skip Swift's dynamic
        // exclusivity checks (a third of a 10,000-layer presentation copy + plan was
        // swift_beginAccess on Layer's class properties: docs/benchmarks.md, bench plan);
        // debug builds, which the test suite runs, keep them.
        .target(name: "Layers", dependencies: ["Geometry", "Images", "PVRTC", "Text", "Drawing"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The render plan, the contract between builder and executors: plain data and its invariants.
        .target(name: "Plan", dependencies: ["Geometry", "Images", "PVRTC"]),
        // Layer tree → plan (culling, caches, offscreen effects).
        .target(name: "Rendering", dependencies: ["Geometry", "Images", "Layers", "PVRTC", "Text", "Plan", "Drawing"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // Executors depend on the plan alone.
        .target(name: "Raster", dependencies: ["Geometry", "Images", "Plan"]),
        .target(name: "GLES", dependencies: ["Geometry", "Images", "Plan", "PVRTC", "CEGL", "CGLES2", "CThreadAffinity"],
                plugins: ["EmbedShaders"]),
        // Shaders/*.glsl → GeneratedShaders.swift in GLES, at build time (found however the binary runs).
        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .target(name: "Compare", dependencies: ["Images"]),
        .target(name: "Compositor", dependencies: ["Drawing", "Geometry", "Images", "Layers", "Plan", "Rendering",
                                                   "Raster", "GLES", "Compare", "PVRTC", "Text"]),
        // What each fuzz harness runs on one input (Fuzzing/ links it into libFuzzer executables).
        .target(name: "FuzzTargets", dependencies: ["Geometry", "Images", "Layers", "PVRTC", "Raster", "Rendering",
                                                    "Drawing", "Text", "Plan", "GLES", "Compare"]),
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
        .testTarget(name: "TextTests", dependencies: ["Text", "TestSupport"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "TestSupport"]),
        .testTarget(name: "LayersTests", dependencies: ["Layers", "Drawing"]),
        .testTarget(name: "PlanTests", dependencies: ["Plan"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Plan"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Plan", "Rendering", "TestSupport"]),
        .testTarget(name: "GLESTests", dependencies: ["GLES", "Raster", "Plan", "PVRTC", "TestSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare"]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "FuzzTargets", "PVRTC", "TestSupport"]),
    ]
)
