// ImageQuality: PSNR between two RGBA8 images, the figure the encoder's quality
// targets and tests are stated in.

import Foundation

/// Image comparison figures.
public enum PVRTCQuality {
    /// Peak signal-to-noise ratio in dB over the RGB channels (alpha ignored), or
    /// over RGBA when `includeAlpha`; +∞ for identical images.
    public static func psnr(_ a: PVRTCImage, _ b: PVRTCImage, includeAlpha: Bool = false) -> Double {
        precondition(a.width == b.width && a.height == b.height, "psnr: sizes differ")
        var sum: UInt64 = 0
        let channels = includeAlpha ? 4 : 3
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var i = 0
                while i < pa.count {
                    for c in 0..<channels {
                        let d = Int(pa[i + c]) - Int(pb[i + c])
                        sum += UInt64(d * d)
                    }
                    i += 4
                }
            }
        }
        if sum == 0 { return .infinity }
        let mse = Double(sum) / Double(a.width * a.height * channels)
        return 10 * log10(255 * 255 / mse)
    }
}
