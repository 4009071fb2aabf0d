// BenchmarkHarness: the measuring harness behind docs/pvrtc.md. Skipped unless
// PVRTC_BENCH=1; reads the raw .rgba files written by
// benchmarks/pvrtc/make_images.py and prints encode time, PSNR and decode
// throughput as Markdown table rows. No timing assertions here, by design.
//
//   PVRTC_BENCH=1 PVRTC_IMAGES=benchmarks/pvrtc/images PVRTC_SIZES=512,1024 \
//   PVRTC_QUALITIES=fast,normal,best PVRTC_BPP=4 PVRTC_REPEAT=3 \
//   swift test -c release --filter BenchmarkHarness
// PVRTC_DUMP=DIR also writes each decoded image there as .rgba.

import Foundation
import XCTest
import PVRTC

/// Reads `width u32 LE, height u32 LE, RGBA8 rows`.
func readRawRGBA(_ path: String) throws -> PVRTCImage {
    let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard d.count >= 8 else { throw PVRTCError.dataTooShort(expected: 8, actual: d.count) }
    let w = Int(d[0]) | Int(d[1]) << 8 | Int(d[2]) << 16 | Int(d[3]) << 24
    let h = Int(d[4]) | Int(d[5]) << 8 | Int(d[6]) << 16 | Int(d[7]) << 24
    guard d.count == 8 + w * h * 4 else { throw PVRTCError.dataTooShort(expected: 8 + w * h * 4, actual: d.count) }
    return PVRTCImage(width: w, height: h, pixels: Array(d[8...]))
}

final class BenchmarkHarness: XCTestCase {
    let env = ProcessInfo.processInfo.environment

    func list(_ key: String, _ fallback: String) -> [String] {
        (env[key] ?? fallback).split(separator: ",").map { String($0) }
    }

    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func testEncodeAndDecode() throws {
        try XCTSkipUnless(env["PVRTC_BENCH"] == "1", "set PVRTC_BENCH=1 to run the benchmark")
        let dir = env["PVRTC_IMAGES"] ?? "benchmarks/pvrtc/images"
        let repeats = Int(env["PVRTC_REPEAT"] ?? "3") ?? 3
        print("| image | size | bpp | quality | encode ms, min / median of \(repeats) | RGB PSNR dB | decode MPixel/s (best) |")
        print("|---|---|---|---|---|---|---|")
        for name in list("PVRTC_NAMES", "astronaut,coffee") {
            for size in list("PVRTC_SIZES", "512,1024") {
                let image = try readRawRGBA("\(dir)/\(name)_\(size).rgba")
                for bppText in list("PVRTC_BPP", "4") {
                    let bpp: PVRTCBitsPerPixel = bppText == "2" ? .two : .four
                    for q in list("PVRTC_QUALITIES", "fast,normal,best") {
                        let encoder = PVRTCEncoder(bitsPerPixel: bpp, quality: PVRTCEncoder.Quality(rawValue: q)!)
                        var data: [UInt8] = []
                        var times: [Double] = []
                        for _ in 0..<repeats { times.append(try seconds { data = try encoder.encode(image) }) }
                        times.sort()
                        var decoded = image
                        var decodeBest = Double.infinity
                        for _ in 0..<repeats {
                            decodeBest = min(decodeBest, try seconds {
                                decoded = try PVRTCDecoder.decode(data, width: image.width, height: image.height, bitsPerPixel: bpp)
                            })
                        }
                        let psnr = PVRTCQuality.psnr(image, decoded)
                        if let dump = env["PVRTC_DUMP"] {
                            var raw: [UInt8] = []
                            for v in [UInt32(image.width), UInt32(image.height)] {
                                for k in 0..<4 { raw.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
                            }
                            try Data(raw + decoded.pixels).write(to: URL(fileURLWithPath: "\(dump)/\(name)_\(size)_\(bpp.rawValue)_\(q).rgba"))
                        }
                        let mpx = Double(image.width * image.height) / decodeBest / 1e6
                        print(String(format: "| %@ | %@² | %d | %@ | %.1f / %.1f | %.2f | %.0f |",
                                     name, size, bpp.rawValue, q, times[0] * 1000, times[times.count / 2] * 1000, psnr, mpx))
                    }
                }
            }
        }
    }
}
