// PVRTCDecoder: PVRTC1 4bpp/2bpp → RGBA8, bit-exact with the PowerVR reference
// decompressor. Colours A and B are upscaled bilinearly (wrap-around) with the
// reference's integer widening, then blended per texel by the modulation grid.
// Four colour channels ride in 16-bit lanes of one UInt64 (SWAR) for speed.

import Dispatch

/// Decodes PVRTC1 data.
public enum PVRTCDecoder {
    /// Decodes one level of `width`×`height` texels (powers of two, 1…8192; not
    /// necessarily square). Levels smaller than the minimum block area (8×8 at
    /// 4bpp, 16×8 at 2bpp) are decoded padded, as the reference does, and cropped.
    /// - Parameter data: at least `bitsPerPixel.dataSize(width:height:)` bytes,
    ///   64-bit little-endian words in Morton order.
    /// - Throws: `PVRTCError` when the size is unsupported or the data too short.
    public static func decode(_ data: [UInt8], width: Int, height: Int,
                              bitsPerPixel bpp: PVRTCBitsPerPixel) throws -> PVRTCImage {
        if let reason = PVRTCSize.problem(width: width, height: height) {
            throw PVRTCError.unsupportedSize(width: width, height: height, reason: reason)
        }
        let need = bpp.dataSize(width: width, height: height)
        guard data.count >= need else { throw PVRTCError.dataTooShort(expected: need, actual: data.count) }
        let fullW = max(width, bpp.minimumWidth), fullH = max(height, bpp.minimumHeight)
        let full = decodeFull(data, width: fullW, height: fullH, bpp: bpp)
        if fullW == width && fullH == height { return full }
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for i in 0..<(width * 4) { px[y * width * 4 + i] = full.pixels[y * fullW * 4 + i] }
        }
        return PVRTCImage(width: width, height: height, pixels: px)
    }

    /// Reads the words into raster block order: (modulation, colour) arrays.
    static func unpackWords(_ data: [UInt8], nbx: Int, nby: Int) -> (mod: [UInt32], col: [UInt32]) {
        var mod = [UInt32](repeating: 0, count: nbx * nby)
        var col = mod
        data.withUnsafeBytes { raw in
            for by in 0..<nby {
                for bx in 0..<nbx {
                    let off = PVRTCMorton.wordIndex(x: bx, y: by, blocksWide: nbx, blocksHigh: nby) * 8
                    mod[by * nbx + bx] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: off, as: UInt32.self))
                    col[by * nbx + bx] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self))
                }
            }
        }
        return (mod, col)
    }

    /// Decodes a level whose size is at least the minimum block area.
    static func decodeFull(_ data: [UInt8], width: Int, height: Int, bpp: PVRTCBitsPerPixel) -> PVRTCImage {
        let nbx = width / bpp.blockWidth, nby = height / 4
        let (mod, col) = unpackWords(data, nbx: nbx, nby: nby)
        let colorsA = col.map { ColorWord.colorA($0).lanes }
        let colorsB = col.map { ColorWord.colorB($0).lanes }
        let weights = ModulationGrid.build(modulation: mod, color: col, nbx: nbx, nby: nby, bpp: bpp)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let bands = min(height, 32)
        pixels.withUnsafeMutableBytes { out in
            let out32 = out.baseAddress!.assumingMemoryBound(to: UInt32.self)
            colorsA.withUnsafeBufferPointer { ca in
                colorsB.withUnsafeBufferPointer { cb in
                    weights.withUnsafeBufferPointer { wg in
                        let job = RowBlender(colorsA: ca, colorsB: cb, weights: wg, out: out32,
                                             width: width, nbx: nbx, nby: nby, bpp: bpp)
                        DispatchQueue.concurrentPerform(iterations: bands) { band in
                            let y0 = band * height / bands, y1 = (band + 1) * height / bands
                            job.blendRows(y0..<y1)
                        }
                    }
                }
            }
        }
        return PVRTCImage(width: width, height: height, pixels: pixels)
    }
}

/// The per-row kernel: bilinear A/B in SWAR lanes, reference widening, blend.
/// Each call writes only its own rows of `out`.
struct RowBlender: @unchecked Sendable {
    let colorsA: UnsafeBufferPointer<UInt64>
    let colorsB: UnsafeBufferPointer<UInt64>
    let weights: UnsafeBufferPointer<UInt8>
    let out: UnsafeMutablePointer<UInt32>
    let width: Int, nbx: Int, nby: Int
    let bpp: PVRTCBitsPerPixel

    @inline(__always) static func lanes(_ v: UInt64) -> UInt64 { v &* 0x0001_0001_0001_0001 }

    /// Widens a bilinear sum C to 8 bits per lane: 4bpp RGB (C>>1)+(C>>6), alpha
    /// C+(C>>4); 2bpp RGB (C>>2)+(C>>7), alpha (C>>1)+(C>>5).
    @inline(__always) static func widen(_ c: UInt64, four: Bool) -> UInt64 {
        let rgb: UInt64, alpha: UInt64
        if four {
            rgb = ((c >> 1) & lanes(0x7FFF)) &+ ((c >> 6) & lanes(0x03FF))
            alpha = c &+ ((c >> 4) & lanes(0x0FFF))
        } else {
            rgb = ((c >> 2) & lanes(0x3FFF)) &+ ((c >> 7) & lanes(0x01FF))
            alpha = ((c >> 1) & lanes(0x7FFF)) &+ ((c >> 5) & lanes(0x07FF))
        }
        return (rgb & 0x0000_FFFF_FFFF_FFFF) | (alpha & 0xFFFF_0000_0000_0000)
    }

    func blendRows(_ rows: Range<Int>) {
        let four = bpp == .four
        let bw = bpp.blockWidth, shift = four ? 2 : 3, half = bw / 2
        var vA = [UInt64](repeating: 0, count: nbx), vB = vA
        for y in rows {
            let yp = y - 2
            let by0 = (yp >> 2) & (nby - 1), by1 = (by0 + 1) & (nby - 1)
            let yr = UInt64(yp & 3)
            for bx in 0..<nbx {
                vA[bx] = colorsA[by0 * nbx + bx] &* (4 - yr) &+ colorsA[by1 * nbx + bx] &* yr
                vB[bx] = colorsB[by0 * nbx + bx] &* (4 - yr) &+ colorsB[by1 * nbx + bx] &* yr
            }
            let rowOut = out + y * width
            let rowW = y * width
            for x in 0..<width {
                let xp = x - half
                let bx0 = (xp >> shift) & (nbx - 1), bx1 = (bx0 + 1) & (nbx - 1)
                let xr = UInt64(xp & (bw - 1)), xl = UInt64(bw) - xr
                let a = Self.widen(vA[bx0] &* xl &+ vA[bx1] &* xr, four: four)
                let b = Self.widen(vB[bx0] &* xl &+ vB[bx1] &* xr, four: four)
                let m = weights[rowW + x]
                let w = UInt64(m & 0x0F)
                var t = ((a &* (8 - w) &+ b &* w) >> 3) & Self.lanes(0x1FFF)
                if m & ModulationGrid.punchThrough != 0 { t &= 0x0000_FFFF_FFFF_FFFF }
                let packed = (t & 0xFF) | ((t >> 8) & 0xFF00) | ((t >> 16) & 0xFF_0000) | ((t >> 24) & 0xFF00_0000)
                rowOut[x] = UInt32(truncatingIfNeeded: packed).littleEndian
            }
        }
    }
}
