// DecoderBlockTests: hand-built blocks for every PVRTC1 mode, with expected
// texels derived by hand from the rules in PVRTC-NOTES.md (derivations inline).

import XCTest
import PVRTC

final class DecoderBlockTests: XCTestCase {
    // Colour word used by most tests. A opaque RGB554 = (31, 0, 0):
    //   0x8000 | 31 << 10 = 0xFC00. Widened: C = 16·31 = 496 (4bpp) →
    //   (496 >> 1) + (496 >> 6) = 248 + 7 = 255; alpha 15 → 240 + 15 = 255.
    // B opaque RGB555 = (0, 0, 31): 0x8000_0000 | 31 << 16 = 0x801F_0000 → (0, 0, 255, 255).
    // At 2bpp C = 32·31 = 992 → (992 >> 2) + (992 >> 7) = 248 + 7 = 255; alpha 32·15 = 480 →
    //   (480 >> 1) + (480 >> 5) = 240 + 15 = 255. Same 8-bit endpoints.
    let redBlue: UInt32 = 0x801F_FC00

    func decode4(_ mod: UInt32, _ col: UInt32) throws -> PVRTCImage {
        let data = buildData(blocksWide: 2, blocksHigh: 2) { _, _ in (mod, col) }
        return try PVRTCDecoder.decode(data, width: 8, height: 8, bitsPerPixel: .four)
    }

