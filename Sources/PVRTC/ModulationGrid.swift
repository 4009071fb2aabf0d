// ModulationGrid: turns each block's modulation word into one blend weight per
// texel (0…8, A→B), following the PowerVR reference rules: 4bpp standard and
// punch-through, 2bpp 1-bit direct mode, and 2bpp interpolated modes whose
// unstored texels average their neighbours, across word borders with wrap-around.

/// Per-texel weights for a whole level. Each byte is the weight w (0…8); bit 7
/// (`punchThrough`) marks a 4bpp punch-through texel whose alpha becomes 0.
enum ModulationGrid {
    static let punchThrough: UInt8 = 0x80
    static let standardWeights: [UInt8] = [0, 3, 5, 8]
    static let punchWeights: [UInt8] = [0, 4, 4 | punchThrough, 8]

    /// Builds the grid for `nbx`×`nby` blocks whose words are given in raster block
    /// order (`modulation[i]`, `color[i]`, i = by * nbx + bx).
    static func build(modulation: [UInt32], color: [UInt32], nbx: Int, nby: Int,
                      bpp: PVRTCBitsPerPixel) -> [UInt8] {
        let bw = bpp.blockWidth, width = nbx * bw, height = nby * 4
        var grid = [UInt8](repeating: 0, count: width * height)
        grid.withUnsafeMutableBufferPointer { g in
            if bpp == .four {
                for by in 0..<nby {
                    for bx in 0..<nbx {
                        let i = by * nbx + bx
                        let table = color[i] & 1 == 0 ? standardWeights : punchWeights
                        var bits = modulation[i]
                        for ty in 0..<4 {
                            let row = (by * 4 + ty) * width + bx * 4
                            for tx in 0..<4 {
                                g[row + tx] = table[Int(bits & 3)]
                                bits >>= 2
                            }
                        }
                    }
                }
            } else {
                fill2bpp(g, modulation: modulation, color: color, nbx: nbx, nby: nby)
            }
        }
        return grid
    }

    /// 2bpp interpolation rule of one block in interpolated mode (M = 1).
    enum Interpolation { case both, horizontal, vertical }

    /// 2bpp: first the stored weights (direct-mode texels and the checkerboard of
    /// stored values), then the unstored texels from their already-known neighbours.
    private static func fill2bpp(_ g: UnsafeMutableBufferPointer<UInt8>, modulation: [UInt32],
                                 color: [UInt32], nbx: Int, nby: Int) {
        let width = nbx * 8, height = nby * 4
        var rules = [Interpolation?](repeating: nil, count: nbx * nby)
        for by in 0..<nby {
            for bx in 0..<nbx {
                let i = by * nbx + bx
                var bits = modulation[i]
                if color[i] & 1 == 0 {
                    for ty in 0..<4 {
                        let row = (by * 4 + ty) * width + bx * 8
                        for tx in 0..<8 {
                            g[row + tx] = bits & 1 != 0 ? 8 : 0
                            bits >>= 1
                        }
                    }
                    continue
                }
                var rule = Interpolation.both
                if bits & 1 != 0 {
                    rule = bits & (1 << 20) != 0 ? .vertical : .horizontal
                    // Texel (4,2) keeps only bit 21, doubled.
                    bits = bits & (1 << 21) != 0 ? bits | (1 << 20) : bits & ~(1 << 20)
                }
                // Texel (0,0) keeps only bit 1, doubled.
                bits = bits & 2 != 0 ? bits | 1 : bits & ~1
                rules[i] = rule
                for ty in 0..<4 {
                    let row = (by * 4 + ty) * width + bx * 8
                    for tx in stride(from: ty & 1, to: 8, by: 2) {
                        g[row + tx] = standardWeights[Int(bits & 3)]
                        bits >>= 2
                    }
                }
            }
        }
        let wMask = width - 1, hMask = height - 1
        for by in 0..<nby {
            for bx in 0..<nbx {
                guard let rule = rules[by * nbx + bx] else { continue }
                for ty in 0..<4 {
                    let y = by * 4 + ty
                    let up = ((y - 1) & hMask) * width, down = ((y + 1) & hMask) * width
                    for tx in stride(from: 1 - (ty & 1), to: 8, by: 2) {
                        let x = bx * 8 + tx
                        let left = Int(g[y * width + ((x - 1) & wMask)])
                        let right = Int(g[y * width + ((x + 1) & wMask)])
                        let u = Int(g[up + x]), d = Int(g[down + x])
                        let w: Int
                        switch rule {
                        case .both: w = (left + right + u + d + 2) / 4
                        case .horizontal: w = (left + right + 1) / 2
                        case .vertical: w = (u + d + 1) / 2
                        }
                        g[y * width + x] = UInt8(w)
                    }
                }
            }
        }
    }
}
