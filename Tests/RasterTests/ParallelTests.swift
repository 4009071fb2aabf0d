// RasterTests: band parallelism must not change a single byte. A busy
// random scene (solid, rounded, ringed, textured, perspective, clipped,
// AA edges, translucency) is rendered with 1 band and with several.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class ParallelTests: XCTestCase {
    /// A small deterministic generator (xorshift), so the scene is fixed.
    struct Rng {
        var s: UInt64
        mutating func next() -> Double {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17
            return Double(s % 1_000_000) / 1_000_000
        }
    }

    static func scene(width: Int, height: Int, count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> RenderPlan {
        var rng = Rng(s: seed)
        var tex = Image(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { tex[x, y] = (UInt8(x * 30), UInt8(y * 30), 90, 255) } }
        var items: [DrawItem] = []
        for i in 0..<count {
            let w = 10 + rng.next() * 60, h = 10 + rng.next() * 40
            let rect = Rect(x: 0, y: 0, width: w, height: h)
            var t = Transform3D.translation(rng.next() * Double(width) - 20, rng.next() * Double(height) - 20)
            if i % 5 == 0 { t = Transform3D.rotation(rng.next() * 6.28, 0, 0, 1).concatenating(t) }
            if i % 11 == 0 {
                var p = Transform3D.identity
                p.m14 = 0.002
                t = p.concatenating(t)
            }
            let c = PremultipliedColor(r: rng.next() * 0.5, g: rng.next() * 0.5, b: rng.next() * 0.5,
                                       a: 0.5 + rng.next() * 0.5)
            var item: DrawItem
            switch i % 4 {
            case 0:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c), blend: i % 8 == 0 ? .copy : .sourceOver)
            case 1:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c),
                                shape: .roundedRect(rect, radius: min(w, h) * 0.3), aaEdges: .all)
            case 2:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c),
                                shape: .ring(rect, radius: 6, width: 3, innerRadius: 3), aaEdges: .all)
            default:
                item = DrawItem(layer: 0, transform: t, rect: rect,
                                paint: .texture(.image(0), uv: Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1)),
                                                filter: i % 3 == 0 ? .nearest : .linear, opacity: 0.8),
                                aaEdges: i % 6 == 3 ? [.left, .bottom] : [])
            }
            if i % 13 == 0 { item.clip = [Vec2(10, 10), Vec2(Double(width) - 5, 30), Vec2(Double(width) / 2, Double(height) - 3)] }
            items.append(item)
        }
        return Fixture.plan(width, height, items, clear: Fixture.bytes(20, 20, 20, 255), images: [tex])
    }

    func testBandsGiveIdenticalResults() throws {
        let plan = Self.scene(width: 160, height: 123, count: 150)
        let (serial, s1) = try Fixture.render(plan, bands: 1)
        for bands in [2, 7, 64, 500] {
            let (img, s) = try Fixture.render(plan, bands: bands)
            XCTAssertEqual(img, serial, "\(bands) bands")
            XCTAssertEqual(s, s1, "\(bands) bands")
        }
        XCTAssertGreaterThan(s1.fragmentsWritten, 10_000)
    }

    /// Skipping `Coverage.evaluate` inside shapes must be exact: the same
    /// scene with the shortcut off gives the same bytes.
    func testInteriorShortcutIsExact() throws {
        let plan = Self.scene(width: 160, height: 123, count: 150, seed: 42)
        let fast = CPUExecutor(bands: 3)
        let slow = CPUExecutor(bands: 3)
        slow.useInteriorShortcut = false
        XCTAssertEqual(try fast.execute(plan), try slow.execute(plan))
        // Large, scaled and rotated rounded rects, where the shortcut covers most pixels.
        var items: [DrawItem] = []
        for (i, angle) in [0.0, 0.3, 1.2, 2.9].enumerated() {
            let rect = Rect(x: 0, y: 0, width: 90, height: 50)
            let t = Transform3D.scale(1.3, 0.7).concatenating(.rotation(angle, 0, 0, 1))
                .concatenating(.translation(40 + Double(i) * 30, 30 + Double(i) * 20))
            items.append(DrawItem(layer: 0, transform: t, rect: rect,
                                  paint: .solid(PremultipliedColor(r: 0.2, g: 0.3, b: 0.1, a: 0.6)),
                                  shape: .roundedRect(rect, radius: 12), aaEdges: .all))
            items.append(DrawItem(layer: 0, transform: t, rect: rect,
                                  paint: .solid(PremultipliedColor(r: 0.5, g: 0.1, b: 0.1, a: 1)), aaEdges: [.left, .top]))
        }
        let shapes = Fixture.plan(200, 160, items)
        XCTAssertEqual(try fast.execute(shapes), try slow.execute(shapes))
        // Borders (rings) whose hole the shortcut skips: thin and thick, inner
        // radius 0 and not, scaled and rotated, over an opaque background.
        var rings: [DrawItem] = [Fixture.solid(Rect(x: 0, y: 0, width: 200, height: 160), Fixture.bytes(30, 60, 90, 255))]
        for (i, (width, inner)) in [(1.0, 11.0), (4.0, 8.0), (6.0, 0.0), (2.5, 20.0)].enumerated() {
            let rect = Rect(x: 0, y: 0, width: 80, height: 60)
            let t = Transform3D.scale(1.1, 0.9).concatenating(.rotation(Double(i) * 0.4, 0, 0, 1))
                .concatenating(.translation(50 + Double(i) * 25, 20 + Double(i) * 15))
            rings.append(DrawItem(layer: 0, transform: t, rect: rect,
                                  paint: .solid(PremultipliedColor(r: 0.7, g: 0.6, b: 0.1, a: i % 2 == 0 ? 1 : 0.7)),
                                  shape: .ring(rect, radius: 12, width: width, innerRadius: inner), aaEdges: .all))
        }
        let ringPlan = Fixture.plan(200, 160, rings)
        let (ringsFast, ringsSlow) = (try fast.execute(ringPlan), try slow.execute(ringPlan))
        XCTAssertEqual(ringsFast, ringsSlow)
        XCTAssertEqual(fast.lastStats, slow.lastStats)
    }
}
