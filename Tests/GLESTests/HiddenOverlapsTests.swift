// GLESTests: HiddenOverlaps against its definition. The box a blended piece
// keeps is the bounding box of the pixels (centres inside its box) that no
// opaque piece at or above its painter order covers, found here pixel by
// pixel; an overlap graph built with it drops only pairs that share no
// pixel both write (as the rasterizer covers them); a chain cut by opaque
// squares takes the draw calls counted by hand; and it and random stacks
// with opaque squares in them draw the bytes computed by hand (source-over
// in painter order) with it on.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import GLES

final class HiddenOverlapsTests: XCTestCase {
    typealias PixelRect = OcclusionClip.PixelRect

    /// The axis-aligned square (x, y, side) as a piece, opaque or blended.
    static func piece(_ x: Float, _ y: Float, _ side: Float, order: Int, opaque: Bool) -> DrawPiece {
        var p = BlendedReorderTests.piece(x, y, side, BatchState(program: .flat, textures: [], filter: .nearest,
                                                                 blend: opaque ? .copy : .sourceOver), order: order)
        p.opaque = opaque
        return p
    }

    /// The pixels of `r` that no rectangle of `cover` holds, one by one.
    static func leftOver(_ r: PixelRect, _ cover: [PixelRect]) -> Set<SIMD2<Int>> {
        var out = Set<SIMD2<Int>>()
        for y in r.y0..<max(r.y0, r.y1) {
            for x in r.x0..<max(r.x0, r.x1) {
                let p = PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
                if !cover.contains(where: { $0.contains(p) }) { out.insert(SIMD2(x, y)) }
            }
        }
        return out
    }

