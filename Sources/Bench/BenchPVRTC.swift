// Bench: `compositor bench pvrtc` — the GPU cost of sampling a PVRTC
// texture decoded in the fragment shader against sampling the same image
// uploaded as RGBA8. Each frame draws K full-canvas quads (canvas = texture
// size, linear filtering unless --nearest, copy blend) and is timed end to end with the
// readback; the empty frame (clear + readback) is subtracted, so the ratio is
// the per-quad cost of the paths, measured in the same run (cases
// interleaved frame by frame). PVRTC runs in both GPU modes: decoded per
// fragment (`shader`) and decoded once into a cached RGBA8 texture (`once`);
// every texture stays in the executor's texture cache, so these are later
// frames. First frames (cache emptied before each: upload, and for `once` the
// decode pass) are timed apart, interleaved the same way.

import ArgumentParser
import CLISupport
import Compositor
import Foundation
import GLES
import Images
import PVRTC

struct BenchPVRTC: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pvrtc",
        abstract: "Frame time of full-canvas quads sampling a PVRTC texture (shader decode or native) vs RGBA8.")

    @Option(help: "Texture and canvas side in texels (a power of two, 8…4096).")
    var size: Int = 1024

    @Option(help: "A PNG/JPEG to encode (stretched to the size); default: a synthetic gradient with detail.")
    var image: String?

    @Option(help: "Timed frames per case (median reported).")
    var frames: Int = 10

    @Option(help: "Untimed warm-up frames per case.")
    var warmup: Int = 2

    @Option(help: "Full-canvas quads per frame (K).")
    var quads: Int = 4

    @OptionGroup var platform: EGLPlatformOption

    @Flag(help: "Sample with nearest filtering instead of linear.")
    var nearest = false

    @Option(help: "PVRTC bits per pixel: 4 (4×4-texel blocks, default) or 2 (8×4).")
    var bpp: Int = 4

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// A synthetic straight-alpha test picture: gradients, a checker and some noise.
    static func synthetic(_ n: Int) -> PVRTCImage {
        var px = [UInt8](repeating: 255, count: n * n * 4)
        var s: UInt32 = 12345
        for y in 0..<n {
            for x in 0..<n {
                s = s &* 1_664_525 &+ 1_013_904_223
                let o = 4 * (y * n + x), check = ((x / 32 + y / 32) % 2 == 0) ? 0 : 48
                px[o] = UInt8(x * 255 / (n - 1))
                px[o + 1] = UInt8(min(255, y * 255 / (n - 1) + check / 2))
                px[o + 2] = UInt8(128 + Int(s >> 28) * 4 - check)
            }
        }
        return PVRTCImage(width: n, height: n, pixels: px)
    }

    func run() throws {
        try reportingErrors {
            guard PVRTCSize.isPowerOfTwo(size), (8...4096).contains(size) else {
                throw UsageError("--size must be a power of two from 8 to 4096")
            }
            if platform.textures.pvrtcDecode != nil {
                throw UsageError("bench pvrtc times every PVRTC decode mode itself; --pvrtc-decode does not apply")
            }
            guard bpp == 2 || bpp == 4 else { throw UsageError("--bpp must be 2 or 4, got \(bpp)") }
            let bits: PVRTCBitsPerPixel = bpp == 2 ? .two : .four
            try BenchCounts.check(frames: frames, warmup: warmup)
            try BenchCounts.check(quads, "--quads", BenchCounts.kiloQuads)
            let source: PVRTCImage
            if let path = image {
                let img = try ImageLoader.read(path: path)
                source = PVRTCImage(width: img.width, height: img.height, pixels: img.straightRGBA)
            } else {
                source = Self.synthetic(size)
            }
            var texture = try PVRTCEncoder(bitsPerPixel: bits, quality: .fast).encodeTexture(source, fit: .stretch)
            if texture.width != size {
                // Stretch to exactly --size: re-encode the decoded picture at that size.
                let d = try texture.decode()
                let scaled = PVRTCImage(width: size, height: size, pixels: (0..<(size * size)).flatMap { i -> [UInt8] in
                    let x = (i % size) * d.width / size, y = (i / size) * d.height / size
                    let o = 4 * (y * d.width + x)
                    return Array(d.pixels[o..<(o + 4)])
                })
                texture = try PVRTCEncoder(bitsPerPixel: bits, quality: .fast).encodeTexture(scaled)
            }
            let decoded = try texture.decode()
            let rgba = Image(width: size, height: size, straightRGBA: decoded.pixels)
            let gpu = try GLESExecutor(platform: platform.eglPlatform)
            let k = quads
            let filterChoice: TextureFilter = nearest ? .nearest : .linear
            let pvrtcPlan = Self.plan(k, size, PlanImage(key: "pvrtc", image: rgba, pvrtc: texture), filter: filterChoice)
            let cases: [(String, RenderPlan)] = [
                ("rgba8", Self.plan(k, size, PlanImage(key: "rgba8", image: rgba), filter: filterChoice)),
                ("pvrtc", pvrtcPlan),
                ("pvrtc-once", pvrtcPlan),
                ("empty", Self.plan(0, size, nil, filter: filterChoice)),
            ]
            let progress = Progress(total: cases.count * (warmup + frames) + 3 * frames, label: "bench pvrtc")
            // Cases interleaved frame by frame, so load from other processes hits all of them alike.
            var times: [String: [Double]] = [:]
            var pvrtcStats = GPUStats()
            for i in 0..<(warmup + frames) {
                for (name, plan) in cases {
                    gpu.pvrtcDecode = name == "pvrtc-once" ? .once : .shader
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    _ = try gpu.execute(plan)
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    if i >= warmup { times[name, default: []].append(Double(t1 - t0) / 1e6) }
                    if name == "pvrtc" { pvrtcStats = gpu.lastStats }
                    progress.step()
                }
            }
            // First frames: the texture cache emptied before each (upload; decode pass for `once`).
            var first: [String: [Double]] = [:]
            for _ in 0..<frames {
                for (name, plan) in cases where name != "empty" {
                    gpu.dropImageTextures()
                    gpu.pvrtcDecode = name == "pvrtc-once" ? .once : .shader
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    _ = try gpu.execute(plan)
                    first[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                    progress.step()
                }
            }
            let firstMs = first.mapValues { median($0) }
            let ms = times.mapValues { median($0) }
            let empty = ms["empty"]!
            let perQuadOnce = (ms["pvrtc-once"]! - empty) / Double(k)
            let perQuadRGBA = (ms["rgba8"]! - empty) / Double(k), perQuadPVRTC = (ms["pvrtc"]! - empty) / Double(k)
            let mode = pvrtcStats.pvrtcNative > 0 ? "native" : pvrtcStats.pvrtcShaderDecoded > 0 ? "shader-decoded" : "RGBA8 fallback"
            let r: [(String, Any)] = [
                ("renderer", gpu.info.renderer), ("size", size), ("bpp", bpp), ("quadsPerFrame", k), ("frames", frames),
                ("filter", nearest ? "nearest" : "linear"),
                ("pvrtcMode", mode),
                ("frameMs", ["rgba8": round2(ms["rgba8"]!), "pvrtc": round2(ms["pvrtc"]!),
                             "pvrtcOnce": round2(ms["pvrtc-once"]!), "empty": round2(empty)]),
                ("quadMs", ["rgba8": round2(perQuadRGBA), "pvrtc": round2(perQuadPVRTC), "pvrtcOnce": round2(perQuadOnce)]),
                ("quadCostRatio", round2(perQuadPVRTC / perQuadRGBA)),
                ("frameTimeRatio", round2(ms["pvrtc"]! / ms["rgba8"]!)),
                ("onceQuadCostRatio", round2(perQuadOnce / perQuadRGBA)),
                ("onceFrameTimeRatio", round2(ms["pvrtc-once"]! / ms["rgba8"]!)),
                ("firstFrameMs", ["rgba8": round2(firstMs["rgba8"]!), "pvrtc": round2(firstMs["pvrtc"]!),
                                  "pvrtcOnce": round2(firstMs["pvrtc-once"]!)]),
                ("textureBytes", ["rgba8": size * size * 4, "pvrtc": texture.levels[0].count]),
                ("frameMsSpread", times.mapValues { TimingSpread($0).json }),
            ]
            if json {
                print(jsonText(r))
            } else {
                print("PVRTC \(bpp)bpp vs RGBA8, \(gpu.info.renderer), \(size)² texture on a \(size)² canvas, \(k) full-canvas \(nearest ? "nearest" : "linear") quads per frame, median of \(frames) frames (readback included)")
                print("  PVRTC path: \(mode); texture bytes \(texture.levels[0].count) vs \(size * size * 4)")
                print(String(format: "  empty frame: %.2f ms", empty))
                for n in ["rgba8", "pvrtc", "pvrtc-once"] { print("  \(n) frames: \(TimingSpread(times[n]!).text)") }
                print(String(format: "  RGBA8: %.2f ms/frame, %.2f ms/quad", ms["rgba8"]!, perQuadRGBA))
                print(String(format: "  PVRTC: %.2f ms/frame, %.2f ms/quad", ms["pvrtc"]!, perQuadPVRTC))
                print(String(format: "  ratio PVRTC/RGBA8: %.2f× per quad, %.2f× per frame", perQuadPVRTC / perQuadRGBA,
                             ms["pvrtc"]! / ms["rgba8"]!))
                print(String(format: "  PVRTC decoded once, later frames: %.2f ms/frame, %.2f ms/quad; ratio to RGBA8 %.2f× per quad, %.2f× per frame",
                             ms["pvrtc-once"]!, perQuadOnce, perQuadOnce / perQuadRGBA, ms["pvrtc-once"]! / ms["rgba8"]!))
                print(String(format: "  first frames (empty texture cache): RGBA8 %.2f ms (upload), PVRTC shader %.2f ms (block upload), PVRTC once %.2f ms (block upload + decode pass)",
                             firstMs["rgba8"]!, firstMs["pvrtc"]!, firstMs["pvrtc-once"]!))
            }
        }
    }

    /// `k` full-canvas quads sampling `image` with `filter` (none when k is 0).
    static func plan(_ k: Int, _ n: Int, _ image: PlanImage?, filter: TextureFilter) -> RenderPlan {
        let rect = FillratePlans.canvas(n, n)
        let uv = Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1))
        let items = (0..<k).map { _ in
            DrawItem(layer: 0, transform: .identity, rect: rect,
                     paint: .texture(.image(0), uv: uv, filter: filter, opacity: 1), blend: .copy)
        }
        return RenderPlan(width: n, height: n,
                          passes: [RenderPass(id: 0, width: n, height: n, reason: .canvas, layerName: nil,
                                              clear: .clear, content: .draw(items))],
                          images: image.map { [$0] } ?? [], layerNames: ["quad"])
    }
}
