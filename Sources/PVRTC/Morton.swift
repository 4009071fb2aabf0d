// Morton: the twiddled order in which PVRTC1 stores its 64-bit block words.
// Block coordinates are bit-interleaved (y in the lower bit of each pair) for as
// many bits as the smaller block dimension has; the larger dimension's remaining
// high bits follow, exactly as the PowerVR reference decompressor does.

/// Maps block coordinates to word indices in PVRTC1's Morton order.
public enum PVRTCMorton {
    /// The index of the word for block (`x`, `y`) in a grid of `blocksWide`×`blocksHigh`
    /// blocks (both powers of two).
    @inline(__always)
    public static func wordIndex(x: Int, y: Int, blocksWide: Int, blocksHigh: Int) -> Int {
        let minDim = min(blocksWide, blocksHigh)
        var result = 0
        var bit = 1, shift = 0
        while bit < minDim {
            if y & bit != 0 { result |= 1 << (2 * shift) }
            if x & bit != 0 { result |= 1 << (2 * shift + 1) }
            bit <<= 1
            shift += 1
        }
        let rest = (blocksHigh < blocksWide ? x : y) >> shift
        return result | (rest << (2 * shift))
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
