// EncoderNormalEquations: with the modulation fixed, the decoded image is linear
// in every block's colours A and B, so the best colours solve a sparse least-
// squares problem. One pass over the texels, cell by cell (a cell = the texels
// sharing the same four blocks), accumulates its normal equations: per block a
// 2×2 self term, 2×2 couplings to its right, down, down-right and down-left
// neighbours (symmetric), and the right-hand sides for A and B per channel.

import Dispatch

/// Normal equations of the colour least-squares problem. Each coupling is stored
/// as SIMD4(Σc·c'·u², Σc·c'·u·t, Σc·c'·t², 0) with u = 1 − t, t = w / 8.
struct NormalEquations {
    let selfTerm: Slab<SIMD4<Float>>
    let right: Slab<SIMD4<Float>>, down: Slab<SIMD4<Float>>
    let downRight: Slab<SIMD4<Float>>, downLeft: Slab<SIMD4<Float>>
    /// Σ c·u·source and Σ c·t·source per block (RGBA).
    let rhsA: Slab<SIMD4<Float>>, rhsB: Slab<SIMD4<Float>>

    init(blocks: Int) {
        selfTerm = Slab(repeating: .zero, count: blocks)
        right = Slab(repeating: .zero, count: blocks)
        down = Slab(repeating: .zero, count: blocks)
        downRight = Slab(repeating: .zero, count: blocks)
        downLeft = Slab(repeating: .zero, count: blocks)
        rhsA = Slab(repeating: .zero, count: blocks)
        rhsB = Slab(repeating: .zero, count: blocks)
    }

    func free() {
        for s in [selfTerm, right, down, downRight, downLeft, rhsA, rhsB] { s.free() }
    }

    func clear() {
        for s in [selfTerm, right, down, downRight, downLeft, rhsA, rhsB] { s.fill(.zero) }
    }
}

extension EncoderWorkspace {
    /// Accumulates the normal equations for the current `weights`. `bias` is added
    /// to the source to offset the decoder's rounding down.
    func accumulate(into eq: NormalEquations, bias: Float) {
        eq.clear()
        let bw = blockWidth, area = Float(bw * 4)
        // Bilinear weights of the four corner blocks for each texel of a cell.
        var cw = [SIMD4<Float>](repeating: .zero, count: bw * 4)
        for yr in 0..<4 {
            for xr in 0..<bw {
                let fx = Float(xr), fy = Float(yr), fb = Float(bw)
                cw[yr * bw + xr] = SIMD4((fb - fx) * (4 - fy), fx * (4 - fy), (fb - fx) * fy, fx * fy) / area
            }
        }
        let biasV = SIMD4<Float>(bias, bias, bias, 0)
        prepareFloatSource()
        let sourceF = self.sourceF!
        // Cell row j touches block rows j and j + 1: even rows first, then odd rows.
        for parity in 0..<2 {
            DispatchQueue.concurrentPerform(iterations: nby / 2) { k in
                let j = 2 * k + parity
                let j1 = (j + 1) & (nby - 1)
                for i in 0..<nbx {
                    let i1 = (i + 1) & (nbx - 1)
                    let p = j * nbx + i, q = j * nbx + i1, r = j1 * nbx + i, s = j1 * nbx + i1
                    var hp = SIMD4<Float>.zero, hq = hp, hr = hp, hs = hp
                    var hpq = hp, hrs = hp, hpr = hp, hqs = hp, hps = hp, hqr = hp
                    var ap = hp, aq = hp, ar = hp, asv = hp, bp = hp, bq = hp, br = hp, bs = hp
                    for yr in 0..<4 {
                        let y = (4 * j + 2 + yr) & (height - 1)
                        for xr in 0..<bw {
                            let x = (bw * i + bw / 2 + xr) & (width - 1)
                            let m = weights[y * width + x]
                            // A punch-through texel's alpha is 0 whatever the colours: not a constraint.
                            if m & ModulationGrid.punchThrough != 0 { continue }
                            let t = Float(m & 0x0F) * 0.125, u = 1 - t
                            let prod = SIMD4<Float>(u * u, u * t, t * t, 0)
                            let c = cw[yr * bw + xr]
                            let src = sourceF[y * width + x] + biasV
                            hp += (c[0] * c[0]) * prod; hq += (c[1] * c[1]) * prod
                            hr += (c[2] * c[2]) * prod; hs += (c[3] * c[3]) * prod
                            hpq += (c[0] * c[1]) * prod; hrs += (c[2] * c[3]) * prod
                            hpr += (c[0] * c[2]) * prod; hqs += (c[1] * c[3]) * prod
                            hps += (c[0] * c[3]) * prod; hqr += (c[1] * c[2]) * prod
                            let su = src * u, st = src * t
                            ap += c[0] * su; aq += c[1] * su; ar += c[2] * su; asv += c[3] * su
                            bp += c[0] * st; bq += c[1] * st; br += c[2] * st; bs += c[3] * st
                        }
                    }
                    eq.selfTerm[p] += hp; eq.selfTerm[q] += hq; eq.selfTerm[r] += hr; eq.selfTerm[s] += hs
                    eq.right[p] += hpq; eq.right[r] += hrs
                    eq.down[p] += hpr; eq.down[q] += hqs
                    eq.downRight[p] += hps; eq.downLeft[q] += hqr
                    eq.rhsA[p] += ap; eq.rhsA[q] += aq; eq.rhsA[r] += ar; eq.rhsA[s] += asv
                    eq.rhsB[p] += bp; eq.rhsB[q] += bq; eq.rhsB[r] += br; eq.rhsB[s] += bs
                }
            }
        }
    }
}
