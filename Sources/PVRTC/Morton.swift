// Morton: the twiddled order in which PVRTC1 stores its 64-bit block words.
// Block coordinates are bit-interleaved (y in the lower bit of each pair) for as
// many bits as the smaller block dimension has; the larger dimension's remaining
// high bits follow, exactly as the PowerVR reference decompressor does.

/// Maps block coordinates to word indices in PVRTC1's Morton order.
public enum PVRTCMorton {
    /// The index of the word for block (`x`, `y`) in a grid of `blocksWide`×`blocksHigh`
    /// blocks (both powers of two, at most 65536).
    @inline(__always)
    public static func wordIndex(x: Int, y: Int, blocksWide: Int, blocksHigh: Int) -> Int {
        let minDim = min(blocksWide, blocksHigh)
        let bits = minDim.trailingZeroBitCount, mask = minDim - 1
        let interleaved = spread(y & mask) | (spread(x & mask) << 1)
        let rest = (blocksHigh < blocksWide ? x : y) >> bits
        return interleaved | (rest << (2 * bits))
    }

    /// Spreads the low 16 bits of `v` to the even bit positions.
    @inline(__always)
    static func spread(_ v: Int) -> Int {
        var x = v & 0xFFFF
        x = (x | (x << 8)) & 0x00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333
        x = (x | (x << 1)) & 0x5555_5555
        return x
    }

    /// The word index of every block in raster order (index `y * blocksWide + x`).
    public static func table(blocksWide: Int, blocksHigh: Int) -> [Int] {
        var t = [Int](repeating: 0, count: blocksWide * blocksHigh)
        for y in 0..<blocksHigh {
            for x in 0..<blocksWide {
                t[y * blocksWide + x] = wordIndex(x: x, y: y, blocksWide: blocksWide, blocksHigh: blocksHigh)
            }
        }
        return t
    }
}
