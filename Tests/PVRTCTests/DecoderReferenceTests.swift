// DecoderReferenceTests: the fast decoder against the slow per-texel reference
// on seeded random words, all sizes shapes and both bit rates; plus Morton order.

import XCTest
import TestSupport
import PVRTC

final class DecoderReferenceTests: XCTestCase {
    func randomData(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    func check(_ w: Int, _ h: Int, _ bpp: PVRTCBitsPerPixel, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let data = randomData(bpp.dataSize(width: w, height: h), &rng)
        let fast = try PVRTCDecoder.decode(data, width: w, height: h, bitsPerPixel: bpp)
        let slow = SlowReferenceDecoder.decode(data, width: w, height: h, fourBpp: bpp == .four)
        if fast.pixels != slow {
            let i = zip(fast.pixels, slow).enumerated().first { $0.element.0 != $0.element.1 }!.offset
            XCTFail("\(w)×\(h) \(bpp) seed \(seed): first difference at texel (\((i / 4) % w), \(i / 4 / w)) channel \(i % 4)")
        }
    }

    func testFourBppRandomWordsMatchReference() throws {
        for (i, size) in [(8, 8), (16, 16), (32, 32), (32, 8), (8, 32), (64, 16)].enumerated() {
            try check(size.0, size.1, .four, seed: UInt64(100 + i))
        }
    }

    func testTwoBppRandomWordsMatchReference() throws {
        for (i, size) in [(16, 8), (16, 16), (32, 32), (64, 16), (16, 64), (32, 8)].enumerated() {
            try check(size.0, size.1, .two, seed: UInt64(200 + i))
        }
    }

    func testTwoBppAllInterpolatedWordsMatchReference() throws {
        // Random words forced to M = 1, so every neighbour rule and the bit-0/bit-20 cases occur often.
        var rng = SplitMix64(seed: 7)
        let data = buildData(blocksWide: 8, blocksHigh: 8) { _, _ in
            (UInt32.random(in: 0...UInt32.max, using: &rng), UInt32.random(in: 0...UInt32.max, using: &rng) | 1)
        }
        let fast = try PVRTCDecoder.decode(data, width: 64, height: 32, bitsPerPixel: .two)
        XCTAssertEqual(fast.pixels, SlowReferenceDecoder.decode(data, width: 64, height: 32, fourBpp: false))
    }

    func testMortonOrder() {
        // Square 4×4 blocks: y in the low bit of each pair.
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 0, y: 1, blocksWide: 4, blocksHigh: 4), 1)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 1, y: 0, blocksWide: 4, blocksHigh: 4), 2)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 1, y: 1, blocksWide: 4, blocksHigh: 4), 3)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 2, y: 0, blocksWide: 4, blocksHigh: 4), 8)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 0, y: 2, blocksWide: 4, blocksHigh: 4), 4)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 3, y: 3, blocksWide: 4, blocksHigh: 4), 15)
        // 4 wide × 2 high: one interleaved bit, then x's remaining bit: (2,0) → 1<<2 = 4; (3,1) → 1|2|4.
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 2, y: 0, blocksWide: 4, blocksHigh: 2), 4)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 3, y: 1, blocksWide: 4, blocksHigh: 2), 7)
        // 2 wide × 4 high: y's remaining bit follows: (0,2) → 4; (1,3) → 1|2|4.
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 0, y: 2, blocksWide: 2, blocksHigh: 4), 4)
        XCTAssertEqual(PVRTCMorton.wordIndex(x: 1, y: 3, blocksWide: 2, blocksHigh: 4), 7)
        // The whole table is a permutation that agrees with the tests' recursive definition.
        for (w, h) in [(8, 8), (16, 4), (2, 32), (1, 1), (1, 4)] {
            let t = PVRTCMorton.table(blocksWide: w, blocksHigh: h)
            XCTAssertEqual(Set(t).count, w * h)
            for y in 0..<h { for x in 0..<w {
                XCTAssertEqual(t[y * w + x], slowMortonIndex(x: x, y: y, wide: w, high: h))
            } }
        }
    }
}
