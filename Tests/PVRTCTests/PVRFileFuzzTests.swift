// PVRFileFuzzTests: thousands of seeded mutations and truncations of valid v3
// and v2 files; the reader must answer each with a texture or a PVRFileError and
// never trap, and whatever it accepts must decode.

import XCTest
import TestSupport
import PVRTC

final class PVRFileFuzzTests: XCTestCase {
    func seeds() throws -> [[UInt8]] {
        var rng = SplitMix64(seed: 99)
        let v3 = try PVRFile.write(PVRTCTexture(
            bitsPerPixel: .four, hasAlpha: true, width: 16, height: 16,
            levels: [128, 32, 32, 32, 32].map { n in (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) } },
            metadata: [0x50, 0x56, 0x52, 0x03, 1, 0, 0, 0, 4, 0, 0, 0, 9, 9, 9, 9]))
        var v2: [UInt8] = []
        for v: UInt32 in [52, 16, 16, 0, 0x18, 64, 2, 0, 0, 0, 0, 0x2152_5650, 1] {
            for k in 0..<4 { v2.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
        }
        v2 += (0..<64).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return [v3, v2]
    }

    func mutate(_ file: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = file
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: // truncate anywhere
            b = Array(b[0..<Int.random(in: 0...b.count, using: &rng)])
        case 1: // flip a few bytes, mostly in the header
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Bool.random(using: &rng) ? Int.random(in: 0..<min(64, b.count), using: &rng)
                                                 : Int.random(in: 0..<b.count, using: &rng)
                b[i] = UInt8.random(in: 0...255, using: &rng)
            }
        case 2: // overwrite a header word with an interesting value
            let interesting: [UInt32] = [0, 1, 2, 3, 4, 6, 7, 8, 13, 16, 8192, 16384, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
            let o = 4 * Int.random(in: 0..<13, using: &rng)
            let v = interesting.randomElement(using: &rng)!
            for k in 0..<4 { b[o + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
        case 3: // append junk
            b += (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        default: // mutate then truncate
            b[Int.random(in: 0..<52, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            b = Array(b[0..<Int.random(in: 0...b.count, using: &rng)])
        }
        return b
    }

    func testMutatedFilesNeverCrashTheReader() throws {
        var rng = SplitMix64(seed: 2024)
        let bases = try seeds()
        var accepted = 0, rejected = 0
        for i in 0..<3000 {
            let file = mutate(bases[i % bases.count], &rng)
            do {
                let tex = try PVRFile.read(file)
                for level in tex.levels.indices { _ = try tex.decode(level: level) }
                accepted += 1
            } catch let e as PVRFileError {
                XCTAssertFalse(e.description.isEmpty)
                rejected += 1
            }
        }
        XCTAssertEqual(accepted + rejected, 3000)
        XCTAssertGreaterThan(accepted, 100, "mutations of data bytes must still read")
        XCTAssertGreaterThan(rejected, 100, "truncations must be refused")
    }
}