    func testFourBppStandardModulation() throws {
        // Texels (0..3, 0) hold values 0,1,2,3 → 0xE4; weights {0,3,5,8}.
        // w=3: R = (255·5 + 0·3) / 8 = 1275/8 = 159, B = 765/8 = 95.
        // w=5: R = 765/8 = 95, B = 1275/8 = 159.
        let img = try decode4(0xE4, redBlue)
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 0), [159, 0, 95, 255])
        XCTAssertEqual(rgba(img, 2, 0), [95, 0, 159, 255])
        XCTAssertEqual(rgba(img, 3, 0), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 5, 4), [159, 0, 95, 255]) // same position in another block
        XCTAssertEqual(rgba(img, 1, 1), [255, 0, 0, 255])  // value 0 elsewhere
    }

    func testFourBppPunchThrough() throws {
        // M = 1 (bit 0 of the colour word): values 0,1,2,3 → w 0,4,4,8; value 2 clears alpha.
        // w=4: R = 255·4/8 = 127 (1020/8), B = 127.
        let img = try decode4(0xE4, redBlue | 1)
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 0), [127, 0, 127, 255])
        XCTAssertEqual(rgba(img, 2, 0), [127, 0, 127, 0])
        XCTAssertEqual(rgba(img, 3, 0), [0, 0, 255, 255])
    }

    func testTranslucentColours() throws {
        // A translucent ARGB3443: a=3, r=15, g=8, b=5 → 3<<12 | 15<<8 | 8<<4 | 5<<1 = 0x3F8A.
        //   r 15 → 15<<1 | 15>>3 = 31 → 255; g 8 → 17 → C=272 → 136 + 4 = 140;
        //   b 5 → 5<<2 | 5>>1 = 22 → C=352 → 176 + 5 = 181; alpha 3 → 6 → C=96 → 96 + 6 = 102.
        // B translucent ARGB3444: a=5, r=1, g=0, b=9 → 5<<28 | 1<<24 | 9<<16 = 0x5109_0000.
        //   r 1 → 2 → C=32 → 16; g 0; b 9 → 19 → C=304 → 152 + 4 = 156; alpha 5 → 10 → 160 + 10 = 170.
        // w=3: R = (255·5 + 16·3)/8 = 1323/8 = 165; G = 700/8 = 87;
        //      B = (181·5 + 156·3)/8 = 1373/8 = 171; A = (102·5 + 170·3)/8 = 1020/8 = 127.
        let img = try decode4(0xE4, 0x5109_3F8A)
        XCTAssertEqual(rgba(img, 0, 0), [255, 140, 181, 102])
        XCTAssertEqual(rgba(img, 1, 0), [165, 87, 171, 127])
        XCTAssertEqual(rgba(img, 3, 0), [16, 0, 156, 170])
    }

    func testOpaqueAWithFourBitBlue() throws {
        // A opaque: r=0, g=31, b4=9 → 0x8000 | 31<<5 | 9<<1 = 0x83F2; b 9 → 9<<1 | 9>>3 = 19 → 156.
        // g 31 → 255. B = 0x8000_0000 (black, opaque). Modulation 0 → texel = A.
        let img = try decode4(0, 0x8000_83F2)
        XCTAssertEqual(rgba(img, 6, 7), [0, 255, 156, 255])
    }

    func testBilinearUpscaleWithWrapAround() throws {
        // 8×8, 2×2 blocks: only block (0,0) has A = red (31,0,0); others A = black; B black;
        // modulation 0 so texel = upscaled A. xr = (x-2) mod 4, left block = floor((x-2)/4) mod 2.
        let data = buildData(blocksWide: 2, blocksHigh: 2) { bx, by in
            (0, bx == 0 && by == 0 ? 0x8000_FC00 : 0x8000_8000)
        }
        let img = try PVRTCDecoder.decode(data, width: 8, height: 8, bitsPerPixel: .four)
        // (2,2): xr = yr = 0, weight 16 on block (0,0) → 255.
        XCTAssertEqual(rgba(img, 2, 2), [255, 0, 0, 255])
        // (3,2): xr=1, yr=0: P=(0,0) weight 3·4=12 → C = 372 → 186 + 5 = 191.
        XCTAssertEqual(rgba(img, 3, 2), [191, 0, 0, 255])
        // (3,3): weight 3·3 = 9 → C = 279 → 139 + 4 = 143.
        XCTAssertEqual(rgba(img, 3, 3), [143, 0, 0, 255])
        // (0,0): x-2 = -2 → left block 1 (wrapped), xr = 2; same for y; block (0,0) is S,
        // weight 2·2 = 4 → C = 124 → 62 + 1 = 63.
        XCTAssertEqual(rgba(img, 0, 0), [63, 0, 0, 255])
        // (7,2): x-2 = 5 → left block 1, xr = 1; Q = block (0,0) (wrapped), weight 1·4 = 4 → 63.
        XCTAssertEqual(rgba(img, 7, 2), [63, 0, 0, 255])
        // (6,6): centre of block (1,1) → 0.
        XCTAssertEqual(rgba(img, 6, 6), [0, 0, 0, 255])
    }

    // MARK: 2bpp

    func decode2(_ word: (Int, Int) -> (mod: UInt32, col: UInt32)) throws -> PVRTCImage {
        try PVRTCDecoder.decode(buildData(blocksWide: 2, blocksHigh: 2, word: word),
                                width: 16, height: 8, bitsPerPixel: .two)
    }

    func testTwoBppDirectMode() throws {
        // M = 0: one bit per texel at bit 8y+x, w ∈ {0, 8}. 0xA5 sets x = 0, 2, 5, 7 of row 0.
        let img = try decode2 { _, _ in (0xA5, self.redBlue) }
        XCTAssertEqual(rgba(img, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 1, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 5, 0), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 13, 4), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 5, 1), [255, 0, 0, 255])
    }

    /// Stored values (raster order over texels with (x^y)&1 == 0) → modulation bits.
    func storedBits(_ v: [UInt32]) -> UInt32 {
        v.enumerated().reduce(0) { $0 | $1.element << (2 * UInt32($1.offset)) }
    }

    // Stored positions: idx 0-3 row 0 x=0,2,4,6; 4-7 row 1 x=1,3,5,7; 8-11 row 2 x=0,2,4,6;
    // 12-15 row 3 x=1,3,5,7. Values chosen: idx0 = 2 (bit0 = 0 → 4-neighbour mode; bit1 = 1
    // → doubled to 3 → w 8), then 1,0,3 | 1,2,3,0 | 0,0,3,2 | 1,3,0,1 → weights:
    //   row0: x0=8 x2=3 x4=0 x6=8     row1: x1=3 x3=5 x5=8 x7=0
    //   row2: x0=0 x2=0 x4=8 x6=5     row3: x1=3 x3=8 x5=0 x7=3
    var hvValues: [UInt32] { [2, 1, 0, 3, 1, 2, 3, 0, 0, 0, 3, 2, 1, 3, 0, 1] }

    func testTwoBppInterpolatedFourNeighbours() throws {
        let mod = storedBits(hvValues)
        let img = try decode2 { _, _ in (mod, self.redBlue | 1) }
        XCTAssertEqual(rgba(img, 0, 0), [0, 0, 255, 255])     // stored idx0: raw 2 → doubled bit1 → w 8
        XCTAssertEqual(rgba(img, 2, 0), [159, 0, 95, 255])    // stored w 3
        // (1,0): left 8, right 3, up (1,-1)→(1,7) = row 3 x1 = 3, down 3 → (8+3+3+3+2)/4 = 4 → 127.
        XCTAssertEqual(rgba(img, 1, 0), [127, 0, 127, 255])
        // (3,2): left 0, right 8, up 5, down 8 → 23/4 = 5 → R 95, B 159.
        XCTAssertEqual(rgba(img, 3, 2), [95, 0, 159, 255])
        // (7,0): left 8, right (8,0) of next word = 8, up (7,7) = 3, down 0 → 21/4 = 5.
        XCTAssertEqual(rgba(img, 7, 0), [95, 0, 159, 255])
        // (0,1): left (-1,1)→(15,1) = row1 x7 = 0, right 3, up 8, down 0 → 13/4 = 3 → 159, 95.
        XCTAssertEqual(rgba(img, 0, 1), [159, 0, 95, 255])
    }

    func testTwoBppInterpolatedNeighbourFromDirectWord() throws {
        // Word (1,0) is in direct mode (M = 0) with all bits 0 → its texels contribute w 0.
        // (7,0): left 8, right (8,0) = 0, up (7,7) = 3, down (7,1) = 0 → (8+0+3+0+2)/4 = 3.
        let mod = storedBits(hvValues)
        let img = try decode2 { bx, by in bx == 1 && by == 0 ? (0, self.redBlue) : (mod, self.redBlue | 1) }
        XCTAssertEqual(rgba(img, 7, 0), [159, 0, 95, 255])
        XCTAssertEqual(rgba(img, 8, 0), [255, 0, 0, 255])
    }

    func testTwoBppInterpolatedVertical() throws {
        // idx0 raw 1: bit0 = 1 → H/V-only mode; bit1 = 0 → w 0. idx10 raw 3: bit20 = 1 →
        // vertical; bit21 = 1 → texel (4,2) w 8. Other stored weights as above.
        var v = hvValues; v[0] = 1; v[10] = 3
        let mod = storedBits(v)
        let img = try decode2 { _, _ in (mod, self.redBlue | 1) }
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 4, 2), [0, 0, 255, 255])
        // (1,0): up (1,7) = 3, down (1,1) = 3 → (3+3+1)/2 = 3 → 159, 95.
        XCTAssertEqual(rgba(img, 1, 0), [159, 0, 95, 255])
        // (3,2): up 5, down 8 → 14/2 = 7 → R 255/8 = 31, B 1785/8 = 223.
        XCTAssertEqual(rgba(img, 3, 2), [31, 0, 223, 255])
        // (4,1): up (4,0) = 0, down (4,2) = 8 → 9/2 = 4 → 127, 127.
        XCTAssertEqual(rgba(img, 4, 1), [127, 0, 127, 255])
    }

    func testTwoBppInterpolatedHorizontal() throws {
        // idx10 raw 2: bit20 = 0 → horizontal; bit21 = 1 → (4,2) w 8. idx0 raw 1 → w 0.
        var v = hvValues; v[0] = 1; v[10] = 2
        let mod = storedBits(v)
        let img = try decode2 { _, _ in (mod, self.redBlue | 1) }
        XCTAssertEqual(rgba(img, 4, 2), [0, 0, 255, 255])
        // (1,0): left (0,0) = 0, right (2,0) = 3 → (0+3+1)/2 = 2 → R 1530/8 = 191, B 510/8 = 63.
        XCTAssertEqual(rgba(img, 1, 0), [191, 0, 63, 255])
        // (3,2): left 0, right 8 → 4 → 127, 127.
        XCTAssertEqual(rgba(img, 3, 2), [127, 0, 127, 255])
        // (7,0): left 8, right (8,0) of the next word = 0 → (8+0+1)/2 = 4.
        XCTAssertEqual(rgba(img, 7, 0), [127, 0, 127, 255])
    }

    func testSmallLevelsDecodePaddedAndCropped() throws {
        // A 4×4 4bpp level is stored as the 8×8 minimum (4 words); its texels are the
        // top-left of that decode.
        let data = buildData(blocksWide: 2, blocksHigh: 2) { _, _ in (0xE4, self.redBlue) }
        let small = try PVRTCDecoder.decode(data, width: 4, height: 4, bitsPerPixel: .four)
        let big = try PVRTCDecoder.decode(data, width: 8, height: 8, bitsPerPixel: .four)
        XCTAssertEqual(small.width, 4)
        for y in 0..<4 { for x in 0..<4 { XCTAssertEqual(rgba(small, x, y), rgba(big, x, y)) } }
    }

    func testRejectsBadSizesAndShortData() {
        XCTAssertThrowsError(try PVRTCDecoder.decode([UInt8](repeating: 0, count: 4096),
                                                     width: 24, height: 24, bitsPerPixel: .four))
        XCTAssertThrowsError(try PVRTCDecoder.decode([UInt8](repeating: 0, count: 31),
                                                     width: 8, height: 8, bitsPerPixel: .four)) { e in
            XCTAssertEqual(e as? PVRTCError, .dataTooShort(expected: 32, actual: 31))
        }
    }
}
