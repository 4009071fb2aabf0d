// EncoderFastModulation4: the `fast` quality's 4bpp modulation pass. Instead of
// decoding all four candidates exactly, each texel is projected onto the
// segment between its upscaled A and B and the nearest of w = 0, 3, 5, 8 is
// taken by integer threshold tests (16·n ≥ 3d, 2·n ≥ d, 16·n ≥ 13d).

import Dispatch

extension EncoderWorkspace {
    /// Standard-mode modulation for every block of an opaque image by projection; fills
    /// `modulationWords`, `weights` and clears bit 0 of `colorWords`. With `soft`,
    /// `weights` instead get the projection itself rounded to 0…8 (a relaxed
    /// modulation for early least-squares rounds; the words are then meaningless).
    func chooseModulation4Fast(soft: Bool = false) {
        precondition(!hasAlpha, "projected modulation ignores alpha")
        let (colorsA, colorsB) = colorLanes()
        let w = width
        source.withUnsafeBufferPointer { src in
            colorsA.withUnsafeBufferPointer { ca in
                colorsB.withUnsafeBufferPointer { cb in
                    DispatchQueue.concurrentPerform(iterations: nby) { by in
                        let la = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * w)
                        let lb = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * w)
                        let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * self.nbx)
                        defer { la.deallocate(); lb.deallocate(); scratch.deallocate() }
                        for ty in 0..<4 {
                            self.upscaledRow(by * 4 + ty, colorsA: ca.baseAddress!, colorsB: cb.baseAddress!,
                                             outA: la + ty * w, outB: lb + ty * w, scratch: scratch)
                        }
                        let table: (UInt8, UInt8, UInt8, UInt8) = (0, 3, 5, 8)
                        for bx in 0..<self.nbx {
                            var bits: UInt32 = 0
                            for ty in 0..<4 {
                                let y = by * 4 + ty
                                for tx in 0..<4 {
                                    let x = bx * 4 + tx
                                    let a = la[ty * w + x], b = lb[ty * w + x]
                                    let s = src.baseAddress! + 4 * (y * w + x)
                                    var n: Int32 = 0, d: Int32 = 0
                                    // Opaque images only (alpha lanes are 255 in A, B and source).
                                    for c in 0..<3 {
                                        let ac = Int32(truncatingIfNeeded: (a >> UInt64(16 * c)) & 0xFF)
                                        let bc = Int32(truncatingIfNeeded: (b >> UInt64(16 * c)) & 0xFF)
                                        let dc = bc - ac
                                        n += dc * (Int32(s[c]) - ac)
                                        d += dc * dc
                                    }
                                    if soft {
                                        let q = d == 0 ? 0 : (16 * n + d) / (2 * d)   // round(8n/d)
                                        self.weights[y * w + x] = UInt8(min(max(q, 0), 8))
                                        continue
                                    }
                                    let code = (16 * n >= 3 * d ? 1 : 0) + (2 * n >= d ? 1 : 0) + (16 * n >= 13 * d ? 1 : 0)
                                    let cw = d == 0 ? 0 : code
                                    bits |= UInt32(cw) << UInt32(2 * (ty * 4 + tx))
                                    let wv = cw == 0 ? table.0 : cw == 1 ? table.1 : cw == 2 ? table.2 : table.3
                                    self.weights[y * w + x] = wv
                                }
                            }
                            let i = by * self.nbx + bx
                            self.modulationWords[i] = bits
                            self.colorWords[i] &= ~1
                        }
                    }
                }
            }
        }
    }
}
