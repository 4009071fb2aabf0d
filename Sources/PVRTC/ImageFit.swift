// ImageFit: making arbitrary images storable as PVRTC1 — padding to a square
// power of two (image top-left, transparent elsewhere), stretching with a
// separable Catmull-Rom resampler, keeping a power-of-two size as it is (square
// or not), and tiling tiny levels up to the block minimum.

/// How `PVRTCEncoder.encodeTexture` makes an image storable.
public enum PVRTCFit: String, CaseIterable, Sendable {
    /// Place the image top-left on a transparent square of the next power of two.
    case pad
    /// Resample the image to the square power of two nearest its larger side.
    case stretch
    /// Keep the image's size; each side must already be a power of two (a
    /// rectangle such as 128×32 stays one). Raw value "none", as the CLI spells it.
    case unchanged = "none"
}

enum ImageFit {
    /// The side of the square power of two an image is fitted to: the next power of
    /// two of the larger side for padding; for stretching, the nearer one.
    static func targetSide(width: Int, height: Int, fit: PVRTCFit) -> Int {
        let side = max(width, height, 1)
        let up = PVRTCSize.nextPowerOfTwo(side)
        if fit == .pad || up == side { return up }
        let down = up / 2
        return side - down < up - side ? down : up
    }

    /// Pads `image` to `side`×`side`, image at the top-left, transparent black elsewhere.
    static func padded(_ image: PVRTCImage, side: Int) -> PVRTCImage {
        if image.width == side && image.height == side { return image }
        var out = PVRTCImage(width: side, height: side)
        let rowBytes = min(image.width, side) * 4
        for y in 0..<min(image.height, side) {
            out.pixels.replaceSubrange((y * side * 4)..<(y * side * 4 + rowBytes),
                                       with: image.pixels[(y * image.width * 4)..<(y * image.width * 4 + rowBytes)])
        }
        return out
    }

    /// Repeats `image` until it is at least `minWidth`×`minHeight` (sizes are powers of two).
    static func tiled(_ image: PVRTCImage, minWidth: Int, minHeight: Int) -> PVRTCImage {
        let w = max(image.width, minWidth), h = max(image.height, minHeight)
        if w == image.width && h == image.height { return image }
        var out = PVRTCImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w { out[x, y] = image[x % image.width, y % image.height] }
        }
        return out
    }

    /// Resamples to `width`×`height` with a separable Catmull-Rom (a = −0.5) kernel,
    /// widened when shrinking; colour is weighted by alpha so transparent texels do
    /// not bleed their colour.
    static func resampled(_ image: PVRTCImage, width: Int, height: Int) -> PVRTCImage {
        let horizontal = resample(Plane(image), toWidth: width)
        let both = resample(horizontal.transposed(), toWidth: height).transposed()
        return both.image()
    }

    /// Premultiplied float RGBA plane.
    struct Plane {
        var width: Int, height: Int, data: [SIMD4<Float>]

        init(width: Int, height: Int, data: [SIMD4<Float>]) {
            self.width = width; self.height = height; self.data = data
        }

        init(_ image: PVRTCImage) {
            width = image.width; height = image.height
            data = (0..<(width * height)).map { i in
                let p = image.pixels, a = Float(p[4 * i + 3]) / 255
                return SIMD4(Float(p[4 * i]) * a, Float(p[4 * i + 1]) * a, Float(p[4 * i + 2]) * a, Float(p[4 * i + 3]))
            }
        }

        func transposed() -> Plane {
            var out = [SIMD4<Float>](repeating: .zero, count: data.count)
            for y in 0..<height { for x in 0..<width { out[x * height + y] = data[y * width + x] } }
            return Plane(width: height, height: width, data: out)
        }

        func image() -> PVRTCImage {
            var px = [UInt8](repeating: 0, count: width * height * 4)
            for (i, v) in data.enumerated() {
                let a = min(max(v[3], 0), 255)
                let scale: Float = a > 0 ? 255 / a : 0
                for c in 0..<3 { px[4 * i + c] = UInt8(min(max((v[c] * scale).rounded(), 0), 255)) }
                px[4 * i + 3] = UInt8(a.rounded())
            }
            return PVRTCImage(width: width, height: height, pixels: px)
        }
    }

    static func catmullRom(_ x: Float) -> Float {
        let t = abs(x)
        if t < 1 { return 1.5 * t * t * t - 2.5 * t * t + 1 }
        if t < 2 { return -0.5 * t * t * t + 2.5 * t * t - 4 * t + 2 }
        return 0
    }

    /// Resamples each row of `plane` to `newWidth` texels.
    static func resample(_ plane: Plane, toWidth newWidth: Int) -> Plane {
        let scale = Float(plane.width) / Float(newWidth)
        let support = max(scale, 1)
        var taps: [[(Int, Float)]] = []
        for x in 0..<newWidth {
            let centre = (Float(x) + 0.5) * scale - 0.5
            let lo = Int((centre - 2 * support).rounded(.down)), hi = Int((centre + 2 * support).rounded(.up))
            var t: [(Int, Float)] = []
            var sum: Float = 0
            for sx in lo...hi {
                let w = catmullRom((Float(sx) - centre) / support)
                if w != 0 { t.append((min(max(sx, 0), plane.width - 1), w)); sum += w }
            }
            taps.append(t.map { ($0.0, $0.1 / sum) })
        }
        var out = [SIMD4<Float>](repeating: .zero, count: newWidth * plane.height)
        for y in 0..<plane.height {
            for x in 0..<newWidth {
                var acc = SIMD4<Float>.zero
                for (sx, w) in taps[x] { acc += plane.data[y * plane.width + sx] * w }
                out[y * newWidth + x] = acc.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255 * 255))
            }
        }
        return Plane(width: newWidth, height: plane.height, data: out)
    }
}

extension PVRTCFit {
    /// For `.stretch`, `image` resampled to `width` × `height` as the encoder
    /// does before compressing it; any other fit, or a matching size, returns it as is.
    public func stretched(_ image: PVRTCImage, width: Int, height: Int) -> PVRTCImage {
        guard self == .stretch, image.width != width || image.height != height else { return image }
        return ImageFit.resampled(image, width: width, height: height)
    }
}
