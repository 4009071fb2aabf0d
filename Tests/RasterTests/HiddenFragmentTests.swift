// RasterTests: the CPU executor's skipping of fragments a later item
// replaces (HiddenFragments.swift). Counts and pixels worked out by hand
// from rect areas and the 8-bit blend formula, and random stacks drawn with
// the skip on and off, which must give the same bytes.

import Geometry
import Images
import Plan
@testable import Raster
import XCTest

final class HiddenFragmentTests: XCTestCase {
    private let red = Fixture.bytes(255, 0, 0, 255)
    private let blue = Fixture.bytes(0, 0, 255, 255)
    private let halfGreen = Fixture.bytes(0, 128, 0, 128)

    private func run(_ plan: RenderPlan, skip: Bool, bands: Int = 3) throws -> (Image, RasterStats) {
        let ex = CPUExecutor(bands: bands)
        ex.skipHiddenFragments = skip
        let img = try ex.execute(plan)
        return (img, ex.lastStats)
    }

    /// A translucent 10×10 rect entirely under a later opaque 16×16 rect: none
    /// of its 100 fragments is run; the opaque rect's 256 are.
    func testFullyHiddenItemShadesNothing() throws {
        let plan = Fixture.plan(20, 20, [Fixture.solid(Rect(x: 5, y: 5, width: 10, height: 10), halfGreen),
                                         Fixture.solid(Rect(x: 2, y: 2, width: 16, height: 16), red)])
        let (img, s) = try run(plan, skip: true)
        XCTAssertEqual(s.fragmentsShaded, 256)
        XCTAssertEqual(s.fragmentsWritten, 256)
        XCTAssertEqual(s.fragmentsHidden, 100)
        XCTAssertEqual(s.fragmentsPainterOrder, 356)
        XCTAssertEqual(img.px(10, 10), [255, 0, 0, 255])
        XCTAssertEqual(img.px(2, 2), [255, 0, 0, 255])
        XCTAssertEqual(img.px(1, 1), [0, 0, 0, 0])
        // Off: painter's order runs all 356.
        let (slow, t) = try run(plan, skip: false)
        XCTAssertEqual(slow, img)
        XCTAssertEqual(t.fragmentsShaded, 356)
        XCTAssertEqual(t.fragmentsHidden, 0)
    }

    /// Columns 0–9 translucent, 5–14 `.copy` blue, 8–11 translucent on top,
    /// all 4 rows high: the copy hides columns 5–9 of the first rect (20
    /// fragments); the top rect is never hidden. Pixels by the 8-bit
    /// source-over: s + ((d·(255 − sA) + (d·(255 − sA) >> 8) + 128) >> 8);
    /// over blue with sA = 128: b = 0 + (32385 + 126 + 128) >> 8 = 127.
    func testPartlyHiddenItemAndItemsAbove() throws {
        let plan = Fixture.plan(16, 4, [Fixture.solid(Rect(x: 0, y: 0, width: 10, height: 4), halfGreen),
                                        Fixture.solid(Rect(x: 5, y: 0, width: 10, height: 4), blue, blend: .copy),
                                        Fixture.solid(Rect(x: 8, y: 0, width: 4, height: 4), halfGreen)])
        let (img, s) = try run(plan, skip: true, bands: 2)
        XCTAssertEqual(s.fragmentsHidden, 20)
        // The `.copy` rect is a memory fill: never skipped, and nothing above it hides it anyway.
        XCTAssertEqual(s.fragmentsShaded, 20 + 40 + 16)
        for y in 0..<4 {
            for x in 0..<5 { XCTAssertEqual(img.px(x, y), [0, 128, 0, 128], "(\(x), \(y))") }
            for x in 5..<8 { XCTAssertEqual(img.px(x, y), [0, 0, 255, 255], "(\(x), \(y))") }
            for x in 8..<12 { XCTAssertEqual(img.px(x, y), [0, 128, 127, 255], "(\(x), \(y))") }
            for x in 12..<15 { XCTAssertEqual(img.px(x, y), [0, 0, 255, 255], "(\(x), \(y))") }
            XCTAssertEqual(img.px(15, y), [0, 0, 0, 0])
        }
    }

