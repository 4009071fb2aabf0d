// Bench: the source images of `experiment image-loading`: a
// photograph-like image (smooth shapes plus fine, noisy texture, which is
// what makes photos expensive for PNG) and a smooth gradient (what PNG
// compresses well), generated in Swift at any size, or the user's own
// files (--images DIR) box-filtered down to each size.

import Compositor
import Foundation

enum ExperimentImageSources {
    /// A photograph stand-in: overlapping soft blobs, a horizon, and per-pixel grain.
    static func photo(width: Int, height: Int) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt32 = 0x9E37_79B9
        for y in 0..<height {
            let v = Double(y) / Double(height)
            for x in 0..<width {
                let u = Double(x) / Double(width)
                seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
                let grain = Double(seed & 31) - 15.5
                let sky = v < 0.55 + 0.05 * sin(u * 11)
                var r = sky ? 120 + 90 * v : 70 + 60 * sin(u * 23 + v * 5)
                var g = sky ? 160 + 60 * v : 110 + 40 * cos(u * 17 - v * 9)
                var b = sky ? 230 - 40 * v : 60 + 30 * sin(u * 41 + v * 37)
                let d = hypot(u - 0.3, v - 0.35)
                if d < 0.12 { r += 80 * (0.12 - d) / 0.12; g += 60 * (0.12 - d) / 0.12 }
                r += grain; g += grain * 0.8; b += grain * 1.1
                let i = (y * width + x) * 4
                pixels[i] = clamp(r); pixels[i + 1] = clamp(g); pixels[i + 2] = clamp(b)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// A smooth diagonal two-colour gradient.
    static func gradient(width: Int, height: Int) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let t = (Double(x) / Double(max(1, width - 1)) + Double(y) / Double(max(1, height - 1))) / 2
                let i = (y * width + x) * 4
                pixels[i] = clamp(250 * (1 - t) + 20 * t)
                pixels[i + 1] = clamp(120 * (1 - t) + 200 * t)
                pixels[i + 2] = clamp(40 * (1 - t) + 240 * t)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}
