// Compare: how close a lossy encoding is to its source, in the two figures
// texture tools print (PVRTexTool's -diff, ImageMagick's compare): PSNR of
// the colour channels and of alpha apart, and SSIM of the luma. Works on
// straight (not premultiplied) RGBA bytes, as encoders see pixels.
//
// SSIM follows Wang et al. (2004) with the conventions scikit-image uses
// for `structural_similarity(gaussian_weights=True, sigma=1.5,
// use_sample_covariance=False, data_range=255)`: an 11 × 11 Gaussian window
// (σ 1.5, weights normalised), K1 = 0.01, K2 = 0.03, and the mean of the SSIM
// map over the pixels whose window lies wholly inside the image.

import Foundation

/// PSNR and SSIM of an encoded image against its source.
public struct ImageQuality: Equatable, Sendable {
    /// PSNR of R, G and B together, dB; +infinity when they are identical.
    public var psnrRGB: Double
    /// PSNR of alpha, dB; +infinity when identical.
    public var psnrAlpha: Double
    /// Mean SSIM of the luma (BT.601 weights), in [-1, 1]; nil for images under 11 pixels on a side.
    public var ssim: Double?

    /// Side of the SSIM window.
    public static let ssimWindow = 11

    /// Compares straight RGBA bytes of two images of `width` × `height`.
    public static func measure(source: [UInt8], encoded: [UInt8], width: Int, height: Int) -> ImageQuality {
        precondition(source.count == width * height * 4 && encoded.count == source.count, "width × height RGBA")
        var rgb = 0, alpha = 0
        for i in stride(from: 0, to: source.count, by: 4) {
            for c in 0..<3 { let d = Int(source[i + c]) - Int(encoded[i + c]); rgb += d * d }
            let d = Int(source[i + 3]) - Int(encoded[i + 3]); alpha += d * d
        }
        let n = Double(width * height)
        func psnr(_ squares: Int, _ samples: Double) -> Double {
            squares == 0 || samples == 0 ? .infinity : 10 * log10(255 * 255 / (Double(squares) / samples))
        }
        return ImageQuality(psnrRGB: psnr(rgb, 3 * n), psnrAlpha: psnr(alpha, n),
                            ssim: ssim(luma(source, width * height), luma(encoded, width * height),
                                       width: width, height: height))
    }

    /// BT.601 luma of straight RGBA bytes, 0–255.
    static func luma(_ p: [UInt8], _ count: Int) -> [Double] {
        (0..<count).map { i -> Double in
            let r = Double(p[4 * i]), g = Double(p[4 * i + 1]), b = Double(p[4 * i + 2])
            return 0.299 * r + 0.587 * g + 0.114 * b
        }
    }

    /// Mean SSIM of two single-channel images (values 0–255); nil when smaller than the window.
    public static func ssim(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double? {
        let win = ssimWindow, r = win / 2
        guard width >= win, height >= win else { return nil }
        // Normalised separable Gaussian weights.
        var g = (0..<win).map { i -> Double in let d = Double(i - r); return exp(-d * d / (2 * 1.5 * 1.5)) }
        let sum = g.reduce(0, +)
        g = g.map { $0 / sum }
        // Horizontal then vertical weighted sums of x, y, x², y², xy at interior pixels.
        func filtered(_ f: (Int) -> Double) -> [Double] {
            let w = width - 2 * r, h = height - 2 * r
            var rows = [Double](repeating: 0, count: w * height)
            for yy in 0..<height {
                for xx in 0..<w {
                    var s = 0.0
                    for k in 0..<win { s += g[k] * f(yy * width + xx + k) }
                    rows[yy * w + xx] = s
                }
            }
            var out = [Double](repeating: 0, count: w * h)
            for yy in 0..<h {
                for xx in 0..<w {
                    var s = 0.0
                    for k in 0..<win { s += g[k] * rows[(yy + k) * w + xx] }
                    out[yy * w + xx] = s
                }
            }
            return out
        }
        let mx = filtered { x[$0] }, my = filtered { y[$0] }
        let xx = filtered { x[$0] * x[$0] }, yy = filtered { y[$0] * y[$0] }, xy = filtered { x[$0] * y[$0] }
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        for i in mx.indices {
            let vx = xx[i] - mx[i] * mx[i], vy = yy[i] - my[i] * my[i], cov = xy[i] - mx[i] * my[i]
            total += ((2 * mx[i] * my[i] + c1) * (2 * cov + c2))
                / ((mx[i] * mx[i] + my[i] * my[i] + c1) * (vx + vy + c2))
        }
        return total / Double(mx.count)
    }

    /// One line: "PSNR RGB 34.21 dB, alpha inf (identical), SSIM 0.9612 (luma)".
    public var line: String {
        func db(_ v: Double) -> String { v.isInfinite ? "inf (identical)" : String(format: "%.2f dB", v) }
        let s = ssim.map { String(format: "%.4f", $0) } ?? "n/a (under \(Self.ssimWindow) pixels on a side)"
        return "PSNR RGB \(db(psnrRGB)), alpha \(db(psnrAlpha)), SSIM \(s) (luma)"
    }
}