    /// An image hides what lies under it only when every texel has alpha 255
    /// and it is drawn at full opacity: one texel of alpha 254, or opacity
    /// 0.99, and the 64 fragments under it are run.
    func testOpaqueImagesHideAndTranslucentOnesDoNot() throws {
        var opaque = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { opaque[x, y] = (UInt8(x * 60), UInt8(y * 60), 30, 255) } }
        var almost = opaque
        almost[2, 1] = (100, 60, 30, 254)
        let rect = Rect(x: 0, y: 0, width: 8, height: 8)
        for filter in [TextureFilter.linear, .nearest] {
            for (image, opacity, hidden) in [(0, 1.0, 64), (1, 1.0, 0), (0, 0.99, 0)] {
                let plan = Fixture.plan(8, 8, [Fixture.solid(rect, halfGreen),
                                               Fixture.textured(rect, .image(image), filter: filter, opacity: opacity)],
                                        images: [opaque, almost])
                let (img, s) = try run(plan, skip: true)
                XCTAssertEqual(s.fragmentsHidden, hidden, "image \(image) opacity \(opacity) \(filter)")
                XCTAssertEqual(s.fragmentsShaded, 128 - hidden)
                XCTAssertEqual(img, try run(plan, skip: false).0)
            }
        }
    }

    /// A small deterministic generator (xorshift).
    private struct Rng {
        var s: UInt64
        mutating func next() -> Double {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17
            return Double(s % 1_000_000) / 1_000_000
        }
    }

    /// A random stack over a canvas: opaque and translucent quads, `.copy`
    /// quads (solid and textured), rounded rects and rings, opaque and
    /// translucent images, under rotation, scale, perspective, clips and
    /// antialiased edges.
    private func randomStack(seed: UInt64, count: Int, width: Int, height: Int) -> RenderPlan {
        var rng = Rng(s: seed)
        var opaqueImage = Image(width: 6, height: 5), translucentImage = Image(width: 5, height: 7)
        for y in 0..<5 { for x in 0..<6 { opaqueImage[x, y] = (UInt8(x * 40), UInt8(y * 50), 200, 255) } }
        for y in 0..<7 { for x in 0..<5 { translucentImage[x, y] = (UInt8(x * 20), 10, UInt8(y * 10), UInt8(100 + x * 30)) } }
        var items: [DrawItem] = []
        for i in 0..<count {
            let w = 8 + rng.next() * 70, h = 8 + rng.next() * 50
            let rect = Rect(x: 0, y: 0, width: w, height: h)
            var t = Transform3D.translation(rng.next() * Double(width) - 20, rng.next() * Double(height) - 20)
            switch i % 7 {
            case 1: t = Transform3D.rotation(rng.next() * 6.28, 0, 0, 1).concatenating(t)
            case 3: t = Transform3D.scale(0.5 + rng.next(), 0.5 + rng.next()).concatenating(t)
            case 5:
                var p = Transform3D.identity
                p.m14 = 0.003 * (rng.next() - 0.5)
                t = p.concatenating(t)
            default: break
            }
            let opaque = rng.next() < 0.5
            let c = PremultipliedColor(r: rng.next() * 0.6, g: rng.next() * 0.6, b: rng.next() * 0.6,
                                       a: opaque ? 1 : 0.3 + rng.next() * 0.6)
            let aa: EdgeMask = rng.next() < 0.4 ? .all : (rng.next() < 0.3 ? [.left, .top] : [])
            let uv = Homography.mapping(rect, to: Rect(x: 0, y: 0, width: 1, height: 1))
            var item: DrawItem
            switch i % 6 {
            case 0:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c), aaEdges: aa,
                                blend: rng.next() < 0.2 ? .copy : .sourceOver)
            case 1:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c),
                                shape: .roundedRect(rect, radius: min(w, h) * 0.4 * rng.next()), aaEdges: .all)
            case 2:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c),
                                shape: .ring(rect, radius: 5, width: 2 + rng.next() * 4, innerRadius: 2), aaEdges: .all)
            case 3:
                item = DrawItem(layer: 0, transform: t, rect: rect,
                                paint: .texture(.image(rng.next() < 0.7 ? 0 : 1), uv: uv,
                                                filter: rng.next() < 0.5 ? .nearest : .linear,
                                                opacity: opaque ? 1 : 0.7),
                                aaEdges: aa)
            case 4:
                item = DrawItem(layer: 0, transform: t, rect: rect,
                                paint: .texture(.image(1), uv: uv, filter: .linear, opacity: 1), blend: .copy)
            default:
                item = DrawItem(layer: 0, transform: t, rect: rect, paint: .solid(c), aaEdges: aa)
            }
            if i % 9 == 4 {
                item.clip = [Vec2(5, 5), Vec2(Double(width) - 5, 20), Vec2(Double(width) / 2, Double(height) - 3)]
            }
            items.append(item)
        }
        return Fixture.plan(width, height, items, clear: Fixture.bytes(10, 20, 30, 255),
                            images: [opaqueImage, translucentImage])
    }

    /// The picture with the skip on equals the picture with it off, for
    /// random stacks and band counts; painter's order is accounted for.
    func testRandomStacksDrawTheSameBytesWithTheSkipOnAndOff() throws {
        var hiddenTotal = 0
        for seed: UInt64 in [1, 0x51ED, 0xBADC0FFEE, 77_777] {
            let plan = randomStack(seed: seed, count: 120, width: 150, height: 110)
            let (reference, off) = try run(plan, skip: false, bands: 1)
            XCTAssertEqual(off.fragmentsHidden, 0)
            for bands in [1, 4, 37] {
                let (img, on) = try run(plan, skip: true, bands: bands)
                XCTAssertEqual(img, reference, "seed \(seed), \(bands) bands")
                XCTAssertEqual(on.fragmentsPainterOrder, off.fragmentsShaded, "seed \(seed)")
                XCTAssertLessThanOrEqual(on.fragmentsWritten, off.fragmentsWritten)
                hiddenTotal += on.fragmentsHidden
            }
        }
        XCTAssertGreaterThan(hiddenTotal, 1000, "the stacks should hide fragments")
    }

    /// The Float blend path (no 8-bit source) marks only solid colours.
    func testFloatBlendPathIsExactToo() throws {
        var conventions = GLConventions.llvmpipe
        conventions.quantizeSourceBeforeBlend = false
        conventions.bilinearArithmetic = .float
        let plan = randomStack(seed: 99, count: 80, width: 120, height: 90)
        let on = CPUExecutor(conventions: conventions, bands: 3), off = CPUExecutor(conventions: conventions, bands: 3)
        off.skipHiddenFragments = false
        XCTAssertEqual(try on.execute(plan), try off.execute(plan))
        XCTAssertGreaterThan(on.lastStats.fragmentsHidden, 0)
    }
}
