// PSNR and SSIM against figures that do not come from our code: a PSNR
// computed by hand, and SSIM/PSNR values computed by scikit-image 0.26
// (`structural_similarity(luma_a, luma_b, gaussian_weights=True, sigma=1.5,
// use_sample_covariance=False, data_range=255)` on BT.601 luma, and
// 10·log10(255² / MSE) over R, G, B with numpy) for the same two patterns.

import XCTest
import Compare

final class ImageQualityTests: XCTestCase {
    let w = 32, h = 24

    /// The test pattern: colours from x and y, opaque.
    var pattern: [UInt8] {
        var p: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                p += [UInt8((x * 37 + y * 11) % 256), UInt8((x * x + y * 3) % 256), UInt8((x * 7 ^ y * 13) % 256), 255]
            }
        }
        return p
    }

    func testPSNRByHand() {
        // Two pixels; one red channel off by 10: MSE over 6 colour samples = 100 / 6.
        let a: [UInt8] = [100, 100, 100, 255, 50, 50, 50, 255]
        var b = a
        b[0] = 110
        let q = ImageQuality.measure(source: a, encoded: b, width: 2, height: 1)
        XCTAssertEqual(q.psnrRGB, 10 * log10(255.0 * 255.0 / (100.0 / 6.0)), accuracy: 1e-9)
        XCTAssertEqual(q.psnrRGB, 35.9123, accuracy: 1e-4)  // 10·log10(65025 / 16.667) = 10·log10(3901.5)
        XCTAssertEqual(q.psnrAlpha, .infinity)
        XCTAssertNil(q.ssim, "under 11 pixels on a side")
        XCTAssertTrue(q.line.contains("alpha inf (identical)"), q.line)
    }

    func testNoiseMatchesScikitImage() {
        let a = pattern
        let b = a.enumerated().map { i, v in i % 4 == 3 ? v : UInt8(max(0, min(255, Int(v) + (i * 31) % 81 - 40))) }
        let q = ImageQuality.measure(source: a, encoded: b, width: w, height: h)
        XCTAssertEqual(q.ssim!, 0.9414522243329586, accuracy: 1e-9)
        XCTAssertEqual(q.psnrRGB, 21.035921382423247, accuracy: 1e-9)
    }

    func testContrastMatchesScikitImage() {
        let a = pattern
        let c = a.enumerated().map { i, v in i % 4 == 3 ? v : v / 2 + 64 }
        let q = ImageQuality.measure(source: a, encoded: c, width: w, height: h)
        XCTAssertEqual(q.ssim!, 0.8049581324047121, accuracy: 1e-9)
        XCTAssertEqual(q.psnrRGB, 16.840801165745212, accuracy: 1e-9)
    }

    func testIdenticalIsOneAndInfinite() {
        let q = ImageQuality.measure(source: pattern, encoded: pattern, width: w, height: h)
        XCTAssertEqual(q.ssim!, 1, accuracy: 1e-12)
        XCTAssertEqual(q.psnrRGB, .infinity)
    }
}
