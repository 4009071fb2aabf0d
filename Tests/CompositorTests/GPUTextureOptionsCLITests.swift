// --texture-cache-mb and --pvrtc-decode end to end: each flag reaches the GPU
// executor (the stats say which decode ran and what the texture cache kept),
// a flag overrides its environment variable, and bad values on render,
// compare, bench and info are one-line errors with exit status 2 and no output.

import Foundation
import XCTest
import Compare
import Compositor
import Images
import PVRTC
import TestSupport

final class GPUTextureOptionsCLITests: XCTestCase {
    /// A scene with two PVRTC layers (4bpp 128×32, 2bpp 16×64) drawn 1:1, and its folder.
    func scene() throws -> String {
        let dir = try scratchFolder("gpu-texture-options")
        var rng = SplitMix64(seed: 77)
        for (name, w, h, bpp) in [("wide", 128, 32, PVRTCBitsPerPixel.four), ("tall", 16, 64, .two)] {
            let data = (0..<bpp.dataSize(width: w, height: h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            try PVRFile.write(PVRTCTexture(bitsPerPixel: bpp, hasAlpha: true, width: w, height: h, levels: [data]),
                              to: "\(dir)/\(name).pvr")
        }
        try Data(##"""
            {"canvas": {"width": 160, "height": 110},
             "sublayers": [{"frame": [4, 6, 128, 32], "contents": "wide.pvr"},
                           {"frame": [140, 40, 16, 64], "contents": "tall.pvr"}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/s.json"))
        return dir
    }

    /// Renders `dir`/s.json on the GPU with `extra` flags: the stats JSON and the picture.
    func renderGPU(_ dir: String, _ extra: [String], environment: [String: String?] = [:]) throws
        -> (stats: [String: Any], image: Image) {
        let out = "\(dir)/gpu.png", stats = "\(dir)/stats.json"
        let r = try runCompositor(["render", "\(dir)/s.json", "-o", out, "--backend", "gpu", "--stats-json", stats] + extra,
                                  environment: environment)
        XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stats))) as? [String: Any]
        return (json ?? [:], try PNG.read(path: out))
    }

    func testPVRTCDecodeFlagChoosesTheDecodeAndOverridesTheEnvironment() throws {
        let dir = try scene()
        let cpuPath = "\(dir)/cpu.png"
        XCTAssertEqual(try runCompositor(["render", "\(dir)/s.json", "-o", cpuPath, "--backend", "cpu"]).status, 0)
        let cpu = try PNG.read(path: cpuPath)
        // (flag, environment) → textures decoded per fragment, decoded once. A
        // still render is one frame, so the default (auto) decodes per fragment.
        let cases: [([String], String?, Int, Int)] = [
            ([], nil, 2, 0),
            (["--pvrtc-decode", "shader"], nil, 2, 0),
            (["--pvrtc-decode", "once"], nil, 0, 2),
            (["--pvrtc-decode=auto"], nil, 2, 0),
            ([], "once", 0, 2),
            (["--pvrtc-decode", "shader"], "once", 2, 0),
            (["--pvrtc-decode", "once"], "shader", 0, 2),
        ]
        for (flags, env, shader, once) in cases {
            let (stats, image) = try renderGPU(dir, flags, environment: ["COMPOSITOR_GLES_PVRTC_DECODE": env])
            let what = "\(flags) with COMPOSITOR_GLES_PVRTC_DECODE=\(env ?? "(unset)")"
            XCTAssertEqual(stats["pvrtcTexturesShaderDecoded"] as? Int, shader, "\(what): \(stats)")
            XCTAssertEqual(stats["pvrtcTexturesDecodedOnce"] as? Int, once, "\(what): \(stats)")
            XCTAssertEqual(stats["pvrtcDecodePasses"] as? Int, once, "\(what): \(stats)")
            // Either decode draws the CPU decoder's texels 1:1.
            XCTAssertTrue(image == cpu, "\(what): the GPU render differs from the CPU render")
        }
    }

    func testTextureCacheFlagSetsTheBudgetAndOverridesTheEnvironment() throws {
        let dir = try scene()
        // The two block textures: 128×32 at 4bpp and 16×64 at 2bpp, kept unless the budget is 0.
        let (kept, _) = try renderGPU(dir, [])
        XCTAssertGreaterThan(kept["textureCacheBytes"] as? Int ?? 0, 0, "\(kept)")
        XCTAssertEqual(kept["textureCacheEvictions"] as? Int, 0, "\(kept)")
        for (flags, env) in [(["--texture-cache-mb", "0"], nil), (["--texture-cache-mb=0"], "64"), ([], "0")] as [([String], String?)] {
            let (stats, _) = try renderGPU(dir, flags, environment: ["COMPOSITOR_GLES_TEXTURE_CACHE_MB": env])
            let what = "\(flags) with COMPOSITOR_GLES_TEXTURE_CACHE_MB=\(env ?? "(unset)")"
            XCTAssertEqual(stats["textureCacheBytes"] as? Int, 0, "\(what): \(stats)")
            XCTAssertEqual(stats["textureCacheEvictions"] as? Int, 2, "\(what): \(stats)")
        }
        let (flagWins, _) = try renderGPU(dir, ["--texture-cache-mb", "1"], environment: ["COMPOSITOR_GLES_TEXTURE_CACHE_MB": "0"])
        XCTAssertEqual(flagWins["textureCacheBytes"] as? Int, kept["textureCacheBytes"] as? Int, "\(flagWins)")
        XCTAssertEqual(flagWins["textureCacheEvictions"] as? Int, 0, "\(flagWins)")
    }

    func testBadValuesAreOneLineErrorsWithExitTwo() throws {
        let dir = try scene()
        let out = "\(dir)/bad.png"
        let bad: [(String, String)] = [("--texture-cache-mb", "-1"), ("--texture-cache-mb", "1048577"),
                                       ("--texture-cache-mb", "99999999999999999999999"), ("--texture-cache-mb", "12.5"),
                                       ("--texture-cache-mb", "lots"), ("--pvrtc-decode", "fast"), ("--pvrtc-decode", "")]
        let commands: [[String]] = [["render", "\(dir)/s.json", "-o", out, "--backend", "gpu"],
                                    ["compare", "\(dir)/s.json"],
                                    ["bench", "scene", "\(dir)/s.json", "--frames", "1"],
                                    ["info"]]
        for command in commands {
            for (option, value) in bad {
                let r = try runCompositor(command + ["\(option)=\(value)"])
                let what = "\(command.prefix(2)) \(option)=\(value)"
                XCTAssertEqual(r.status, 2, "\(what): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains(option), "\(what): \(r.stderr)")
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(what): one line: \(r.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(what) wrote \(out)")
            }
        }
        // bench pvrtc times every decode mode itself; its --bpp is 2 or 4.
        for args in [["bench", "pvrtc", "--size", "16", "--pvrtc-decode", "once"], ["bench", "pvrtc", "--size", "16", "--bpp", "3"]] {
            let r = try runCompositor(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(args[4]), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "\(args): one line: \(r.stderr)")
        }
    }
}
