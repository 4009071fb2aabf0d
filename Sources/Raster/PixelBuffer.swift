// Raster: the executor's own RGBA8 storage. Each pass target is a manually
// allocated buffer of packed pixels (one UInt32 per pixel, bytes R, G, B, A
// in memory, premultiplied) rather than an `Image`: the band workers write
// it concurrently and later passes sample it through raw pointers, which a
// copy-on-write [UInt8] cannot offer safely outside a closure. An `Image`
// is produced only for the canvas (and read only for plan images).

import Images

#if _endian(big)
#error("PixelBuffer packs RGBA8 bytes into little-endian UInt32 words")
#endif

/// A premultiplied RGBA8 pixel buffer owned by the CPU executor.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    /// width × height packed pixels, rows top to bottom.
    let pixels: UnsafeMutablePointer<UInt32>

    /// A transparent buffer.
    convenience init(width: Int, height: Int) {
        self.init(width: width, height: height, filledWith: 0)
    }

    /// A buffer with every pixel `packed` (one pass over the memory: a
    /// cleared pass target is not zeroed first).
    init(width: Int, height: Int, filledWith packed: UInt32) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: max(1, width * height))
        pixels.initialize(repeating: packed, count: max(1, width * height))
    }

    /// A copy of an image's bytes (written once, not zeroed first).
    init(image: Image) {
        width = image.width
        height = image.height
        let n = max(1, width * height)
        pixels = .allocate(capacity: n)
        image.pixels.withUnsafeBytes { src in
            if let base = src.baseAddress { UnsafeMutableRawPointer(pixels).copyMemory(from: base, byteCount: src.count) }
            if src.count < n * 4 { (pixels + src.count / 4).initialize(repeating: 0, count: n - src.count / 4) }
        }
    }

    /// A copy of `other`'s pixels (a pass target loaded from an earlier pass).
    init(copying other: PixelBuffer) {
        width = other.width
        height = other.height
        pixels = .allocate(capacity: max(1, width * height))
        pixels.initialize(from: other.pixels, count: max(1, width * height))
    }

    deinit { pixels.deallocate() }

    /// Sets every pixel to one packed value.
    func fill(_ packed: UInt32) {
        pixels.update(repeating: packed, count: width * height)
    }

    /// Copies every pixel of `other` (same size): a pass's `LoadAction.load`.
    func copy(from other: PixelBuffer) {
        precondition(other.width == width && other.height == height, "copy between buffers of different sizes")
        pixels.update(from: other.pixels, count: width * height)
    }

    /// The buffer as an `Image` (a copy).
    func image() -> Image {
        let count = width * height * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, n in
            if count > 0 {
                UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: pixels, byteCount: count)
            }
            n = count
        }
        return Image(width: width, height: height, pixels: bytes)
    }

    /// A read-only view for sampling.
    var texture: TextureView { TextureView(self) }
}

/// A read-only view of a finished pass target or plan image, valid while
/// its `PixelBuffer` is alive (the executor keeps them for the whole pass).
struct TextureView {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Width and height as Float, for coordinate scaling.
    let widthF: Float
    let heightF: Float

    /// byte → byte/255, shared by every view (a load instead of a division per channel).
    let unit: UnsafePointer<Float>

    init(_ buffer: PixelBuffer) {
        unit = PixelMath.byteToUnit
        pixels = UnsafePointer(buffer.pixels)
        width = buffer.width
        height = buffer.height
        widthF = Float(buffer.width)
        heightF = Float(buffer.height)
    }

    /// The packed texel at (x, y); the caller has clamped both.
    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 { pixels[y &* width &+ x] }

    /// The texel at (x, y) as byte/255 Floats; the caller has clamped both.
    @inline(__always)
    func texelUnit(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let p = texel(x, y)
        return SIMD4(unit[Int(p & 0xFF)], unit[Int(p >> 8 & 0xFF)], unit[Int(p >> 16 & 0xFF)], unit[Int(p >> 24)])
    }

    /// The alpha of the texel at (x, y) as byte/255.
    @inline(__always)
    func alphaUnit(_ x: Int, _ y: Int) -> Float { unit[Int(texel(x, y) >> 24)] }
}
