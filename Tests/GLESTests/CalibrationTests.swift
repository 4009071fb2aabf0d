// GLESTests: the calibration probes behind Raster/GLConventions.swift, kept
// as regression tests. Each plan isolates one driver behaviour over an
// exhaustive or dense set of inputs — unorm8 rounding ties, 8-bit blending
// of every (dst, srcA) pair, bilinear weights on both axes, texel-to-Float
// conversion under many opacities, fill rule and sub-pixel snapping, nearest
// lookups exactly on texel boundaries — and the CPU executor must match the
// GPU bit for bit. A failure here names the convention that drifted.

import XCTest
import TestSupport
import Geometry
import Images
import Plan
import Raster
@testable import GLES

final class CalibrationTests: XCTestCase {
    private func rect(_ r: Rect, _ c: PremultipliedColor, _ blend: BlendMode = .copy) -> DrawItem {
        DrawItem(layer: 0, transform: .identity, rect: r, paint: .solid(c), blend: blend)
    }

    private func grey(_ v: Double) -> PremultipliedColor { PremultipliedColor(r: v, g: v, b: v, a: v) }

    private func assertExact(_ name: String, _ plan: RenderPlan, file: StaticString = #filePath, line: UInt = #line) throws {
        let gl = try GPU.executor()
        let d = ImageDiff(try gl.execute(plan), try CPUExecutor().execute(plan))
        print("[calibration] \(name): \(d)")
        XCTAssertEqual(d.exact, d.pixels, "\(name): \(d)", file: file, line: line)
    }

    /// Float → unorm8: colours (k + ½)/255, exact Float ties → round half to even.
    func testUnorm8RoundsHalfToEven() throws {
        var items: [DrawItem] = []
        for k in 0..<255 {
            let v = Double(Float((Double(k) + 0.5) / 255))
            items.append(rect(Rect(x: Double(k % 16), y: Double(k / 16), width: 1, height: 1), grey(v)))
        }
        try assertExact("unorm8 ties", TestPlans.canvas(items, width: 16, height: 16))
    }

    /// sourceOver of every (dst, srcA) byte pair (Blinn's x·y/255) with saturation.
    func testBlendingOfEveryPair() throws {
        var items: [DrawItem] = []
        for d in 0..<256 { items.append(rect(Rect(x: 0, y: Double(d), width: 256, height: 1), grey(Double(d) / 255))) }
        for a in 0..<256 {
            let av = Double(a) / 255
            items.append(rect(Rect(x: Double(a), y: 0, width: 1, height: 256),
                              PremultipliedColor(r: 0, g: av, b: Double(a / 2) / 255, a: av), .sourceOver))
        }
        try assertExact("blend pairs", TestPlans.canvas(items, width: 256, height: 256))
    }

    /// Bilinear weights 0…255 on both axes of random 2×2 textures (8-bit integer lerps, x then y).
    func testBilinearWeights() throws {
        var rng = SplitMix64(seed: 42)
        var images: [PlanImage] = []
        var items: [DrawItem] = []
        for n in 0..<4 {
            let px = (0..<16).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            images.append(PlanImage(key: "t\(n)", image: Image(width: 2, height: 2, pixels: px)))
            // Pixel x of the 256-wide block samples texel coordinate ½ + (x + ¼)/256: weight = x.
            let ox = Double(n % 2) * 256, oy = Double(n / 2) * 256
            let g = 0.25 - 0.25 / 512
            let uv = Homography(1.0 / 512, 0, 0, 0, 1.0 / 512, 0, g - ox / 512, g - oy / 512, 1)
            items.append(DrawItem(layer: 0, transform: .identity, rect: Rect(x: ox, y: oy, width: 256, height: 256),
                                  paint: .texture(.image(n), uv: uv, filter: .linear, opacity: 1), blend: .copy))
        }
        try assertExact("bilinear weights", TestPlans.canvas(items, width: 512, height: 512, images: images))
    }

    /// Every texel byte times many opacities (texel → Float(x)·Float(1/255), then RNE).
    func testTexelToFloatUnderOpacities() throws {
        var px = [UInt8](repeating: 0, count: 256 * 4)
        for i in 0..<256 { for c in 0..<4 { px[i * 4 + c] = UInt8(i) } }
        let ops: [Double] = [1, 0.5, 0.25, 0.75, 0.3, 0.1, 0.9, 0.6, 1.0 / 3, 0.2, 0.7, 0.45, 0.55, 0.15, 0.85, 0.05]
        var items: [DrawItem] = []
        let uv = Homography(1.0 / 256, 0, 0, 0, 0, 0, 0, 0.5, 1)
        for (r, o) in ops.enumerated() {
            items.append(DrawItem(layer: 0, transform: .translation(0, Double(r)), rect: Rect(x: 0, y: 0, width: 256, height: 1),
                                  paint: .texture(.image(0), uv: uv, filter: .nearest, opacity: o), blend: .copy))
            items.append(DrawItem(layer: 0, transform: .translation(0, Double(r + 16)), rect: Rect(x: 0, y: 0, width: 256, height: 1),
                                  paint: .textureAlpha(.image(0), uv: uv, filter: .nearest,
                                                       color: PremultipliedColor(r: o, g: o * 0.5, b: 0.3, a: o)),
                                  blend: .copy))
        }
        try assertExact("texel floats", TestPlans.canvas(items, width: 256, height: 32,
                                                         images: [PlanImage(key: "ramp", image: Image(width: 256, height: 1, pixels: px))]))
    }

