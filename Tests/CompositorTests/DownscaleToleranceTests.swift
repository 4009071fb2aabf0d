// Decode at display size: a 512×384 photo-like image drawn in a 128×96 layer
// (and at other ratios), rendered from the box-filtered image versus the
// full-size image (the sampler's linear minification, no mipmaps). The
// documented bound (docs/image-io.md), on a smooth image with ±8 levels of
// pixel texture: mean absolute channel difference ≤ 1.5, PSNR ≥ 40 dB, max
// channel difference ≤ 8. Measured (CPU backend): 4:1 → mean 1.20, 41.6 dB,
// max 5; 2.56:1 → 0.91, 44.2 dB, 6; 1.7:1 → 0.53, 48.1 dB, 5. The residue
// is the full-size path's linear minification aliasing the texture that the
// box filter averages away.

import Foundation
import XCTest
import Compare
import Compositor
import Raster

final class DownscaleToleranceTests: XCTestCase {
    /// A smooth gradient with low-frequency waves and a little pixel-level texture.
    static func photoLike(width: Int, height: Int) -> Image {
        var img = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let r = 0.5 + 0.35 * sin(u * 7 + v * 3) + 0.1 * u
                let g = 0.4 + 0.3 * cos(v * 9 - u * 2)
                let b = 0.3 + 0.4 * u * v + 0.1 * sin((u + v) * 20)
                let n = Double((x * 73856093 ^ y * 19349663) & 15) / 255 - 8.0 / 255
                func q(_ c: Double) -> UInt8 { UInt8(max(0, min(255, ((c + n) * 255).rounded()))) }
                img[x, y] = (q(r), q(g), q(b), 255)
            }
        }
        return img
    }

    func testDownscaledRenderMatchesFullSizeWithinTolerance() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("downscale-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNG.write(Self.photoLike(width: 512, height: 384), to: dir.appendingPathComponent("photo.png").path)
        let renderer = Renderer(executor: CPUExecutor())
        for (w, h) in [(128, 96), (200, 150), (300, 225)] {
            let scene = dir.appendingPathComponent("s\(w).json").path
            try Data(#"{"canvas": {"width": \#(w + 20), "height": \#(h + 20)}, "sublayers": [{"frame": [10, 10, \#(w), \#(h)], "contents": "photo.png"}]}"#.utf8)
                .write(to: URL(fileURLWithPath: scene))
            var frames: [Image] = []
            var saved = 0
            for downscale in [false, true] {
                let s = try SceneLoader.load(path: scene, images: .deferred)
                let cache = ImageCache(budgetBytes: 64 << 20)
                let images = SceneImages(scene: s, mode: .preload, cache: cache,
                                         pool: ImageLoadingPool(maxConcurrent: 2, cache: cache), downscale: downscale)
                images.preload()
                try images.prepareFrame()
                if downscale {
                    XCTAssertEqual(s.root.sublayers[0].contents?.image.width, w)
                    XCTAssertEqual(s.root.sublayers[0].contents?.image.height, h)
                    saved = images.currentStats.downscaleBytesSaved
                }
                frames.append(try renderer.render(scene: s).image)
            }
            XCTAssertEqual(saved, 512 * 384 * 4 - w * h * 4)
            let d = try ImageDifference.compare(frames[0], frames[1])
            print("downscale 512x384 -> \(w)x\(h): mean abs \(d.meanAbsoluteDifference), psnr \(d.psnr), max \(d.maxChannelDifference.max)")
            XCTAssertLessThanOrEqual(d.meanAbsoluteDifference, 1.5, "\(w)x\(h)")
            XCTAssertGreaterThanOrEqual(d.psnr, 40, "\(w)x\(h)")
            XCTAssertLessThanOrEqual(d.maxChannelDifference.max, 8, "\(w)x\(h)")
        }
    }
}
