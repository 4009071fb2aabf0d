// EncoderModulation2: 2bpp modulation choice. Every block picks direct mode
// (1 bit per texel, w ∈ {0, 8}) or one of the interpolated modes (2-bit values on
// a checkerboard, w ∈ {0, 3, 5, 8}; the other texels average their neighbours
// across all four directions, horizontally or vertically), judged by the exact
// decoded error. Then coordinate-descent sweeps re-pick each stored value with
// the unstored neighbours it feeds in view, and the words are packed.

import Dispatch

extension EncoderWorkspace {
    /// Exact squared error of texel `t` decoded with weight `w`.
    @inline(__always)
    private func err2(_ t: Int, _ w: Int, _ la: UnsafePointer<UInt64>, _ lb: UnsafePointer<UInt64>,
                      _ src: UnsafePointer<UInt8>) -> Int32 {
        laneError(laneBlend(la[t], lb[t], UInt64(w)), src + 4 * t)
    }

    /// Chooses every 2bpp block's mode and values; fills `modulationWords`,
    /// bit 0 of `colorWords` and `weights`. `sweeps` refinement passes follow.
    func chooseModulation2(sweeps: Int = 2) {
        let (colorsA, colorsB) = colorLanes()
        let w = width, h = height, n = w * h, nbx = self.nbx
        let la = Slab<UInt64>(repeating: 0, count: n), lb = Slab<UInt64>(repeating: 0, count: n)
        let cur = Slab<UInt8>(repeating: 0, count: n)     // stored or direct weight per texel
        let mode = Slab<UInt8>(repeating: 0, count: nbx * nby)  // 0 direct, 1 HV, 2 H, 3 V
        defer { la.free(); lb.free(); cur.free(); mode.free() }
        colorsA.withUnsafeBufferPointer { ca in
            colorsB.withUnsafeBufferPointer { cb in
                DispatchQueue.concurrentPerform(iterations: h) { y in
                    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * nbx)
                    defer { scratch.deallocate() }
                    self.upscaledRow(y, colorsA: ca.baseAddress!, colorsB: cb.baseAddress!,
                                     outA: la.base + y * w, outB: lb.base + y * w, scratch: scratch)
                }
            }
        }
        source.withUnsafeBufferPointer { sp in
            let src = sp.baseAddress!
            let e = { (t: Int, v: Int) -> Int32 in self.err2(t, v, la.base, lb.base, src) }
            // Provisional values: best 4-level value everywhere (best 2-level at the
            // positions that can only hold 0 or 8).
            DispatchQueue.concurrentPerform(iterations: h) { y in
                for x in 0..<w {
                    let t = y * w + x
                    let restricted = (x & 7) == 0 && (y & 3) == 0
                    cur[t] = UInt8(restricted ? Self.bestOfTwo(t, e) : Self.bestOfFour(t, e))
                }
            }
            // Mode per block against the provisional neighbourhood.
            DispatchQueue.concurrentPerform(iterations: nby) { by in
                for bx in 0..<nbx {
                    var errs: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
                    for ty in 0..<4 {
                        for tx in 0..<8 {
                            let x = bx * 8 + tx, y = by * 4 + ty, t = y * w + x
                            errs.0 += min(e(t, 0), e(t, 8))
                            if (tx ^ ty) & 1 == 0 {
                                let s = e(t, Int(cur[t]))
                                errs.1 += s; errs.2 += s; errs.3 += s
                            } else {
                                let l = Int(cur[y * w + ((x - 1) & (w - 1))]), r = Int(cur[y * w + ((x + 1) & (w - 1))])
                                let u = Int(cur[((y - 1) & (h - 1)) * w + x]), d = Int(cur[((y + 1) & (h - 1)) * w + x])
                                errs.1 += e(t, (l + r + u + d + 2) / 4)
                                errs.2 += e(t, (l + r + 1) / 2)
                                errs.3 += e(t, (u + d + 1) / 2)
                            }
                        }
                    }
                    var m: UInt8 = 0, best = errs.0
                    if errs.1 < best { m = 1; best = errs.1 }
                    if errs.2 < best { m = 2; best = errs.2 }
                    if errs.3 < best { m = 3 }
                    mode[by * nbx + bx] = m
                }
            }
            // Direct blocks hold 0/8 everywhere; H/V blocks hold 0/8 at (4,2).
            for by in 0..<nby {
                for bx in 0..<nbx {
                    let m = mode[by * nbx + bx]
                    for ty in 0..<4 {
                        for tx in 0..<8 {
                            let t = (by * 4 + ty) * w + bx * 8 + tx
                            if m == 0 || (m >= 2 && tx == 4 && ty == 2) {
                                cur[t] = UInt8(Self.bestOfTwo(t, e))
                            }
                        }
                    }
                }
            }
            let grid = ModulationNeighbourhood(width: w, height: h, nbx: nbx, mode: mode, cur: cur)
            for _ in 0..<sweeps { grid.sweep(e) }
            for i in 0..<(nbx * nby) {
                modulationWords[i] = grid.packWord(i)
                colorWords[i] = (colorWords[i] & ~1) | (mode[i] == 0 ? 0 : 1)
            }
        }
        let final = ModulationGrid.build(modulation: modulationWords.array, color: colorWords.array,
                                         nbx: nbx, nby: nby, bpp: .two)
        for t in 0..<n { weights[t] = final[t] }
    }

    /// The better of w = 0 and w = 8 for texel `t`.
    @inline(__always)
    static func bestOfTwo(_ t: Int, _ e: (Int, Int) -> Int32) -> Int {
        e(t, 8) < e(t, 0) ? 8 : 0
    }

    /// The best of w = 0, 3, 5, 8 for texel `t`.
    @inline(__always)
    static func bestOfFour(_ t: Int, _ e: (Int, Int) -> Int32) -> Int {
        var best = 0, bestE = e(t, 0)
        for v in [3, 5, 8] {
            let ev = e(t, v)
            if ev < bestE { bestE = ev; best = v }
        }
        return best
    }
}