    /// The pixels of rectangles, one by one.
    static func pixelSet(_ rects: [PixelRect]) -> Set<SIMD2<Int>> {
        var out = Set<SIMD2<Int>>()
        for r in rects { for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { out.insert(SIMD2(x, y)) } } }
        return out
    }

    static func pixels(_ p: DrawPiece, _ viewport: SIMD2<Int>) -> PixelRect {
        OcclusionClip.pixels(of: OcclusionClip.axisAlignedRect(p.geometry)!, viewport: viewport)!
    }

    /// By hand: an opaque square over pixels 10..<30 at painter order 5.
    /// A blended square over 12..<28 is hidden at orders up to 5 (GL_LESS
    /// rejects the occluder's own order too) and whole above; a square over
    /// 12..<22 × 4..<14 keeps rows 4..<10; one over 20..<40 keeps an L of
    /// two rectangles, whose box is its own.
    func testRegionsByHand() throws {
        let viewport = SIMD2(64, 64)
        let h = try XCTUnwrap(HiddenOverlaps([Self.piece(10, 10, 20, order: 5, opaque: true)], viewport: viewport))
        func region(_ p: DrawPiece) -> (SIMD4<Float>, [PixelRect]) {
            var rects: [PixelRect] = []
            let r = h.region(of: p, into: &rects)
            XCTAssertTrue(r.exact)
            return (r.box, rects)
        }
        XCTAssertEqual(region(Self.piece(12, 12, 16, order: 3, opaque: false)).1, [])
        XCTAssertGreaterThan(region(Self.piece(12, 12, 16, order: 5, opaque: false)).0.x,
                             region(Self.piece(12, 12, 16, order: 5, opaque: false)).0.z)
        XCTAssertEqual(region(Self.piece(12, 12, 16, order: 6, opaque: false)).0, SIMD4(12, 12, 28, 28))
        XCTAssertEqual(region(Self.piece(12, 4, 10, order: 2, opaque: false)).0, SIMD4(12, 4, 22, 10))
        let l = region(Self.piece(20, 20, 20, order: 1, opaque: false))
        XCTAssertEqual(l.0, SIMD4(20, 20, 40, 40))
        XCTAssertEqual(l.1.count, 2)
        XCTAssertEqual(Self.pixelSet(l.1).count, 20 * 20 - 10 * 10)
        var none: [PixelRect] = []
        XCTAssertFalse(h.region(of: Self.piece(.nan, 0, 4, order: 0, opaque: false), into: &none).exact,
                       "a broken box counts as it is")
        // An opaque piece that is not an axis-aligned rectangle (a square turned 45°,
        // whose box holds the blended square) and a turned interior hide nothing.
        var turned = Self.piece(0, 0, 1, order: 9, opaque: true)
        var inner = Self.piece(0, 0, 1, order: 7, opaque: false)
        for (k, p) in [(20, 0), (40, 20), (20, 40), (0, 20)].enumerated() {
            turned.geometry.vertices[k * VertexLayout.stride] = Float(p.0)
            turned.geometry.vertices[k * VertexLayout.stride + 1] = Float(p.1)
            inner.geometry.vertices[k * VertexLayout.stride] = Float(p.0)
            inner.geometry.vertices[k * VertexLayout.stride + 1] = Float(p.1)
        }
        turned.box = SIMD4(-1, -1, 41, 41)
        inner.interior = true; inner.box = SIMD4(-1, -1, 41, 41)
        XCTAssertNil(HiddenOverlaps([turned, inner], viewport: viewport), "nothing is known to be covered")
        let t = try XCTUnwrap(HiddenOverlaps([turned, inner, Self.piece(50, 50, 4, order: 9, opaque: true)], viewport: viewport))
        var rects: [PixelRect] = []
        let square = Self.piece(2, 2, 8, order: 7, opaque: false)
        XCTAssertEqual(t.region(of: square, into: &rects).box, SIMD4(2, 2, 10, 10))
        XCTAssertEqual(rects, [PixelRect(x0: 2, y0: 2, x1: 10, y1: 10)])
    }

    /// A piece's region is exactly the pixels its rectangle covers less
    /// those of the opaque pieces at or above its painter order (and of its
    /// own item's flat interior, unless it is that interior), pixel by
    /// pixel, in disjoint rectangles, with its box their bounding box:
    /// random squares at quarter-pixel positions, a few occluders each.
    func testRegionsAreThePixelsLeft() throws {
        var rng = SplitMix64(seed: 2026)
        let viewport = SIMD2(128, 128)
        var shrunk = 0, emptied = 0
        for round in 0..<400 {
            var pieces: [DrawPiece] = []
            for i in 0..<6 {
                pieces.append(Self.piece(Float(rng.next() % 60) + Float(rng.next() % 4) * 0.25, Float(rng.next() % 60),
                                         Float(8 + rng.next() % 40), order: i, opaque: true))
            }
            let order = Int(rng.next() % 7)
            let piece = Self.piece(Float(10 + rng.next() % 40) + 0.5, Float(10 + rng.next() % 40),
                                   Float(4 + rng.next() % 40), order: order, opaque: false)
            var interior = Self.piece(piece.box.x + 4, piece.box.y + 4, 6, order: order, opaque: false)
            interior.interior = true
            let withInterior = round % 2 == 0
            if withInterior { pieces.append(interior) }
            let h = try XCTUnwrap(HiddenOverlaps(pieces, viewport: viewport))
            var rects: [PixelRect] = []
            let region = h.region(of: piece, into: &rects)
            XCTAssertTrue(region.exact)
            let occluders = pieces.filter { $0.opaque && $0.order >= order }.map { Self.pixels($0, viewport) }
            let cover = occluders + (withInterior ? [Self.pixels(interior, viewport)] : [])
            let expected = Self.leftOver(Self.pixels(piece, viewport), cover)
            XCTAssertEqual(Self.pixelSet(rects), expected, "round \(round)")
            XCTAssertEqual(expected.count, rects.reduce(0) { $0 + $1.area }, "round \(round): rectangles overlap")
            if expected.isEmpty {
                XCTAssertGreaterThan(region.box.x, region.box.z, "round \(round): an empty box")
                emptied += 1
            } else {
                let xs = expected.map(\.x), ys = expected.map(\.y)
                XCTAssertEqual(region.box, SIMD4(Float(xs.min()!), Float(ys.min()!), Float(xs.max()! + 1), Float(ys.max()! + 1)),
                               "round \(round)")
                if expected.count < Self.pixels(piece, viewport).area { shrunk += 1 }
            }
            if withInterior {        // the interior is not cut by itself
                var own: [PixelRect] = []
                _ = h.region(of: interior, into: &own)
                XCTAssertEqual(Self.pixelSet(own), Self.leftOver(Self.pixels(interior, viewport), occluders), "round \(round)")
            }
        }
        XCTAssertGreaterThan(shrunk, 100, "the cases must cut regions")
        XCTAssertGreaterThan(emptied, 10)
    }

    /// Random opaque and blended squares, some of them items of a flat
    /// interior and the square: every pair of blended pieces the graph
    /// leaves unordered shares no pixel that both write, where a piece
    /// writes the pixels its rectangle covers (OcclusionClip.pixels, the
    /// rasterizer's rule) that no opaque piece at or above its order covers
    /// and, but for the interior itself, its item's interior does not,
    /// checked one by one; each interior goes before its item's square; and
    /// the graph keeps a subset of the plain one's edges.
    func testTheGraphDropsOnlyPairsThatShareNoWrittenPixel() throws {
        var rng = SplitMix64(seed: 77)
        let viewport = SIMD2(256, 256)
        var dropped = 0, interiors = 0
        for round in 0..<12 {
            var pieces: [DrawPiece] = []
            for i in 0..<120 {
                let side = Float(4 + rng.next() % 60) + (rng.next() % 2 == 0 ? 0.5 : 0)
                let p = Self.piece(Float(rng.next() % 200) + Float(rng.next() % 4) * 0.25,
                                   Float(rng.next() % 200), side, order: i, opaque: rng.next() % 3 == 0)
                // Some translucent items are a flat interior and the whole square after it.
                if !p.opaque, side > 12, rng.next() % 3 == 0 {
                    var inner = Self.piece(p.box.x + 4, p.box.y + 4, side - 6, order: i, opaque: false)
                    inner.interior = true
                    pieces.append(inner)
                }
                pieces.append(p)
            }
            let blended = pieces.indices.filter { !pieces[$0].opaque }
            let h = try XCTUnwrap(HiddenOverlaps(pieces, viewport: viewport))
            let g = try XCTUnwrap(BlendedScheduling.overlapGraph(pieces, order: blended, hidden: h))
            let plain = try XCTUnwrap(BlendedScheduling.overlapGraph(pieces, order: blended))
            let covered = pieces.map { OcclusionClip.pixels(of: OcclusionClip.axisAlignedRect($0.geometry)!, viewport: viewport)! }
            let occluders = pieces.indices.filter { pieces[$0].opaque }
            // The highest order of an opaque piece covering each pixel (−1: none), and each item's interior.
            let side = 300
            var top = [Int](repeating: -1, count: side * side)
            for o in occluders {
                let r = covered[o]
                for y in max(0, r.y0)..<min(side, r.y1) { for x in max(0, r.x0)..<min(side, r.x1) { top[y * side + x] = max(top[y * side + x], pieces[o].order) } }
            }
            var interiorOf: [Int: PixelRect] = [:]
            for i in pieces.indices where pieces[i].interior { interiorOf[pieces[i].order] = covered[i] }
            // A piece writes its pixels less those of opaque pieces at or above it and of its item's interior.
            func writes(_ m: Int, _ x: Int, _ y: Int) -> Bool {
                let i = blended[m]
                let px = PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
                guard covered[i].contains(px) else { return false }
                if !pieces[i].interior, interiorOf[pieces[i].order]?.contains(px) == true { return false }
                return top[y * side + x] < pieces[i].order
            }
            let edges = OverlapGraphTests.lists(g), plainEdges = OverlapGraphTests.lists(plain)
            for e in blended.indices {
                XCTAssertTrue(Set(edges[e]).isSubset(of: plainEdges[e]), "round \(round): an edge the boxes do not make")
                if pieces[blended[e]].interior {
                    XCTAssertTrue(edges[e].contains(e + 1), "round \(round): an interior goes before its item")
                    interiors += 1
                }
                for m in plainEdges[e] where !edges[e].contains(m) {
                    dropped += 1
                    let both = covered[blended[e]].intersection(covered[blended[m]])
                    guard !both.isEmpty else { continue }
                    for y in both.y0..<both.y1 {
                        for x in both.x0..<both.x1 where writes(e, x, y) && writes(m, x, y) {
                            XCTFail("round \(round): pieces \(blended[e]) and \(blended[m]) both write (\(x), \(y))")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(dropped, 100, "opaque squares must hide some overlaps")
        XCTAssertGreaterThan(interiors, 50)
    }

    /// The chain's image: one instance, so every chain plan's image is the
    /// same texture to the executor's caches (they key images by identity).
    static let chainImageColor = [10, 90, 10, 128]
    static let chainImage = Image(width: 4, height: 4,
                                  pixels: [UInt8]((0..<16).flatMap { _ in chainImageColor.map { UInt8($0) } }))

    /// A row of eight translucent squares (10 × 10 at y 3) alternating a
    /// uniform image and the flat colour `flat`, each overlapping the one
    /// before by two columns, with an opaque square between each two
    /// (`wall`, at `wallY`): at y 3 it covers the overlap. The plan and its
    /// bytes by hand (source-over in painter order on white).
    static func chain(wallY: Int = 3, flat: [Int] = [200, 20, 20, 200]) -> (RenderPlan, [UInt8]) {
        let width = 96, height = 40
        let image = chainImageColor, wall = [30, 200, 60, 255]
        var items: [DrawItem] = []
        var expected = [UInt8](repeating: 255, count: width * height * 4)
        func add(_ x: Int, _ y: Int, _ color: [Int], textured: Bool) {
            let r = Rect(x: 0, y: 0, width: 10, height: 10)
            let t = Transform3D.translation(Double(x), Double(y))
            items.append(textured
                ? DrawItem(layer: 0, transform: t, rect: r, paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))
                : DrawItem(layer: 0, transform: t, rect: r, paint: .solid(BlendedReorderTests.bytes(color)),
                           blend: color[3] == 255 ? .copy : .sourceOver))
            for py in y..<(y + 10) {
                for px in x..<(x + 10) {
                    for ch in 0..<4 {
                        let k = (py * width + px) * 4 + ch
                        expected[k] = UInt8(color[ch] + Int((Double(Int(expected[k]) * (255 - color[3])) / 255).rounded()))
                    }
                }
            }
        }
        for k in 0..<8 {
            add(2 + 8 * k, 3, k % 2 == 0 ? image : flat, textured: k % 2 == 0)
            if k < 7 { add(8 + 8 * k, wallY, wall, textured: false) }
        }
        let plan = TestPlans.canvas(items, width: width, height: height, clear: BlendedReorderTests.bytes([255, 255, 255, 255]),
                                    images: [PlanImage(key: "uniform", image: chainImage)])
        return (plan, expected)
    }

    /// The chain with its walls over the overlaps: in painter order every
    /// square changes state (8 blended calls and 1 opaque); with hidden
    /// overlaps nothing orders them, so 2 blended calls. Bytes by hand.
    func testAChainCutByOpaqueSquaresTakesTwoBlendedCalls() throws {
        let gl = try GPU.executor()
        let mode = gl.hiddenOverlaps
        defer { gl.hiddenOverlaps = mode }
        let (plan, expected) = Self.chain()
        let want = Image(width: plan.width, height: plan.height, pixels: expected)
        gl.hiddenOverlaps = .never
        let plain = try gl.execute(plan)
        XCTAssertEqual(plain.pixels, expected, "\(ImageDiff(plain, want))")
        XCTAssertEqual(gl.lastStats.drawCalls, 9)
        gl.hiddenOverlaps = .always
        let cut = try gl.execute(plan)
        XCTAssertEqual(cut.pixels, expected, "with hidden overlaps \(ImageDiff(cut, want))")
        XCTAssertEqual(gl.lastStats.drawCalls, 3)
        XCTAssertEqual(gl.lastStats.drawCallsLowerBound, 3)
    }

    /// Stacks with opaque squares among translucent ones, drawn with hidden
    /// overlaps: the hand-computed bytes, in no more draw calls than without.
    func testHiddenOverlapsKeepThePixels() throws {
        let gl = try GPU.executor()
        let mode = gl.hiddenOverlaps
        defer { gl.hiddenOverlaps = mode }
        let palette = [[200, 20, 20, 200], [10, 90, 10, 128], [30, 200, 60, 255], [0, 0, 150, 150],
                       [250, 250, 0, 255], [5, 40, 80, 100]]
        for seed: UInt64 in [4, 9, 16, 25] {
            let (plan, expected) = BlendedReorderTests.stack(count: 200, seed: seed, palette: palette)
            gl.hiddenOverlaps = .never
            let plain = try gl.execute(plan)
            let plainCalls = gl.lastStats.drawCalls
            gl.hiddenOverlaps = .always
            let image = try gl.execute(plan)
            let calls = gl.lastStats.drawCalls
            print("[hidden overlaps] seed \(seed): \(plainCalls) draw calls, \(calls) with hidden overlaps")
            let want = Image(width: plan.width, height: plan.height, pixels: expected)
            XCTAssertEqual(plain.pixels, expected, "seed \(seed): \(ImageDiff(plain, want))")
            XCTAssertEqual(image.pixels, expected, "seed \(seed): with hidden overlaps \(ImageDiff(image, want))")
            XCTAssertLessThanOrEqual(calls, plainCalls, "seed \(seed)")
            XCTAssertLessThanOrEqual(gl.lastStats.drawCallsLowerBound, calls, "seed \(seed)")
        }
    }

    /// Translucent rounded rects (flat interiors and coverage edges) and
    /// translucent images among opaque squares, upright and turned, all over one another: with
    /// hidden overlaps the bytes of painter order without opaque-first
    /// (every item blended in turn, no depth test, no interiors).
    func testRoundedRectsWithInteriorsKeepPainterOrderBytes() throws {
        let gl = try GPU.executor()
        let mode = gl.hiddenOverlaps
        defer { gl.hiddenOverlaps = mode; gl.opaqueFirst = true }
        let width = 160, height = 120
        let uniform = Image(width: 4, height: 4, pixels: [UInt8]((0..<16).flatMap { _ in [10, 90, 10, 128].map { UInt8($0) } }))
        var fewer = 0
        for seed: UInt64 in [1, 2, 3] {
            var rng = SplitMix64(seed: seed)
            var items: [DrawItem] = []
            for _ in 0..<120 {
                let w = 12 + Double(rng.next() % 50), h = 12 + Double(rng.next() % 40)
                let r = Rect(x: 0, y: 0, width: w, height: h)
                let t = Transform3D.translation(Double(rng.next() % UInt64(width - 20)) + Double(rng.next() % 4) * 0.25,
                                                Double(rng.next() % UInt64(height - 20)) + 0.5)
                switch rng.next() % 5 {
                case 0:
                    items.append(DrawItem(layer: 0, transform: t, rect: r, paint: .solid(BlendedReorderTests.bytes([40, 200, 90, 255])),
                                          blend: .copy))
                case 4:
                    // Turned: its box is no occluder, only its pixels are covered.
                    let turn = Transform3D.rotation(0.6, 0, 0, 1).concatenating(t)
                    items.append(DrawItem(layer: 0, transform: turn, rect: r, paint: .solid(BlendedReorderTests.bytes([30, 60, 200, 255])),
                                          blend: .copy))
                case 1:
                    items.append(DrawItem(layer: 0, transform: t, rect: r,
                                          paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1)))
                default:
                    items.append(DrawItem(layer: 0, transform: t, rect: r, paint: .solid(BlendedReorderTests.bytes([150, 20, 60, 180])),
                                          shape: .roundedRect(r, radius: 6), aaEdges: .all))
                }
            }
            let plan = TestPlans.canvas(items, width: width, height: height, clear: BlendedReorderTests.bytes([255, 255, 255, 255]),
                                        images: [PlanImage(key: "uniform", image: uniform)])
            gl.opaqueFirst = false
            let painter = try gl.execute(plan)
            gl.opaqueFirst = true
            gl.hiddenOverlaps = .never
            _ = try gl.execute(plan)
            let plainCalls = gl.lastStats.drawCalls
            gl.hiddenOverlaps = .always
            let image = try gl.execute(plan)
            XCTAssertGreaterThan(gl.lastStats.flatInteriors, 0, "seed \(seed)")
            XCTAssertEqual(image.pixels, painter.pixels, "seed \(seed): \(ImageDiff(image, painter))")
            if gl.lastStats.drawCalls < plainCalls { fewer += 1 }
        }
        XCTAssertGreaterThan(fewer, 0, "hidden overlaps must save draw calls here")
    }
}
