// IndependentDecoderTests: our PVRTC1 decoder against an independent one,
// texture2ddecoder from PyPI (Perfare's Texture2DDecoder, which follows the
// PowerVR reference decompressor), byte for byte on seeded random words: 4 and
// 2 bpp, square and rectangular, plus 2bpp data with every block in
// interpolated mode. The words go to a temporary folder, and
// scripts/pvrtc-reference-decode.py decodes them there (texture2ddecoder's
// BGRA turned into RGBA; rows are top to bottom in both).
//
// scripts/test pip-installs texture2ddecoder when it is missing. If it still
// cannot be imported, the test fails when CI=true and is skipped otherwise.

import Foundation
import XCTest
import TestSupport
import PVRTC

final class IndependentDecoderTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The cases: (width, height, bpp, every 2bpp block forced to interpolated mode).
    static let cases: [(Int, Int, PVRTCBitsPerPixel, Bool)] = [
        (8, 8, .four, false), (32, 32, .four, false), (128, 128, .four, false),
        (128, 32, .four, false), (32, 128, .four, false), (64, 8, .four, false), (8, 64, .four, false),
        (16, 16, .two, false), (64, 64, .two, false), (128, 32, .two, false), (32, 128, .two, false),
        (16, 64, .two, false), (128, 8, .two, false),
        (64, 64, .two, true), (128, 16, .two, true), (16, 128, .two, true),
    ]

    func testDecoderMatchesTexture2DDecoder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pvrtc-independent-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SplitMix64(seed: 20_261_124)
        var inputs: [(name: String, data: [UInt8], w: Int, h: Int, bpp: PVRTCBitsPerPixel)] = []
        for (i, (w, h, bpp, interpolated)) in Self.cases.enumerated() {
            var data = (0..<bpp.dataSize(width: w, height: h)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if interpolated { for k in stride(from: 4, to: data.count, by: 8) { data[k] |= 1 } }
            let name = "case\(i)_\(w)_\(h)_\(bpp.rawValue)"
            try Data(data).write(to: dir.appendingPathComponent(name + ".pvrtc"))
            inputs.append((name, data, w, h, bpp))
        }
        guard try runReferenceDecoder(dir) else { return }
        for c in inputs {
            let theirs = [UInt8](try Data(contentsOf: dir.appendingPathComponent(c.name + ".reference.rgba")))
            let ours = try PVRTCDecoder.decode(c.data, width: c.w, height: c.h, bitsPerPixel: c.bpp).pixels
            XCTAssertEqual(theirs.count, ours.count, c.name)
            guard theirs != ours else { continue }
            let texels = stride(from: 0, to: min(ours.count, theirs.count), by: 4).filter {
                ours[$0..<($0 + 4)] != theirs[$0..<($0 + 4)]
            }
            let first = texels.first ?? 0
            XCTFail("\(c.w)×\(c.h) \(c.bpp): \(texels.count) texels differ from texture2ddecoder; first at "
                + "(\(first / 4 % c.w), \(first / 4 / c.w)): ours \(Array(ours[first..<(first + 4)])), "
                + "theirs \(Array(theirs[first..<(first + 4)]))")
        }
    }

    /// Runs scripts/pvrtc-reference-decode.py on `dir`. When python3 or
    /// texture2ddecoder is missing: skips locally; with CI=true records a failure
    /// and returns false (as for any other failure of the script).
    func runReferenceDecoder(_ dir: URL) throws -> Bool {
        let script = Self.root.appendingPathComponent("scripts/pvrtc-reference-decode.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, dir.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 0 { return true }
        let missing = p.terminationStatus == 3 || p.terminationStatus == 127
        if missing && ProcessInfo.processInfo.environment["CI"] != "true" {
            throw XCTSkip("PVRTC cross-check skipped: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        XCTFail("PVRTC cross-check against texture2ddecoder could not run (exit \(p.terminationStatus)): "
            + message.trimmingCharacters(in: .whitespacesAndNewlines)
            + (missing ? " — scripts/test installs it with pip; that failed (CI=true makes this a failure)" : ""))
        return false
    }
}
