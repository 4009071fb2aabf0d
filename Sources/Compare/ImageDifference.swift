// Compare: the metrics of how two images differ, in the style of Chromium's
// fuzzy pixel comparator: per-channel maximum difference, mean absolute
// difference, PSNR, and how many pixels differ by more than small thresholds.
// Computed on the premultiplied RGBA8 bytes the renderers produce, because
// that is what the GPU and CPU executors must agree on; un-premultiplying
// first would amplify harmless rounding in nearly transparent pixels.

import Foundation
import Images

/// A difference per channel, in 0–255 units.
public struct ChannelDifference: Equatable, Codable, Sendable {
    public var r: Int
    public var g: Int
    public var b: Int
    public var a: Int

    public init(r: Int, g: Int, b: Int, a: Int) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The largest of the four channels.
    public var max: Int { Swift.max(r, g, b, a) }
}

/// How many pixels differ by more than `threshold` (255 units) in any channel.
public struct ThresholdCount: Equatable, Codable, Sendable {
    public var threshold: Int
    public var pixels: Int
    /// `pixels` divided by all pixels (0 for an empty image).
    public var share: Double
}

/// Why two images cannot be compared.
public enum CompareError: Error, Equatable, CustomStringConvertible {
    /// The images have different sizes.
    case sizeMismatch(aWidth: Int, aHeight: Int, bWidth: Int, bHeight: Int)

    public var description: String {
        switch self {
        case let .sizeMismatch(aw, ah, bw, bh):
            return "image sizes differ: \(aw)×\(ah) vs \(bw)×\(bh)"
        }
    }
}

/// Metrics of the difference between two same-sized images.
public struct ImageDifference: Equatable, Sendable {
    /// The thresholds reported in ``over``, in 255 units.
    public static let thresholds = [0, 1, 2, 4, 8]

    public var width: Int
    public var height: Int
    /// The largest absolute difference per channel.
    public var maxChannelDifference: ChannelDifference
    /// Mean absolute difference over all channels of all pixels, in 0–255 units.
    public var meanAbsoluteDifference: Double
    /// Peak signal-to-noise ratio over RGBA in dB; `+infinity` for identical images.
    public var psnr: Double
    /// Pixel counts over each of ``thresholds``, in that order.
    public var over: [ThresholdCount]
    /// The share of pixels identical in all four channels (1 for an empty image).
    public var exactShare: Double

    public var pixelCount: Int { width * height }

    /// Whether every byte is equal.
    public var isIdentical: Bool { maxChannelDifference.max == 0 }

    /// Pixels with any channel differing by more than `threshold` (one of ``thresholds``).
    public func pixelsOver(_ threshold: Int) -> Int {
        over.first { $0.threshold == threshold }?.pixels ?? 0
    }

    /// The share of pixels with any channel differing by more than `threshold`.
    public func shareOver(_ threshold: Int) -> Double {
        over.first { $0.threshold == threshold }?.share ?? 0
    }

    /// Compares two images of the same size; throws ``CompareError/sizeMismatch(aWidth:aHeight:bWidth:bHeight:)``.
    public static func compare(_ a: Image, _ b: Image) throws -> ImageDifference {
        guard a.width == b.width, a.height == b.height else {
            throw CompareError.sizeMismatch(aWidth: a.width, aHeight: a.height, bWidth: b.width, bHeight: b.height)
        }
        var maxDiff = [0, 0, 0, 0]
        var sumAbs = 0
        var sumSquares = 0
        // Histogram of each pixel's largest channel difference.
        var histogram = [Int](repeating: 0, count: 256)
        let pa = a.pixels, pb = b.pixels
        var i = 0
        while i < pa.count {
            var pixelMax = 0
            for c in 0..<4 {
                let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
                if d > maxDiff[c] { maxDiff[c] = d }
                if d > pixelMax { pixelMax = d }
                sumAbs += d
                sumSquares += d * d
            }
            histogram[pixelMax] += 1
            i += 4
        }
        let pixels = a.width * a.height
        let samples = Double(pixels * 4)
        let over = thresholds.map { t -> ThresholdCount in
            let n = histogram[(t + 1)...].reduce(0, +)
            return ThresholdCount(threshold: t, pixels: n, share: pixels == 0 ? 0 : Double(n) / Double(pixels))
        }
        let mse = pixels == 0 ? 0 : Double(sumSquares) / samples
        return ImageDifference(
            width: a.width, height: a.height,
            maxChannelDifference: ChannelDifference(r: maxDiff[0], g: maxDiff[1], b: maxDiff[2], a: maxDiff[3]),
            meanAbsoluteDifference: pixels == 0 ? 0 : Double(sumAbs) / samples,
            psnr: mse == 0 ? .infinity : 10 * log10(255.0 * 255.0 / mse),
            over: over,
            exactShare: pixels == 0 ? 1 : Double(histogram[0]) / Double(pixels))
    }
}
