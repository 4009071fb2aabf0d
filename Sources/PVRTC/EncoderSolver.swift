// EncoderSolver: solves the colour normal equations block by block (Gauss-Seidel
// in four independent colour classes, so each class runs in parallel). The
// continuous sweeps refine the real-valued endpoints; the quantized sweeps then
// pick, per channel, the best bracketing codes of A and B given the neighbours'
// already-quantized colours, so quantization error is compensated as it spreads.

import Dispatch

extension EncoderWorkspace {
    /// Right-hand sides of block (i, j) with its eight neighbours' colours removed.
    @inline(__always)
    private func residualRHS(_ eq: NormalEquations, i: Int, j: Int,
                             a: Slab<SIMD4<Float>>, b: Slab<SIMD4<Float>>) -> (SIMD4<Float>, SIMD4<Float>) {
        let il = (i - 1) & (nbx - 1), ir = (i + 1) & (nbx - 1)
        let ju = (j - 1) & (nby - 1), jd = (j + 1) & (nby - 1)
        let k = j * nbx + i
        var ra = eq.rhsA[k], rb = eq.rhsB[k]
        @inline(__always) func sub(_ h: SIMD4<Float>, _ n: Int) {
            let an = a[n], bn = b[n]
            ra -= h[0] * an + h[1] * bn
            rb -= h[1] * an + h[2] * bn
        }
        sub(eq.right[k], j * nbx + ir)
        sub(eq.right[j * nbx + il], j * nbx + il)
        sub(eq.down[k], jd * nbx + i)
        sub(eq.down[ju * nbx + i], ju * nbx + i)
        sub(eq.downRight[k], jd * nbx + ir)
        sub(eq.downRight[ju * nbx + il], ju * nbx + il)
        sub(eq.downLeft[k], jd * nbx + il)
        sub(eq.downLeft[ju * nbx + ir], ju * nbx + ir)
        return (ra, rb)
    }

    /// Runs `body(i, j)` over all blocks, one colour class (i & 1, j & 1) at a time,
    /// blocks of a class in parallel: they share no cell, so no coupling.
    private func forEachBlockInClasses(_ body: @escaping (Int, Int) -> Void) {
        for cls in 0..<4 {
            let ci = cls & 1, cj = cls >> 1
            DispatchQueue.concurrentPerform(iterations: nby / 2) { k in
                let j = 2 * k + cj
                for i in stride(from: ci, to: nbx, by: 2) { body(i, j) }
            }
        }
    }

    /// Block k's A and B colours from its 2×2 normal equations and the
    /// residual right-hand sides, with a small ridge term pulling towards the
    /// continuous solution (keeps blocks no texel depends on well defined).
    @inline(__always)
    private func solveBlock(_ eq: NormalEquations, _ k: Int,
                            _ ra: SIMD4<Float>, _ rb: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
        let s = eq.selfTerm[k]
        let lambda = 1e-3 * (s[0] + s[2]) + 1e-4
        let a11 = s[0] + lambda, a12 = s[1], a22 = s[2] + lambda
        let det = a11 * a22 - a12 * a12
        let ya = ra + lambda * contA[k], yb = rb + lambda * contB[k]
        return ((a22 * ya - a12 * yb) / det, (a11 * yb - a12 * ya) / det)
    }

    /// Continuous Gauss-Seidel sweeps on `contA`/`contB` (clamped to 0…255).
    func solveContinuous(_ eq: NormalEquations, sweeps: Int) {
        let opaque = !hasAlpha
        for _ in 0..<sweeps {
            forEachBlockInClasses { i, j in
                let k = j * self.nbx + i
                let (ra, rb) = self.residualRHS(eq, i: i, j: j, a: self.contA, b: self.contB)
                var (na, nb) = self.solveBlock(eq, k, ra, rb)
                na = clamp255(na)
                nb = clamp255(nb)
                if opaque { na[3] = 255; nb[3] = 255 }
                self.contA[k] = na
                self.contB[k] = nb
            }
        }
    }

    /// Quantized Gauss-Seidel sweeps: each block's codes become the best pair of
    /// bracketing codes per channel against the neighbours' quantized colours.
    /// The first sweep starts from the nearest codes of the continuous solution.
    func solveQuantized(_ eq: NormalEquations, sweeps: Int) {
        for k in 0..<(nbx * nby) { quantizeNearest(k) }
        for _ in 0..<sweeps {
            forEachBlockInClasses { i, j in
                let k = j * self.nbx + i
                let (ra, rb) = self.residualRHS(eq, i: i, j: j, a: self.valuesA, b: self.valuesB)
                let (xa, xb) = self.solveBlock(eq, k, ra, rb)
                let s = eq.selfTerm[k]
                let kindA = EndpointKind.kind(isB: false, opaque: self.opaqueA[k])
                let kindB = EndpointKind.kind(isB: true, opaque: self.opaqueB[k])
                var codesA = self.codesA[k], codesB = self.codesB[k]
                var valsA = self.valuesA[k], valsB = self.valuesB[k]
                for c in 0..<4 {
                    let sa = kindA.scale(c), sb = kindB.scale(c)
                    let (a0, a1) = sa.bracket(xa[c]), (b0, b1) = sb.bracket(xb[c])
                    var bestE = Float.infinity
                    for ca in a0...a1 {
                        let va = sa.value(ca)
                        for cb in b0...b1 {
                            let vb = sb.value(cb)
                            let e = s[0] * va * va + 2 * s[1] * va * vb + s[2] * vb * vb
                                - 2 * (ra[c] * va + rb[c] * vb)
                            if e < bestE {
                                bestE = e
                                codesA[c] = Int32(ca); valsA[c] = va
                                codesB[c] = Int32(cb); valsB[c] = vb
                            }
                        }
                    }
                }
                self.codesA[k] = codesA; self.valuesA[k] = valsA
                self.codesB[k] = codesB; self.valuesB[k] = valsB
            }
        }
        packColorWords()
    }
}
