// TestSupport: helpers shared by the PVRTC tests — a builder for hand-made
// PVRTC word data (the seeded RNG lives in the TestSupport target).

import PVRTC

/// Builds PVRTC data from words given per block in raster order, placing each
/// word at its Morton position with an index computed here by quadrant recursion
/// (a structure different from the module's bit-interleaving loop).
func buildData(blocksWide: Int, blocksHigh: Int, word: (Int, Int) -> (mod: UInt32, col: UInt32)) -> [UInt8] {
    var data = [UInt8](repeating: 0, count: blocksWide * blocksHigh * 8)
    for by in 0..<blocksHigh {
        for bx in 0..<blocksWide {
            let w = word(bx, by)
            let off = slowMortonIndex(x: bx, y: by, wide: blocksWide, high: blocksHigh) * 8
            for k in 0..<4 {
                data[off + k] = UInt8(truncatingIfNeeded: w.mod >> (8 * UInt32(k)))
                data[off + 4 + k] = UInt8(truncatingIfNeeded: w.col >> (8 * UInt32(k)))
            }
        }
    }
    return data
}

/// Morton index by recursion: the larger dimension is cut into square tiles of
/// the smaller one (tiles in order), and each square is split into quadrants
/// ordered (top-left, bottom-left, top-right, bottom-right) = y in the low bit.
func slowMortonIndex(x: Int, y: Int, wide: Int, high: Int) -> Int {
    let side = min(wide, high)
    let tile = wide > high ? x / side : y / side
    func inSquare(_ x: Int, _ y: Int, _ size: Int) -> Int {
        if size == 1 { return 0 }
        let half = size / 2
        let quadrant = (x >= half ? 2 : 0) + (y >= half ? 1 : 0)
        return quadrant * half * half + inSquare(x % half, y % half, half)
    }
    return tile * side * side + inSquare(x % side, y % side, side)
}

/// RGBA of pixel (x, y) as an array, for compact assertions.
func rgba(_ image: PVRTCImage, _ x: Int, _ y: Int) -> [Int] {
    let p = image[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}
