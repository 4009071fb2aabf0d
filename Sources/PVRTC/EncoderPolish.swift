// EncoderPolish: `best` quality's last step. The least-squares passes work on a
// linear model of the decoder; this pass re-judges every quantized colour
// channel with the decoder's exact integer arithmetic (widening and flooring)
// over the texels the block influences, trying the neighbouring codes of A and
// B with the modulation held fixed, and keeps whatever lowers the exact error.

import Dispatch

extension EncoderWorkspace {
    /// One exact polishing pass over all blocks (four independent classes in turn).
    func polishExact() {
        let bw = blockWidth, four = bpp == .four
        let spanX = 2 * bw - 1, span = spanX * 7
        for cls in 0..<4 {
            let ci = cls & 1, cj = cls >> 1
            let lanesA = (0..<(nbx * nby)).map { ColorWord.colorA(colorWords[$0]).lanes }
            let lanesB = (0..<(nbx * nby)).map { ColorWord.colorB(colorWords[$0]).lanes }
            source.withUnsafeBufferPointer { sp in
                DispatchQueue.concurrentPerform(iterations: nby / 2) { k in
                    let j = 2 * k + cj
                    var texel = [Int](repeating: 0, count: span)      // texel index, per footprint slot
                    var own = [Int64](repeating: 0, count: span)      // this block's bilinear weight
                    var sumA = [UInt64](repeating: 0, count: span), sumB = sumA
                    for i in stride(from: ci, to: self.nbx, by: 2) {
                        let b = j * self.nbx + i
                        // Footprint: texels within bw−1 horizontally and 3 vertically of the block centre.
                        for dy in -3...3 {
                            for dx in -(bw - 1)...(bw - 1) {
                                let slot = (dy + 3) * spanX + dx + bw - 1
                                let x = (bw * i + bw / 2 + dx) & (self.width - 1)
                                let y = (4 * j + 2 + dy) & (self.height - 1)
                                texel[slot] = y * self.width + x
                                own[slot] = Int64((bw - abs(dx)) * (4 - abs(dy)))
                                (sumA[slot], sumB[slot]) = self.bilinearSums(x: x, y: y, lanesA: lanesA, lanesB: lanesB)
                            }
                        }
                        for isB in [false, true] {
                            let opaque = isB ? self.opaqueB[b] : self.opaqueA[b]
                            let kind = EndpointKind.kind(isB: isB, opaque: opaque)
                            for c in 0..<4 {
                                let scale = kind.scale(c)
                                if scale.count == 1 { continue }
                                var codes = isB ? self.codesB[b] : self.codesA[b]
                                let code = Int(codes[c])
                                let base = scale.widen(code)
                                var bestCode = code, bestErr = Int64.max
                                for cand in max(0, code - 1)...min(scale.count - 1, code + 1) {
                                    let dv = Int64(scale.widen(cand) - base)
                                    var err: Int64 = 0
                                    for s in 0..<span {
                                        let t = texel[s]
                                        let shift = UInt64(16 * c)
                                        var ca = Int64((sumA[s] >> shift) & 0xFFFF), cb = Int64((sumB[s] >> shift) & 0xFFFF)
                                        if isB { cb += own[s] * dv } else { ca += own[s] * dv }
                                        let m = self.weights[t]
                                        let w = Int64(m & 0x0F)
                                        let a8 = Self.widen8(ca, four: four, alpha: c == 3)
                                        let b8 = Self.widen8(cb, four: four, alpha: c == 3)
                                        var v = (a8 * (8 - w) + b8 * w) >> 3
                                        if c == 3 && m & ModulationGrid.punchThrough != 0 { v = 0 }
                                        let d = v - Int64(sp[4 * t + c])
                                        err += c == 3 ? d * d : (d * d * (Int64(sp[4 * t + 3]) + 1)) >> 8
                                    }
                                    if err < bestErr { bestErr = err; bestCode = cand }
                                }
                                if bestCode != code {
                                    codes[c] = Int32(bestCode)
                                    if isB { self.codesB[b] = codes } else { self.codesA[b] = codes }
                                    let dv = UInt64(bitPattern: Int64(scale.widen(bestCode) - base))   // two's complement: lanes stay exact
                                    for s in 0..<span {
                                        let delta = (UInt64(own[s]) &* dv) << UInt64(16 * c)
                                        if isB { sumB[s] = sumB[s] &+ delta } else { sumA[s] = sumA[s] &+ delta }
                                    }
                                }
                            }
                        }
                        let a = EndpointKind.kind(isB: false, opaque: self.opaqueA[b]).pack(self.codesA[b])
                        let bb = EndpointKind.kind(isB: true, opaque: self.opaqueB[b]).pack(self.codesB[b])
                        self.colorWords[b] = (self.colorWords[b] & 1) | a | bb
                    }
                }
            }
        }
    }

    /// Bilinear sums (before widening) of colours A and B at texel (x, y), in lanes.
    @inline(__always)
    private func bilinearSums(x: Int, y: Int, lanesA: [UInt64], lanesB: [UInt64]) -> (UInt64, UInt64) {
        let bw = blockWidth, shift = bpp == .four ? 2 : 3
        let xp = x - bw / 2, yp = y - 2
        let bx0 = (xp >> shift) & (nbx - 1), bx1 = (bx0 + 1) & (nbx - 1)
        let by0 = (yp >> 2) & (nby - 1), by1 = (by0 + 1) & (nby - 1)
        let xr = UInt64(xp & (bw - 1)), xl = UInt64(bw) - xr, yr = UInt64(yp & 3), yl = 4 - yr
        let p = by0 * nbx, q = by1 * nbx
        let a = (lanesA[p + bx0] &* xl &+ lanesA[p + bx1] &* xr) &* yl &+ (lanesA[q + bx0] &* xl &+ lanesA[q + bx1] &* xr) &* yr
        let b = (lanesB[p + bx0] &* xl &+ lanesB[p + bx1] &* xr) &* yl &+ (lanesB[q + bx0] &* xl &+ lanesB[q + bx1] &* xr) &* yr
        return (a, b)
    }

    /// The decoder's widening of one bilinear sum to 8 bits.
    @inline(__always)
    static func widen8(_ c: Int64, four: Bool, alpha: Bool) -> Int64 {
        if four { return alpha ? c + (c >> 4) : (c >> 1) + (c >> 6) }
        return alpha ? (c >> 1) + (c >> 5) : (c >> 2) + (c >> 7)
    }
}
