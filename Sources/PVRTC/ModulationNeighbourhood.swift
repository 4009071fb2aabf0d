// ModulationNeighbourhood: the 2bpp encoder's view of stored modulation values
// and the unstored texels that average them. It re-picks each stored value
// knowing which interpolated neighbours depend on it (coordinate descent), and
// packs each block's values into its modulation word with the mode bits.

import Dispatch

/// Stored/direct weights of a 2bpp level plus each block's mode (0 direct, 1 HV, 2 H, 3 V).
struct ModulationNeighbourhood {
    let width: Int, height: Int, nbx: Int
    let mode: Slab<UInt8>
    let cur: Slab<UInt8>

    @inline(__always) func blockMode(_ x: Int, _ y: Int) -> UInt8 { mode[(y >> 2) * nbx + (x >> 3)] }

    /// True when texel (x, y) takes its weight from neighbours.
    @inline(__always) func isUnstored(_ x: Int, _ y: Int) -> Bool {
        blockMode(x, y) != 0 && (x ^ y) & 1 == 1
    }

    /// Decoded weight of an unstored texel from the current stored values.
    @inline(__always) func interpolated(_ x: Int, _ y: Int) -> Int {
        let w = width, h = height
        let l = Int(cur[y * w + ((x - 1) & (w - 1))]), r = Int(cur[y * w + ((x + 1) & (w - 1))])
        let u = Int(cur[((y - 1) & (h - 1)) * w + x]), d = Int(cur[((y + 1) & (h - 1)) * w + x])
        switch blockMode(x, y) {
        case 1: return (l + r + u + d + 2) / 4
        case 2: return (l + r + 1) / 2
        default: return (u + d + 1) / 2
        }
    }

    /// One coordinate-descent pass over every stored or direct texel. A texel's
    /// choice reads rows y−2…y+2 and writes row y, so rows four apart run in parallel
    /// (four phases by y mod 4; the height is a multiple of 4, so wrap-around agrees).
    func sweep(_ e: @escaping (Int, Int) -> Int32) {
        for phase in 0..<4 {
            DispatchQueue.concurrentPerform(iterations: height / 4) { k in sweepRow(4 * k + phase, e) }
        }
    }

    private func sweepRow(_ y: Int, _ e: (Int, Int) -> Int32) {
        let w = width, h = height
        for x in 0..<w where !isUnstored(x, y) {
            let m = blockMode(x, y), tx = x & 7, ty = y & 3
            let restricted = m == 0 || (tx == 0 && ty == 0) || (m >= 2 && tx == 4 && ty == 2)
            // Unstored neighbours whose rule reads this texel (left, right, up, down).
            let nx = ((x - 1) & (w - 1), (x + 1) & (w - 1), x, x)
            let ny = (y, y, (y - 1) & (h - 1), (y + 1) & (h - 1))
            var deps: (Int, Int, Int, Int) = (-1, -1, -1, -1)
            func dependent(_ qx: Int, _ qy: Int, horizontal: Bool) -> Int {
                guard isUnstored(qx, qy) else { return -1 }
                let qm = blockMode(qx, qy)
                return qm == 1 || (qm == 2) == horizontal ? qy * w + qx : -1
            }
            deps.0 = dependent(nx.0, ny.0, horizontal: true)
            deps.1 = dependent(nx.1, ny.1, horizontal: true)
            deps.2 = dependent(nx.2, ny.2, horizontal: false)
            deps.3 = dependent(nx.3, ny.3, horizontal: false)
            let t = y * w + x
            var best = Int(cur[t]), bestE = Int32.max
            for k in 0..<4 {
                if restricted && k > 1 { break }
                let v = restricted ? (k == 0 ? 0 : 8) : (k == 0 ? 0 : k == 1 ? 3 : k == 2 ? 5 : 8)
                cur[t] = UInt8(v)
                var total = e(t, v)
                func add(_ d: Int) { if d >= 0 { total += e(d, interpolated(d % w, d / w)) } }
                add(deps.0); add(deps.1); add(deps.2); add(deps.3)
                if total < bestE { bestE = total; best = v }
            }
            cur[t] = UInt8(best)
        }
    }

    /// The modulation word of block `i` from the current values and its mode.
    func packWord(_ i: Int) -> UInt32 {
        let bx = i % nbx, by = i / nbx, m = mode[i]
        var bits: UInt32 = 0
        if m == 0 {
            for ty in 0..<4 {
                for tx in 0..<8 where cur[(by * 4 + ty) * width + bx * 8 + tx] == 8 {
                    bits |= 1 << UInt32(ty * 8 + tx)
                }
            }
            return bits
        }
        var index: UInt32 = 0
        for ty in 0..<4 {
            for tx in stride(from: ty & 1, to: 8, by: 2) {
                let v = cur[(by * 4 + ty) * width + bx * 8 + tx]
                var code: UInt32 = v == 0 ? 0 : v == 3 ? 1 : v == 5 ? 2 : 3
                if index == 0 { code = (v == 8 ? 2 : 0) | (m == 1 ? 0 : 1) }
                if index == 10 && m >= 2 { code = (v == 8 ? 2 : 0) | (m == 3 ? 1 : 0) }
                bits |= code << (2 * index)
                index += 1
            }
        }
        return bits
    }
}
