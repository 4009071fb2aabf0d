// EncoderModulation4: 4bpp modulation choice. With the quantized colours decoded
// exactly as the reference does (bilinear, integer widening), every texel takes
// the weight that minimises its squared RGBA error; each block keeps standard
// mode {0,3,5,8} or, when allowed and better, punch-through mode {0,4,8,4+α0}.

import Dispatch

/// Exact per-texel error of a decoded candidate against the source, in SWAR lanes.
/// RGB error is weighted by the source alpha ((α + 1) / 256, exact for opaque
/// texels), since the colour of a transparent texel is never seen.
@inline(__always)
func laneError(_ t: UInt64, _ s: UnsafePointer<UInt8>) -> Int32 {
    let d0 = Int32(t & 0xFF) - Int32(s[0])
    let d1 = Int32((t >> 16) & 0xFF) - Int32(s[1])
    let d2 = Int32((t >> 32) & 0xFF) - Int32(s[2])
    let d3 = Int32((t >> 48) & 0xFF) - Int32(s[3])
    return (((d0 * d0 + d1 * d1 + d2 * d2) * (Int32(s[3]) + 1)) >> 8) + d3 * d3
}

/// The decoder's blend of widened A and B lanes with weight w (0…8).
@inline(__always)
func laneBlend(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
    ((a &* (8 - w) &+ b &* w) >> 3) & 0x1FFF_1FFF_1FFF_1FFF
}

extension EncoderWorkspace {
    /// Widened (8-bit, exact) upscaled A and B lanes for texel row `y`; `scratch`
    /// holds 2·nbx values.
    @inline(__always)
    func upscaledRow(_ y: Int, colorsA: UnsafePointer<UInt64>, colorsB: UnsafePointer<UInt64>,
                     outA: UnsafeMutablePointer<UInt64>, outB: UnsafeMutablePointer<UInt64>,
                     scratch: UnsafeMutablePointer<UInt64>) {
        let four = bpp == .four, bw = blockWidth, shift = four ? 2 : 3
        let yp = y - 2
        let by0 = (yp >> 2) & (nby - 1), by1 = (by0 + 1) & (nby - 1)
        let yr = UInt64(yp & 3), yl = 4 - yr
        let vA = scratch, vB = scratch + nbx
        for bx in 0..<nbx {
            vA[bx] = colorsA[by0 * nbx + bx] &* yl &+ colorsA[by1 * nbx + bx] &* yr
            vB[bx] = colorsB[by0 * nbx + bx] &* yl &+ colorsB[by1 * nbx + bx] &* yr
        }
        for x in 0..<width {
            let xp = x - bw / 2
            let bx0 = (xp >> shift) & (nbx - 1), bx1 = (bx0 + 1) & (nbx - 1)
            let xr = UInt64(xp & (bw - 1)), xl = UInt64(bw) - xr
            outA[x] = RowBlender.widen(vA[bx0] &* xl &+ vA[bx1] &* xr, four: four)
            outB[x] = RowBlender.widen(vB[bx0] &* xl &+ vB[bx1] &* xr, four: four)
        }
    }

    /// Upscale inputs: every block's colour A and B in SWAR lanes.
    func colorLanes() -> (a: [UInt64], b: [UInt64]) {
        var a = [UInt64](repeating: 0, count: nbx * nby), b = a
        for i in 0..<(nbx * nby) {
            a[i] = ColorWord.colorA(colorWords[i]).lanes
            b[i] = ColorWord.colorB(colorWords[i]).lanes
        }
        return (a, b)
    }

    /// Chooses every 4bpp texel's modulation and every block's mode; fills
    /// `modulationWords`, `weights` and bit 0 of `colorWords`. Returns the total error.
    @discardableResult
    func chooseModulation4(allowPunchThrough: Bool) -> Int {
        let (colorsA, colorsB) = colorLanes()
        let rowErrors = Slab<Int>(repeating: 0, count: nby)
        defer { rowErrors.free() }
        DispatchQueue.concurrentPerform(iterations: nby) { by in
            let la = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * width)
            let lb = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * width)
            let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * nbx)
            defer { la.deallocate(); lb.deallocate(); scratch.deallocate() }
            for ty in 0..<4 {
                upscaledRow(by * 4 + ty, colorsA: colorsA, colorsB: colorsB,
                            outA: la + ty * width, outB: lb + ty * width, scratch: scratch)
            }
            var rowError = 0
            source.withUnsafeBufferPointer { src in
                for bx in 0..<nbx {
                    var bitsStd: UInt32 = 0, errStd: Int32 = 0
                    var bitsPunch: UInt32 = 0, errPunch: Int32 = 0
                    for ty in 0..<4 {
                        for tx in 0..<4 {
                            let x = bx * 4 + tx, y = by * 4 + ty
                            let a = la[ty * width + x], b = lb[ty * width + x]
                            let s = src.baseAddress! + 4 * (y * width + x)
                            let shift = UInt32(2 * (ty * 4 + tx))
                            // Standard: w = 0, 3, 5, 8.
                            var best = laneError(a, s), code: UInt32 = 0
                            let e3 = laneError(laneBlend(a, b, 3), s)
                            if e3 < best { best = e3; code = 1 }
                            let e5 = laneError(laneBlend(a, b, 5), s)
                            if e5 < best { best = e5; code = 2 }
                            let e8 = laneError(b, s)
                            if e8 < best { best = e8; code = 3 }
                            errStd += best
                            bitsStd |= code << shift
                            if allowPunchThrough {
                                let mid = laneBlend(a, b, 4)
                                var pb = laneError(a, s), pc: UInt32 = 0
                                let e4 = laneError(mid, s)
                                if e4 < pb { pb = e4; pc = 1 }
                                let ep = laneError(mid & 0x0000_FFFF_FFFF_FFFF, s)
                                if ep < pb { pb = ep; pc = 2 }
                                if e8 < pb { pb = e8; pc = 3 }
                                errPunch += pb
                                bitsPunch |= pc << shift
                            }
                        }
                    }
                    let i = by * nbx + bx
                    let punch = allowPunchThrough && errPunch < errStd
                    let bits = punch ? bitsPunch : bitsStd
                    rowError += Int(punch ? errPunch : errStd)
                    modulationWords[i] = bits
                    colorWords[i] = (colorWords[i] & ~1) | (punch ? 1 : 0)
                    let table = punch ? ModulationGrid.punchWeights : ModulationGrid.standardWeights
                    for ty in 0..<4 {
                        for tx in 0..<4 {
                            let code = Int((bits >> UInt32(2 * (ty * 4 + tx))) & 3)
                            weights[(by * 4 + ty) * width + bx * 4 + tx] = table[code]
                        }
                    }
                }
            }
            rowErrors[by] = rowError
        }
        return rowErrors.array.reduce(0, +)
    }
}