    /// Aliased edges at 2.5 + k/4096 (sub-pixel snapping) and through pixel centres (fill rule).
    func testSnappingAndFillRule() throws {
        var items: [DrawItem] = []
        for k in 0..<129 {
            let d = Double(k - 64) / 4096
            items.append(rect(Rect(minX: 2.5 + d, minY: Double(k), maxX: 6.5 + d, maxY: Double(k) + 1), .opaqueWhite))
            items.append(rect(Rect(minX: 10 + Double(k), minY: 142.5 + d, maxX: 11 + Double(k), maxY: 146.5 + d), .opaqueWhite))
        }
        items.append(rect(Rect(minX: 150.5, minY: 150.5, maxX: 153.5, maxY: 153.5), .opaqueWhite))
        try assertExact("snapping and fill rule", TestPlans.canvas(items, width: 160, height: 160))
    }

    /// Aliased edges a few Float ulps either side of 1/512-pixel steps next to
    /// pixel centres, off the grid where the viewport round trip is exact: the
    /// driver snaps each position as it arrives through the viewport (pass
    /// 300 → viewport 512), so the CPU must take it through the same round
    /// trip (ViewportMapping) before snapping. Seen failing without it: rows
    /// and columns on the GPU that the CPU left out.
    func testOffGridEdgesSnapWhereTheyArriveThroughTheViewport() throws {
        var items: [DrawItem] = []
        for k in 0..<33 {
            // Nudged by (k − 16) ulps from 10 + 4k + ½ + 1/512 (a half step of the 1/256 grid).
            var y = Float(10 + 4 * k) + 0.5 + 1 / 512
            var x = y
            for _ in 0..<abs(k - 16) { y = k < 16 ? y.nextDown : y.nextUp; x = k < 16 ? x.nextDown : x.nextUp }
            items.append(rect(Rect(minX: 2, minY: Double(y), maxX: 6, maxY: Double(y) + 2), .opaqueWhite))
            items.append(rect(Rect(minX: Double(x), minY: 2, maxX: Double(x) + 2, maxY: 6), .opaqueWhite))
        }
        try assertExact("off-grid edges through the viewport", TestPlans.canvas(items, width: 300, height: 300))
    }

    /// Worked by hand: a top edge at y = 13.501957 (Float) on a 300-row pass
    /// reaches the rasterizer as 2·y/512 − 1 = −0.94725…, rounded to Float,
    /// plus 1, times 256: 13.501953125 = 13.5 + 1/512, which snaps (round half
    /// to even) to 13.5, the centre of row 13. A top edge owns the centres on
    /// it, so row 13 is drawn; snapped where it lies (13.501957 · 256 =
    /// 3456.501 → 3457) the edge would pass below that centre.
    func testAnEdgeJustPastAHalfStepOwnsTheCentreItArrivesOn() throws {
        let top = 13.501956939697266   // a Float exactly
        XCTAssertEqual(ViewportMapping.windowPosition(Float(top), viewportSide: 512), 13.501953125)
        let plan = TestPlans.canvas([rect(Rect(minX: 0, minY: top, maxX: 8, maxY: top + 20), .opaqueWhite)],
                                    width: 8, height: 300)
        for (name, image) in [("cpu", try CPUExecutor().execute(plan)), ("gpu", try GPU.executor().execute(plan))] {
            XCTAssertEqual(image[4, 12].0, 0, "\(name): row 12 lies above the edge")
            XCTAssertEqual(image[4, 13].0, 255, "\(name): row 13's centre is on the top edge, which owns it")
            XCTAssertEqual(image[4, 32].0, 255, "\(name): row 32 is inside")
            // The bottom edge arrives as 33.501953125 too and snaps to 33.5: it does not own row 33's centre.
            XCTAssertEqual(image[4, 33].0, 0, "\(name): row 33's centre is on the bottom edge, which does not own it")
        }
    }

    /// Nearest lookups exactly on texel boundaries (2× minification, half-pixel offsets):
    /// deterministic only thanks to the shared 1/2048-texel bias.
    func testNearestOnTexelBoundaries() throws {
        let img = TestPlans.image(64, 48, seed: 5)
        let r = Rect(x: 0, y: 0, width: 64, height: 48)
        let items = [
            DrawItem(layer: 0, transform: Transform3D.scale(0.5, 0.5).concatenating(.translation(2, 2)), rect: r,
                     paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 0.5)),
            DrawItem(layer: 0, transform: .translation(36.5, 30.5), rect: r,
                     paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1)),
        ]
        try assertExact("nearest on texel boundaries", TestPlans.canvas(items, images: [PlanImage(key: "img", image: img)]))
    }
}
