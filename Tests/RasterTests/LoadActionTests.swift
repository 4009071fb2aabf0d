// RasterTests: a pass's load action (start from an earlier pass's output
// instead of a clear colour) and RGBA blur steps (each premultiplied
// channel blurred on its own), the plan features for effects that read
// what is already drawn.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class LoadActionTests: XCTestCase {
    func testLoadedPassStartsFromTheEarlierPass() throws {
        let red = Fixture.bytes(255, 0, 0, 255), green = Fixture.bytes(0, 255, 0, 255)
        let base = RenderPass(id: 0, width: 8, height: 8, reason: .groupOpacity, layerName: "b",
                              clear: Fixture.bytes(0, 0, 255, 255),
                              content: .draw([Fixture.solid(Rect(x: 0, y: 0, width: 4, height: 8), red)]))
        let top = RenderPass(id: 1, width: 8, height: 8, reason: .canvas, layerName: nil, load: .load(pass: 0),
                             content: .draw([Fixture.solid(Rect(x: 4, y: 4, width: 4, height: 4), green)]))
        let (img, _) = try Fixture.render(RenderPlan(width: 8, height: 8, passes: [base, top], images: [],
                                                     layerNames: ["l"]))
        XCTAssertEqual(img.px(1, 1), [255, 0, 0, 255])   // drawn in pass 0
        XCTAssertEqual(img.px(6, 1), [0, 0, 255, 255])   // pass 0's clear colour
        XCTAssertEqual(img.px(6, 6), [0, 255, 0, 255])   // drawn in pass 1
    }

    func testLoadingALaterOrDifferentlySizedPassIsAnError() {
        let a = RenderPass(id: 0, width: 8, height: 8, reason: .groupOpacity, layerName: nil, load: .load(pass: 1),
                           content: .draw([]))
        let b = RenderPass(id: 1, width: 8, height: 8, reason: .canvas, layerName: nil, clear: .clear, content: .draw([]))
        XCTAssertThrowsError(try CPUExecutor().execute(RenderPlan(width: 8, height: 8, passes: [a, b], images: [],
                                                                   layerNames: []))) {
            XCTAssertEqual($0 as? PlanError, .passRefersToLaterPass(pass: 0, referenced: 1))
        }
        let c = RenderPass(id: 0, width: 4, height: 8, reason: .groupOpacity, layerName: nil, clear: .clear,
                           content: .draw([]))
        let d = RenderPass(id: 1, width: 8, height: 8, reason: .canvas, layerName: nil, load: .load(pass: 0),
                           content: .draw([]))
        XCTAssertThrowsError(try CPUExecutor().execute(RenderPlan(width: 8, height: 8, passes: [c, d], images: [],
                                                                   layerNames: []))) {
            XCTAssertEqual($0 as? PlanError, .loadSourceHasDifferentSize(pass: 1, source: 0))
        }
    }

    /// A coloured rect blurred RGBA: alpha is the alpha blur of the same
    /// shape, a full channel follows alpha, an empty one stays 0 and a
    /// half channel is half of alpha (±1 for rounding).
    func testRGBABlurBlursEveryChannel() throws {
        func blurred(_ color: PremultipliedColor, _ channels: BlurStep.Channels) throws -> Image {
            let shape = RenderPass(id: 0, width: 40, height: 30, reason: .shadow, layerName: "s", clear: .clear,
                                   content: .draw([Fixture.solid(Rect(x: 12, y: 9, width: 14, height: 10), color)]))
            let h = RenderPass(id: 1, width: 40, height: 30, reason: .shadowBlur, layerName: "s", clear: .clear,
                               content: .blur(BlurStep(source: 0, axis: .horizontal, sigma: 2.5, channels: channels)))
            let v = RenderPass(id: 2, width: 40, height: 30, reason: .canvas, layerName: nil, clear: .clear,
                               content: .blur(BlurStep(source: 1, axis: .vertical, sigma: 2.5, channels: channels)))
            return try Fixture.render(RenderPlan(width: 40, height: 30, passes: [shape, h, v], images: [],
                                                 layerNames: ["s"])).0
        }
        let rgba = try blurred(Fixture.bytes(255, 128, 0, 255), .rgba)
        let alpha = try blurred(Fixture.bytes(255, 128, 0, 255), .alpha)
        var partial = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let p = rgba.px(x, y), a = alpha.px(x, y)[3]
                XCTAssertEqual(p[3], a, "alpha at \(x),\(y)")
                XCTAssertEqual(p[0], a, "red at \(x),\(y)")
                XCTAssertEqual(p[2], 0, "blue at \(x),\(y)")
                XCTAssertLessThanOrEqual(abs(Int(p[1]) - Int((Double(a) * 128 / 255).rounded())), 1, "green at \(x),\(y)")
                if a > 0 && a < 255 { partial += 1 }
            }
        }
        XCTAssertGreaterThan(partial, 100, "the edges are blurred")
    }

    func testRGBABlurOfSigmaZeroIsAnExactCopy() throws {
        var items: [DrawItem] = []
        for i in 0..<6 {
            items.append(Fixture.solid(Rect(x: Double(i), y: Double(2 * i) + 0.3, width: 5.5, height: 3.7),
                                       Fixture.bytes(40 * i, 200 - 30 * i, 90, 220), aa: .all))
        }
        let src = RenderPass(id: 0, width: 16, height: 16, reason: .groupOpacity, layerName: nil, clear: .clear,
                             content: .draw(items))
        let copy = RenderPass(id: 1, width: 16, height: 16, reason: .canvas, layerName: nil, clear: .clear,
                              content: .blur(BlurStep(source: 0, axis: .vertical, sigma: 0, channels: .rgba)))
        let expected = try Fixture.render(Fixture.plan(16, 16, items)).0
        let (img, _) = try Fixture.render(RenderPlan(width: 16, height: 16, passes: [src, copy], images: [],
                                                     layerNames: ["l"]))
        XCTAssertEqual(img.pixels, expected.pixels)
    }
}
