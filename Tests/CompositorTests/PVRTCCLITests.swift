// `compositor pvrtc encode / decode / info` end to end, and .pvr files as
// layer contents: decode writes the decoded texels byte for byte (straight
// RGBA, translucent and transparent texels keep their colour); rectangular
// power-of-two textures are encoded with --fit none, decoded, and drawn on
// both backends; with every image-loading mode (eager, --preload, --lazy) the
// GPU receives the blocks, not RGBA8 (the pvrtcTextures* stats); failures exit
// 2 and leave no output file.

import Foundation
import XCTest
import Compare
import Compositor
import Images
import PVRTC
import TestSupport

final class PVRTCCLITests: XCTestCase {
    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCompositor(args)
    }

    func folder() throws -> String { try scratchFolder("pvrtc-cli") }

    /// One level of seeded random words: every mode, colour opacity and modulation occurs.
    func randomTexture(_ w: Int, _ h: Int, _ bpp: PVRTCBitsPerPixel, seed: UInt64) -> PVRTCTexture {
        var rng = SplitMix64(seed: seed)
        let data = (0..<bpp.dataSize(width: w, height: h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        return PVRTCTexture(bitsPerPixel: bpp, hasAlpha: true, width: w, height: h, levels: [data])
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testDecodeWritesTheDecodedTexelsExactly() throws {
        let dir = try folder()
        for (i, (w, h, bpp)) in [(32, 32, PVRTCBitsPerPixel.four), (64, 16, .two), (16, 64, .four)].enumerated() {
            let texture = randomTexture(w, h, bpp, seed: UInt64(300 + i))
            let pvr = "\(dir)/t\(i).pvr", png = "\(dir)/t\(i).png"
            try PVRFile.write(texture, to: pvr)
            let r = try run(["pvrtc", "decode", pvr, "-o", png])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("\(w)×\(h) from PVRTC1 \(bpp) RGBA level 0"), r.stdout)
            let expected = try texture.decode().pixels
            let written = try PNG.readStraightRGBA(path: png)
            XCTAssertEqual(written.width, w)
            XCTAssertEqual(written.height, h)
            XCTAssertTrue(written.pixels == expected, "\(w)×\(h) \(bpp): the PNG is not the decoded texels")
            // The data must hold what a premultiply round trip loses, or this proves nothing.
            let roundTrip = Image(width: w, height: h, straightRGBA: expected).straightRGBA
            let lost = stride(from: 0, to: expected.count, by: 4).filter { expected[$0 + 3] == 0 && expected[$0] != 0 }
            XCTAssertFalse(lost.isEmpty, "no transparent texel with colour in the test data")
            XCTAssertNotEqual(roundTrip, expected, "no texel the round trip changes in the test data")
        }
    }

    func testEncodeInfoDecodeRoundTrip() throws {
        let dir = try folder()
        // 40×20, left half opaque orange, right half half-transparent blue: padded to 64×64.
        var px: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { px += x < 20 ? [240, 120, 20, 255] : [20, 60, 230, 128] } }
        try PNG.write(straightRGBA: px, width: 40, height: 20, to: "\(dir)/in.png")
        let e = try run(["pvrtc", "encode", "\(dir)/in.png", "-o", "\(dir)/a.pvr", "--mipmaps", "--quality", "fast"])
        XCTAssertEqual(e.status, 0, e.stderr)
        XCTAssertTrue(e.stdout.contains("PVRTC1 4bpp RGBA 64×64 (padded from 40×20, image at top-left), 7 levels"), e.stdout)
        let i = try run(["pvrtc", "info", "\(dir)/a.pvr"])
        XCTAssertEqual(i.status, 0, i.stderr)
        for line in ["format: PVRTC1 4bpp RGBA", "size: 64×64", "mip levels: 7", "  level 0: 64×64, 2048 bytes",
                     "  level 6: 1×1, 32 bytes", "compressed: 2816 bytes"] {
            XCTAssertTrue(i.stdout.contains(line + "\n"), "info lacks '\(line)': \(i.stdout)")
        }
        let d = try run(["pvrtc", "decode", "\(dir)/a.pvr", "-o", "\(dir)/l1.png", "--level", "1"])
        XCTAssertEqual(d.status, 0, d.stderr)
        let l1 = try PNG.readStraightRGBA(path: "\(dir)/l1.png")
        XCTAssertEqual(l1.width, 32)
        XCTAssertEqual(try PVRFile.read(path: "\(dir)/a.pvr").decode(level: 1).pixels, l1.pixels)
        // Level 1 halves the image: orange at (4, 4), translucent blue at (14, 4), empty at (4, 20).
        func at(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(l1.pixels[(y * 32 + x) * 4 + $0]) } }
        XCTAssertEqual(at(4, 4)[0], 240, accuracy: 12)
        XCTAssertEqual(at(14, 4)[2], 230, accuracy: 12)
        XCTAssertEqual(at(14, 4)[3], 128, accuracy: 12)
        XCTAssertLessThan(at(4, 20)[3], 20)
    }

    func testFitNoneKeepsRectangularPowerOfTwoSizes() throws {
        let dir = try folder()
        for (w, h, bpp) in [(128, 32, "2"), (32, 128, "4")] {
            var px: [UInt8] = []
            for y in 0..<h { for x in 0..<w { px += [UInt8(x * 255 / w), UInt8(y * 255 / h), 90, 255] } }
            try PNG.write(straightRGBA: px, width: w, height: h, to: "\(dir)/in.png")
            let e = try run(["pvrtc", "encode", "\(dir)/in.png", "-o", "\(dir)/r.pvr", "--fit", "none", "--bpp", bpp])
            XCTAssertEqual(e.status, 0, e.stderr)
            XCTAssertTrue(e.stdout.contains("PVRTC1 \(bpp)bpp RGB \(w)×\(h), 1 level"), e.stdout)
            XCTAssertTrue(try run(["pvrtc", "info", "\(dir)/r.pvr"]).stdout.contains("size: \(w)×\(h)\n"))
            XCTAssertEqual(try run(["pvrtc", "decode", "\(dir)/r.pvr", "-o", "\(dir)/r.png"]).status, 0)
            let out = try PNG.readStraightRGBA(path: "\(dir)/r.png")
            XCTAssertEqual([out.width, out.height], [w, h])
            // A smooth ramp survives compression away from the edges (PVRTC wraps there):
            // at (3w/4, 3h/4) red and green are about 3/4.
            let i = (3 * h / 4 * w + 3 * w / 4) * 4
            XCTAssertEqual(Int(out.pixels[i]), 255 * 3 / 4, accuracy: 16)
            XCTAssertEqual(Int(out.pixels[i + 1]), 255 * 3 / 4, accuracy: 16)
        }
        // Not a power of two: refused with the reason and a hint, nothing written.
        try PNG.write(straightRGBA: [UInt8](repeating: 255, count: 40 * 32 * 4), width: 40, height: 32, to: "\(dir)/odd.png")
        let r = try run(["pvrtc", "encode", "\(dir)/odd.png", "-o", "\(dir)/odd.pvr", "--fit", "none"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("40×32 cannot be coded as PVRTC1: not a power of two (use --fit pad or --fit stretch)"),
                      r.stderr)
        XCTAssertFalse(exists("\(dir)/odd.pvr"))
    }

    func testFailuresExitTwoAndWriteNothing() throws {
        let dir = try folder()
        try Data("not a pvr file, not at all; 52 bytes at least are here".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.pvr"))
        try PVRFile.write(randomTexture(16, 16, .four, seed: 1), to: "\(dir)/one.pvr")
        try PNG.write(straightRGBA: [UInt8](repeating: 9, count: 64), width: 4, height: 4, to: "\(dir)/in.png")
        let out = "\(dir)/out.png", pvr = "\(dir)/out.pvr"
        let cases: [([String], String, String)] = [
            (["pvrtc", "decode", "\(dir)/bad.pvr", "-o", out], "bad.pvr", out),
            (["pvrtc", "decode", "\(dir)/missing.pvr", "-o", out], "missing.pvr", out),
            (["pvrtc", "decode", "\(dir)/one.pvr", "-o", out, "--level", "3"], "there is no level 3", out),
            (["pvrtc", "info", "\(dir)/bad.pvr"], "bad.pvr", out),
            (["pvrtc", "encode", "\(dir)/in.png", "-o", pvr, "--bpp", "3"], "--bpp must be 4 or 2", pvr),
            (["pvrtc", "encode", "\(dir)/missing.png", "-o", pvr], "missing.png", pvr),
            (["pvrtc", "encode", "\(dir)/bad.pvr", "-o", pvr], "bad.pvr", pvr),
        ]
        for (args, message, output) in cases {
            let r = try run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)")
            XCTAssertFalse(exists(output), "\(args) left \(output)")
        }
    }

    /// Rectangular .pvr contents at 1:1 on a transparent canvas: the CPU render is
    /// the decoded texels (premultiplied), the GPU render equals it, and in every
    /// loading mode the GPU gets both textures as blocks (decoded in the shader).
    func testRectangularContentsOnBothBackendsAndBlocksInEveryLoadingMode() throws {
        let dir = try folder()
        let wide = randomTexture(128, 32, .four, seed: 41), tall = randomTexture(16, 64, .two, seed: 42)
        try PVRFile.write(wide, to: "\(dir)/wide.pvr")
        try PVRFile.write(tall, to: "\(dir)/tall.pvr")
        try Data(##"""
            {"canvas": {"width": 160, "height": 110},
             "sublayers": [{"frame": [4, 6, 128, 32], "contents": "wide.pvr"},
                           {"frame": [140, 40, 16, 64], "contents": "tall.pvr"}]}
            """##.utf8).write(to: URL(fileURLWithPath: "\(dir)/s.json"))
        let cpuPath = "\(dir)/cpu.png"
        let c = try run(["render", "\(dir)/s.json", "-o", cpuPath, "--backend", "cpu"])
        XCTAssertEqual(c.status, 0, c.stderr)
        let cpu = try PNG.read(path: cpuPath)
        for (t, ox, oy) in [(wide, 4, 6), (tall, 140, 40)] {
            let d = try t.decode()
            let expected = Image(width: d.width, height: d.height, straightRGBA: d.pixels)
            var mismatches = 0
            for y in 0..<t.height { for x in 0..<t.width where cpu[ox + x, oy + y] != expected[x, y] { mismatches += 1 } }
            XCTAssertEqual(mismatches, 0, "\(t.width)×\(t.height) contents on the CPU backend")
        }
        for mode in [[], ["--preload"], ["--lazy"]] {
            let gpuPath = "\(dir)/gpu.png", statsPath = "\(dir)/stats.json"
            let g = try run(["render", "\(dir)/s.json", "-o", gpuPath, "--backend", "gpu", "--stats-json", statsPath] + mode)
            XCTAssertEqual(g.status, 0, "\(mode): \(g.stderr)")
            XCTAssertTrue(try PNG.read(path: gpuPath) == cpu, "\(mode): the GPU render differs from the CPU render")
            let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: statsPath))) as? [String: Any]
            let blocks = (stats?["pvrtcTexturesShaderDecoded"] as? Int ?? 0) + (stats?["pvrtcTexturesNative"] as? Int ?? 0)
            XCTAssertEqual(blocks, 2, "\(mode): both textures must reach the GPU as blocks; stats \(stats ?? [:])")
            XCTAssertEqual((stats?["pvrtcTexturesAsRGBA8"] as? [String: Int]) ?? [:], [:], "\(mode)")
        }
    }

    func testJPEGSourceReportAndCrop() throws {
        let dir = try folder()
        // A 40×20 smooth gradient as JPEG (opaque), padded to 64×64 by encode.
        var rgba = Image(width: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 { rgba[x, y] = (UInt8(x * 6), UInt8(y * 12), 160, 255) } }
        try AtomicFile.write(try JPEG.encode(rgba, quality: 95), to: "\(dir)/in.jpg")
        let e = try run(["pvrtc", "encode", "\(dir)/in.jpg", "-o", "\(dir)/j.pvr", "--report"])
        XCTAssertEqual(e.status, 0, e.stderr)
        XCTAssertTrue(e.stdout.contains("padded from 40×20"), e.stdout)
        func figure(after label: String) -> Double {
            let words = e.stdout.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
            return words.firstIndex(of: Substring(label)).flatMap { Double(words[$0 + 1]) } ?? -1
        }
        // A smooth gradient through 4bpp PVRTC: well above 35 dB; the transparent
        // padding leaks a little alpha into the right and bottom edges.
        XCTAssertGreaterThan(figure(after: "RGB"), 35, e.stdout)
        XCTAssertGreaterThan(figure(after: "alpha"), 30, e.stdout)
        XCTAssertGreaterThan(figure(after: "SSIM"), 0.99, e.stdout)
        XCTAssertEqual(try PVRFile.read(path: "\(dir)/j.pvr").sourceSize?.width, 40)

        // --crop auto restores the source size: the top-left 40×20 of the full decode.
        XCTAssertEqual(try run(["pvrtc", "decode", "\(dir)/j.pvr", "-o", "\(dir)/full.png"]).status, 0)
        let d = try run(["pvrtc", "decode", "\(dir)/j.pvr", "-o", "\(dir)/crop.png", "--crop", "auto"])
        XCTAssertEqual(d.status, 0, d.stderr)
        XCTAssertTrue(d.stdout.contains("40×20 (cropped from 64×64)"), d.stdout)
        let full = try PNG.readStraightRGBA(path: "\(dir)/full.png"), crop = try PNG.readStraightRGBA(path: "\(dir)/crop.png")
        XCTAssertEqual(crop.width, 40); XCTAssertEqual(crop.height, 20)
        for y in 0..<20 {
            XCTAssertEqual(Array(crop.pixels[(y * 40 * 4)..<((y + 1) * 40 * 4)]),
                           Array(full.pixels[(y * 64 * 4)..<(y * 64 * 4 + 40 * 4)]), "row \(y)")
        }
        // The report measured the source against exactly this crop.
        let source = try JPEG.read(path: "\(dir)/in.jpg")
        let q = ImageQuality.measure(source: source.straightRGBA, encoded: crop.pixels, width: 40, height: 20)
        XCTAssertEqual(q.psnrRGB, figure(after: "RGB"), accuracy: 0.006)
        XCTAssertEqual(q.ssim!, figure(after: "SSIM"), accuracy: 0.00006)
        XCTAssertEqual(try run(["pvrtc", "decode", "\(dir)/j.pvr", "-o", "\(dir)/c2.png", "--crop", "10x5"]).status, 0)
        XCTAssertEqual(try PNG.readStraightRGBA(path: "\(dir)/c2.png").width, 10)

        // Errors: bad --crop, too large, auto without a record, a .pvr as encode input. No outputs.
        try PNG.write(straightRGBA: [UInt8](repeating: 200, count: 64 * 64 * 4), width: 64, height: 64, to: "\(dir)/sq.png")
        XCTAssertEqual(try run(["pvrtc", "encode", "\(dir)/sq.png", "-o", "\(dir)/sq.pvr", "--quality", "fast"]).status, 0)
        for (args, message) in [(["--crop", "ax5"], "--crop must be auto or WxH"), (["--crop", "100x5"], "larger than the texture"),
                                (["--crop", "0x5"], "--crop must be auto or WxH")] {
            let r = try run(["pvrtc", "decode", "\(dir)/j.pvr", "-o", "\(dir)/bad.png"] + args)
            XCTAssertEqual(r.status, 2, r.stderr); XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let auto = try run(["pvrtc", "decode", "\(dir)/sq.pvr", "-o", "\(dir)/bad.png", "--crop", "auto"])
        XCTAssertEqual(auto.status, 2); XCTAssertTrue(auto.stderr.contains("records no source size"), auto.stderr)
        let pvrIn = try run(["pvrtc", "encode", "\(dir)/sq.pvr", "-o", "\(dir)/bad.pvr"])
        XCTAssertEqual(pvrIn.status, 2); XCTAssertTrue(pvrIn.stderr.contains("already a PVRTC texture"), pvrIn.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/bad.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/bad.pvr"))
    }
}
