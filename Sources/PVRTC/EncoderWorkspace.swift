// EncoderWorkspace: the state one level's encode works on — the source texels,
// continuous and quantized endpoints per block, the per-texel modulation weights
// and the two words of every block — plus the geometry helpers the passes share.

import Dispatch

/// Mutable state of one level's encode. Parallel passes write disjoint ranges
/// (whole block rows or alternating cell rows) of its `Slab` buffers, which is
/// why the class is `@unchecked Sendable`; no two concurrent jobs touch one slot.
final class EncoderWorkspace: @unchecked Sendable {
    let width: Int, height: Int
    let bpp: PVRTCBitsPerPixel
    let blockWidth: Int, nbx: Int, nby: Int
    /// Source RGBA8, row-major; fully transparent texels carry bled colours (`AlphaBleed`).
    let source: [UInt8]
    /// Source as floats (RGBA, 0…255); built by `prepareFloatSource()` when needed.
    private(set) var sourceF: Slab<SIMD4<Float>>?
    /// Whether any source texel is translucent (alpha is then modelled).
    let hasAlpha: Bool

    /// Continuous least-squares endpoints (8-bit domain), per block in raster order.
    let contA: Slab<SIMD4<Float>>, contB: Slab<SIMD4<Float>>
    /// Quantized endpoints: codes and their 8-bit values, and the kind of each.
    let codesA: Slab<SIMD4<Int32>>, codesB: Slab<SIMD4<Int32>>
    let valuesA: Slab<SIMD4<Float>>, valuesB: Slab<SIMD4<Float>>
    let opaqueA: Slab<Bool>, opaqueB: Slab<Bool>
    /// The two words of every block (raster order).
    let modulationWords: Slab<UInt32>, colorWords: Slab<UInt32>
    /// Chosen weight per texel (0…8, bit 7 = punch-through), as the decoder sees it.
    let weights: Slab<UInt8>

    init(image: PVRTCImage, bpp: PVRTCBitsPerPixel) {
        width = image.width
        height = image.height
        self.bpp = bpp
        blockWidth = bpp.blockWidth
        nbx = width / blockWidth
        nby = height / 4
        var opaqueBits: UInt32 = 0xFF00_0000
        image.pixels.withUnsafeBytes { raw in
            for v in raw.bindMemory(to: UInt32.self) { opaqueBits &= UInt32(littleEndian: v) | 0x00FF_FFFF }
        }
        hasAlpha = opaqueBits != 0xFF00_0000
        source = hasAlpha ? AlphaBleed.apply(image.pixels, width: image.width, height: image.height) : image.pixels
        let n = nbx * nby
        contA = Slab(repeating: .zero, count: n)
        contB = Slab(repeating: .zero, count: n)
        valuesA = Slab(repeating: .zero, count: n)
        valuesB = Slab(repeating: .zero, count: n)
        codesA = Slab(repeating: .zero, count: n)
        codesB = Slab(repeating: .zero, count: n)
        opaqueA = Slab(repeating: true, count: n)
        opaqueB = Slab(repeating: true, count: n)
        modulationWords = Slab(repeating: 0, count: n)
        colorWords = Slab(repeating: 0, count: n)
        weights = Slab(repeating: 0, count: width * height)
    }

    deinit {
        sourceF?.free(); contA.free(); contB.free(); valuesA.free(); valuesB.free()
        codesA.free(); codesB.free(); opaqueA.free(); opaqueB.free()
        modulationWords.free(); colorWords.free(); weights.free()
    }

    /// Converts the source to floats once (in parallel), for the least-squares passes.
    func prepareFloatSource() {
        if sourceF != nil { return }
        let f = Slab<SIMD4<Float>>(repeating: .zero, count: width * height)
        let w = width
        source.withUnsafeBufferPointer { p in
            DispatchQueue.concurrentPerform(iterations: height) { y in
                for i in (y * w)..<(y * w + w) {
                    f[i] = SIMD4<Float>(Float(p[4 * i]), Float(p[4 * i + 1]), Float(p[4 * i + 2]), Float(p[4 * i + 3]))
                }
            }
        }
        sourceF = f
    }

    /// Quantizes block `i`'s continuous endpoints to the nearest codes, choosing
    /// opaque encodings when the endpoint's alpha is nearer 255 than 238.
    func quantizeNearest(_ i: Int) {
        opaqueA[i] = !hasAlpha || contA[i][3] > 246.5
        opaqueB[i] = !hasAlpha || contB[i][3] > 246.5
        let qa = EndpointKind.kind(isB: false, opaque: opaqueA[i]).quantize(contA[i])
        let qb = EndpointKind.kind(isB: true, opaque: opaqueB[i]).quantize(contB[i])
        codesA[i] = qa.codes; valuesA[i] = qa.values
        codesB[i] = qb.codes; valuesB[i] = qb.values
    }

    /// Rebuilds every colour word from the quantized codes, keeping each block's mode bit.
    func packColorWords() {
        for i in 0..<(nbx * nby) {
            let a = EndpointKind.kind(isB: false, opaque: opaqueA[i]).pack(codesA[i])
            let b = EndpointKind.kind(isB: true, opaque: opaqueB[i]).pack(codesB[i])
            colorWords[i] = (colorWords[i] & 1) | a | b
        }
    }

    /// The words in file order (Morton), 8 bytes each, little-endian.
    func serialized() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: nbx * nby * 8)
        out.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for by in 0..<nby {
                for bx in 0..<nbx {
                    let i = by * nbx + bx
                    let o = PVRTCMorton.wordIndex(x: bx, y: by, blocksWide: nbx, blocksHigh: nby)
                    words[o] = (UInt64(modulationWords[i]) | UInt64(colorWords[i]) << 32).littleEndian
                }
            }
        }
        return out
    }
}
