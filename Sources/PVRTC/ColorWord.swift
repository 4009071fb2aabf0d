// ColorWord: the second u32 of a PVRTC1 block — mode flag, colour A and colour B,
// each opaque (555 / 554) or translucent (3444 / 3443). Unpacks to the decoder's
// 5-bit RGB + 4-bit alpha working precision and packs quantized encoder output.

/// A block colour at decoder working precision: RGB 0…31, alpha 0…15.
struct BlockColor: Equatable {
    var r: Int32, g: Int32, b: Int32, a: Int32

    /// Packs r, g, b, a into four 16-bit lanes of a UInt64 (lane 0 = red) for SWAR maths.
    @inline(__always) var lanes: UInt64 {
        UInt64(r) | UInt64(g) << 16 | UInt64(b) << 32 | UInt64(a) << 48
    }
}

enum ColorWord {
    /// Colour A (bits 1–15): opaque RGB554 when bit 15 is set, else ARGB3443.
    @inline(__always)
    static func colorA(_ c: UInt32) -> BlockColor {
        if c & 0x8000 != 0 {
            let b4 = Int32((c >> 1) & 0xF)
            return BlockColor(r: Int32((c >> 10) & 0x1F), g: Int32((c >> 5) & 0x1F),
                              b: (b4 << 1) | (b4 >> 3), a: 15)
        }
        let r4 = Int32((c >> 8) & 0xF), g4 = Int32((c >> 4) & 0xF), b3 = Int32((c >> 1) & 0x7)
        return BlockColor(r: (r4 << 1) | (r4 >> 3), g: (g4 << 1) | (g4 >> 3),
                          b: (b3 << 2) | (b3 >> 1), a: Int32((c >> 12) & 0x7) << 1)
    }

    /// Colour B (bits 16–31): opaque RGB555 when bit 31 is set, else ARGB3444.
    @inline(__always)
    static func colorB(_ c: UInt32) -> BlockColor {
        if c & 0x8000_0000 != 0 {
            return BlockColor(r: Int32((c >> 26) & 0x1F), g: Int32((c >> 21) & 0x1F),
                              b: Int32((c >> 16) & 0x1F), a: 15)
        }
        let r4 = Int32((c >> 24) & 0xF), g4 = Int32((c >> 20) & 0xF), b4 = Int32((c >> 16) & 0xF)
        return BlockColor(r: (r4 << 1) | (r4 >> 3), g: (g4 << 1) | (g4 >> 3),
                          b: (b4 << 1) | (b4 >> 3), a: Int32((c >> 28) & 0x7) << 1)
    }

    /// Packs colour A. Opaque fields: r5 g5 b4; translucent: a3 r4 g4 b3.
    static func packA(opaque: Bool, r: Int, g: Int, b: Int, a: Int = 0) -> UInt32 {
        if opaque {
            return 0x8000 | UInt32(r & 0x1F) << 10 | UInt32(g & 0x1F) << 5 | UInt32(b & 0xF) << 1
        }
        return UInt32(a & 7) << 12 | UInt32(r & 0xF) << 8 | UInt32(g & 0xF) << 4 | UInt32(b & 7) << 1
    }

    /// Packs colour B. Opaque fields: r5 g5 b5; translucent: a3 r4 g4 b4.
    static func packB(opaque: Bool, r: Int, g: Int, b: Int, a: Int = 0) -> UInt32 {
        if opaque {
            return 0x8000_0000 | UInt32(r & 0x1F) << 26 | UInt32(g & 0x1F) << 21 | UInt32(b & 0x1F) << 16
        }
        return UInt32(a & 7) << 28 | UInt32(r & 0xF) << 24 | UInt32(g & 0xF) << 20 | UInt32(b & 0xF) << 16
    }
}
