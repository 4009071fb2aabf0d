// GLESTests: OcclusionClip, the cutting of hidden parts out of flat
// axis-aligned pieces. Hand-worked pixel spans (snapping, half-pixel edges)
// and rectangle differences (touching edges, the cap, band merging), the
// geometry of a cut piece worked out by hand, a pixel centre lying on an
// occluder's far edge that must stay drawn, and random stacks of opaque and
// translucent axis-aligned items rendered with and without the cut,
// compared byte for byte (and against the CPU executor).

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import GLES

final class OcclusionClipTests: XCTestCase {
    typealias R = OcclusionClip.PixelRect

    // MARK: - Pixel spans, by hand

    func testPixelSpansFollowTheTopLeftRuleOnSnappedEdges() {
        func span(_ a: Float, _ b: Float) -> [Int] {
            let (lo, hi) = OcclusionClip.pixelSpan(a, b)!
            return Array(lo..<max(lo, hi))
        }
        // Centres 1.5, 2.5, 3.5 lie inside; the left edge owns 1.5, the right edge does not own 4.5.
        XCTAssertEqual(span(1.5, 4.5), [1, 2, 3])
        XCTAssertEqual(span(1, 4), [1, 2, 3])
        XCTAssertEqual(span(1.4, 1.6), [1])
        XCTAssertEqual(span(1.6, 2.4), [])
        XCTAssertEqual(span(0, 1), [0])
        XCTAssertEqual(span(-3, 0.5), [-3, -2, -1])
        // Snapping to 1/256 pixel, ties to even: 2.5 + 1/512 is 640.5/256 → 640 (covers centre 2.5);
        // 2.5 + 3/512 is 641.5/256 → 642 (does not); 2.5 − 1/1024 rounds back to 2.5.
        XCTAssertEqual(span(2.5 + 1.0 / 512, 6), [2, 3, 4, 5])
        XCTAssertEqual(span(2.5 + 3.0 / 512, 6), [3, 4, 5])
        XCTAssertEqual(span(0, 2.5 - 1.0 / 1024), [0, 1])
        XCTAssertEqual(span(0, 2.5 + 1.0 / 256), [0, 1, 2])
        XCTAssertNil(OcclusionClip.pixelSpan(.nan, 3))
        XCTAssertNil(OcclusionClip.pixelSpan(0, .infinity))
    }

    func testOnlyExactAxisAlignedRectanglesAreRecognised() {
        func geometry(_ points: [(Float, Float)]) -> ItemGeometry {
            var v = [Float](repeating: 0, count: points.count * VertexLayout.stride)
            for (k, p) in points.enumerated() { v[k * VertexLayout.stride] = p.0; v[k * VertexLayout.stride + 1] = p.1 }
            return ItemGeometry(vertices: v)
        }
        XCTAssertEqual(OcclusionClip.axisAlignedRect(geometry([(1, 2), (5, 2), (5, 7), (1, 7)])), SIMD4(1, 2, 5, 7))
        XCTAssertEqual(OcclusionClip.axisAlignedRect(geometry([(1, 2), (1, 7), (5, 7), (5, 7), (5, 2)])), SIMD4(1, 2, 5, 7))
        XCTAssertNil(OcclusionClip.axisAlignedRect(geometry([(1, 2), (5, 2), (5, 7)])), "a triangle")
        XCTAssertNil(OcclusionClip.axisAlignedRect(geometry([(1, 2), (5, 2), (5.5, 7), (1, 7)])), "a trapezoid")
        XCTAssertNil(OcclusionClip.axisAlignedRect(geometry([(1, 2), (5, 2), (5, 7), (3, 7), (1, 5)])), "a cut corner")
        XCTAssertNil(OcclusionClip.axisAlignedRect(geometry([(1, 2), (5, 2), (5, 2), (1, 2)])), "no area")
    }

    // MARK: - Rectangle differences, by hand

    func testAHoleInTheMiddleLeavesFourRectangles() {
        let t = R(x0: 0, y0: 0, x1: 10, y1: 10)
        let parts = OcclusionClip.subtract(t, [R(x0: 2, y0: 3, x1: 5, y1: 7)], cap: 8)
        XCTAssertEqual(parts, [R(x0: 0, y0: 0, x1: 10, y1: 3),
                               R(x0: 0, y0: 3, x1: 2, y1: 7), R(x0: 5, y0: 3, x1: 10, y1: 7),
                               R(x0: 0, y0: 7, x1: 10, y1: 10)])
        XCTAssertEqual(parts?.reduce(0) { $0 + $1.area }, 100 - 12)
    }

    func testTouchingEdgesRemoveNothingAndTouchingOccludersHideAll() {
        let t = R(x0: 0, y0: 0, x1: 10, y1: 10)
        // Occluders that touch the target's edges share no pixel with it.
        XCTAssertEqual(OcclusionClip.subtract(t, [R(x0: 10, y0: 0, x1: 12, y1: 10), R(x0: 0, y0: -4, x1: 10, y1: 0)], cap: 8), [t])
        // Two occluders touching each other along x = 5 hide it all.
        XCTAssertEqual(OcclusionClip.subtract(t, [R(x0: -1, y0: 0, x1: 5, y1: 10), R(x0: 5, y0: -2, x1: 11, y1: 12)], cap: 8), [])
        // Along y = 4: the bands meet without a gap.
        XCTAssertEqual(OcclusionClip.subtract(t, [R(x0: 0, y0: 0, x1: 10, y1: 4), R(x0: 0, y0: 4, x1: 6, y1: 10)], cap: 8),
                       [R(x0: 6, y0: 4, x1: 10, y1: 10)])
    }

    func testEqualSpansInConsecutiveBandsMergeAndTheCapHolds() {
        let t = R(x0: 0, y0: 0, x1: 10, y1: 10)
        // A left strip in two halves: the bands (0..<4, 4..<10) leave the same span, one rectangle.
        XCTAssertEqual(OcclusionClip.subtract(t, [R(x0: 0, y0: 0, x1: 3, y1: 4), R(x0: -5, y0: 4, x1: 3, y1: 10)], cap: 8),
                       [R(x0: 3, y0: 0, x1: 10, y1: 10)])
        // A 3 × 3 grid of holes: 4 full bands and 3 bands of 4 spans = 16 rectangles.
        var holes: [R] = []
        for i in 0..<3 { for j in 0..<3 { holes.append(R(x0: 1 + 3 * i, y0: 1 + 3 * j, x1: 2 + 3 * i, y1: 2 + 3 * j)) } }
        XCTAssertNil(OcclusionClip.subtract(t, holes, cap: 8))
        XCTAssertEqual(OcclusionClip.subtract(t, holes, cap: 16)?.count, 16)
        XCTAssertEqual(OcclusionClip.subtract(t, holes, cap: 16)?.reduce(0) { $0 + $1.area }, 91)
    }

    // MARK: - Pieces, by hand

    static func flatPiece(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, order: Int, opaque: Bool,
                          colour: Float = 0.5) -> DrawPiece {
        var v = [Float](repeating: colour, count: 4 * VertexLayout.stride)
        for (k, p) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].enumerated() {
            v[k * VertexLayout.stride] = p.0; v[k * VertexLayout.stride + 1] = p.1
            // An affine attribute (local x, y) to check interpolation: local = screen × 2.
            v[k * VertexLayout.stride + VertexLayout.local] = 2 * p.0
            v[k * VertexLayout.stride + VertexLayout.local + 1] = 2 * p.1
        }
        return DrawPiece(geometry: ItemGeometry(vertices: v),
                         state: BatchState(program: .flat, textures: [], filter: .nearest,
                                           blend: opaque ? .copy : .sourceOver, depthWrite: true),
                         order: order, opaque: opaque)
    }

    static func corners(_ p: DrawPiece) -> [Float] {
        let r = OcclusionClip.axisAlignedRect(p.geometry)!
        return [r.x, r.y, r.z, r.w]
    }

    func testACutPieceKeepsItsOwnEdgesAndCutsAlongPixelLines() {
        // Target: centres of columns and rows 0..<10 (edges on half pixels). Occluder above:
        // 2.5…5.5 × 3.5…7.5 covers columns 2, 3, 4 (centre 5.5 belongs to the pixel right of
        // it) and rows 3…6.
        var stats = GPUStats()
        let pieces = [Self.flatPiece(0.5, 0.5, 10.5, 10.5, order: 0, opaque: false),
                      Self.flatPiece(2.5, 3.5, 5.5, 7.5, order: 1, opaque: true)]
        // (12 fragments saved would not pay for 3 more rectangles: the gain rule is off here.)
        XCTAssertEqual(OcclusionClip.apply(pieces, stats: &stats).count, 2)
        let out = OcclusionClip.apply(pieces, stats: &stats, minGain: 0)
        XCTAssertEqual(out.count, 5)
        XCTAssertEqual(out.map(Self.corners), [[0.5, 0.5, 10.5, 3], [0.5, 3, 2, 7], [5, 3, 10.5, 7], [0.5, 7, 10.5, 10.5],
                                               [2.5, 3.5, 5.5, 7.5]])
        XCTAssertEqual(out.map(\.order), [0, 0, 0, 0, 1])
        XCTAssertEqual(stats.occlusionClippedPieces, 1)
        XCTAssertEqual(stats.occlusionPiecesAdded, 3)
        XCTAssertEqual(stats.occlusionFragmentsRemoved, 12)
        // Constant attributes unchanged, affine ones interpolated.
        let g = out[1].geometry.vertices
        for k in 0..<4 {
            let v = Array(g[(k * VertexLayout.stride)..<((k + 1) * VertexLayout.stride)])
            XCTAssertEqual(v[VertexLayout.local], 2 * v[0])
            XCTAssertEqual(v[VertexLayout.local + 1], 2 * v[1])
            XCTAssertEqual(Array(v[VertexLayout.color..<(VertexLayout.color + 4)]), [0.5, 0.5, 0.5, 0.5])
        }
        // Below nothing opaque, or opaque only below: nothing changes.
        var none = GPUStats()
        XCTAssertEqual(OcclusionClip.apply([pieces[1], Self.flatPiece(0.5, 0.5, 10.5, 10.5, order: 1, opaque: false)],
                                           stats: &none, minGain: 0).count, 2)
        XCTAssertEqual(none.occlusionClippedPieces, 0)
    }

    func testHiddenPiecesGoAndSmallGainsAreNotWorthARectangle() {
        var stats = GPUStats()
        let out = OcclusionClip.apply([Self.flatPiece(4, 4, 8, 8, order: 0, opaque: true),
                                       Self.flatPiece(0, 0, 400, 10, order: 1, opaque: false),   // not an occluder
                                       Self.flatPiece(3.5, 3.5, 8.5, 8.5, order: 2, opaque: true)], stats: &stats)
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(stats.occlusionHiddenPieces, 1)
        XCTAssertEqual(stats.occlusionPiecesAdded, -1)
        XCTAssertEqual(stats.occlusionFragmentsRemoved, 16)
        // A 1-pixel notch out of a 200 × 200 piece would cost two more rectangles for one fragment,
        // and trimming a 10-pixel strip off its side is not worth the work either.
        var small = GPUStats()
        let kept = OcclusionClip.apply([Self.flatPiece(0, 0, 200, 200, order: 0, opaque: true),
                                        Self.flatPiece(100, 100, 101, 101, order: 1, opaque: true),
                                        Self.flatPiece(190, -5, 205, 205, order: 2, opaque: true)], stats: &small)
        XCTAssertEqual(kept.count, 3)
        XCTAssertEqual(small.occlusionClippedPieces, 0)
        // A 20-pixel strip (4,000 fragments) is: one rectangle instead of one.
        let trimmed = OcclusionClip.apply([Self.flatPiece(0, 0, 200, 200, order: 0, opaque: true),
                                           Self.flatPiece(180, -5, 205, 205, order: 1, opaque: true)], stats: &small)
        XCTAssertEqual(trimmed.map(Self.corners), [[0, 0, 180, 200], [180, -5, 205, 205]])
        XCTAssertEqual(small.occlusionFragmentsRemoved, 4000)
    }

    // MARK: - On the GPU

    /// A centre on an occluder's right edge belongs to the pixel beyond it:
    /// the piece below must still draw there (were it removed, the clear
    /// colour would show), and the centre on its left edge is the occluder's.
    func testACentreOnAnOccludersFarEdgeStaysDrawn() throws {
        let gl = try GPU.executor()
        defer { gl.occlusionClip = true }
        let blue = TestPlans.color(0, 0, 1, 1), red = TestPlans.color(1, 0, 0, 1)
        let below = DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 96, height: 80),
                             paint: .solid(blue), blend: .copy)
        // Edges through centres: x 5.5 … 80.5, y 2.5 … 60.5 (covers columns 5…79, rows 2…59).
        let above = DrawItem(layer: 0, transform: .identity, rect: Rect(x: 5.5, y: 2.5, width: 75, height: 58),
                             paint: .solid(red), blend: .copy)
        let plan = TestPlans.canvas([below, above], width: 96, height: 80, clear: TestPlans.color(0, 1, 0, 1))
        gl.occlusionClip = true
        let cut = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.occlusionClippedPieces, 1)
        XCTAssertEqual(gl.lastStats.occlusionFragmentsRemoved, 75 * 58)
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(cut.pixels[(y * 96 + x) * 4..<(y * 96 + x) * 4 + 4]) }
        for y in 0..<80 {
            for x in 0..<96 {
                let inside = (5...79).contains(x) && (2...59).contains(y)
                XCTAssertEqual(px(x, y), inside ? [255, 0, 0, 255] : [0, 0, 255, 255], "pixel (\(x), \(y))")
            }
        }
        gl.occlusionClip = false
        XCTAssertEqual(try gl.execute(plan).pixels, cut.pixels)
    }

    /// The occluder's pixels are the ones its edges cover as they arrive
    /// through the viewport (ViewportMapping). Worked by hand for a 300-row
    /// pass (viewport 512): top 13.501957 arrives as 13.5 + 1/512 and snaps
    /// to 13.5 (owns row 13); bottom 33.501957 arrives as 33.5 + 1/512 and
    /// snaps to 33.5 (does not own row 33). Taken where they lie, the edges
    /// would snap to 13.5 + 1/256 and 33.5 + 1/256: rows 14 to 33. A cut by
    /// those rows would leave row 33 to the occluder, which does not draw
    /// it, and the clear colour would show there (seen failing so).
    func testAnOccludersRowsAreTheOnesItsEdgesCoverThroughTheViewport() throws {
        let top: Float = 13.501956939697266, bottom: Float = 33.501956939697266
        let rect = SIMD4<Float>(0, top, 8, bottom)
        XCTAssertEqual(OcclusionClip.pixels(of: rect), R(x0: 0, y0: 14, x1: 8, y1: 34))
        XCTAssertEqual(OcclusionClip.pixels(of: rect, viewport: SIMD2(8, 512)), R(x0: 0, y0: 13, x1: 8, y1: 33))

        let gl = try GPU.executor()
        defer { gl.occlusionClip = true; gl.occlusionClipMinGain = OcclusionClip.minFragmentsPerExtraRect }
        gl.occlusionClipMinGain = 1
        let blue = TestPlans.color(0, 0, 1, 1), red = TestPlans.color(1, 0, 0, 1)
        let below = DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 300),
                             paint: .solid(blue), blend: .copy)
        let above = DrawItem(layer: 0, transform: .identity,
                             rect: Rect(minX: 0, minY: Double(top), maxX: 8, maxY: Double(bottom)),
                             paint: .solid(red), blend: .copy)
        let plan = TestPlans.canvas([below, above], width: 8, height: 300, clear: TestPlans.color(0, 1, 0, 1))
        gl.occlusionClip = true
        let cut = try gl.execute(plan)
        XCTAssertEqual(gl.lastStats.occlusionFragmentsRemoved, 8 * 20)
        for y in 0..<300 {
            let want: (UInt8, UInt8, UInt8, UInt8) = (13..<33).contains(y) ? (255, 0, 0, 255) : (0, 0, 255, 255)
            XCTAssertTrue(cut[4, y] == want, "row \(y): \(cut[4, y])")
        }
        gl.occlusionClip = false
        XCTAssertEqual(try gl.execute(plan).pixels, cut.pixels)
    }

    /// Random stacks of axis-aligned items, opaque and translucent, on half
    /// pixels, whole pixels and snapping ties, with rounded rects (opaque and
    /// flat interiors), opaque images and antialiased quads among them.
    static func stack(seed: UInt64, count: Int) -> RenderPlan {
        var rng = SplitMix64(seed: seed)
        func u(_ b: Double) -> Double { rng.unit() * b }
        func coordinate(_ b: Double) -> Double {
            let v = u(b)
            switch Int(u(4)) {
            case 0: return v.rounded()
            case 1: return (v * 2).rounded() / 2
            case 2: return (v * 2).rounded() / 2 + (u(1) < 0.5 ? 1 : 3) / 512   // snapping ties
            default: return v
            }
        }
        let opaqueImage = Image(width: 8, height: 8, pixels: (0..<256).map { $0 % 4 == 3 ? 255 : UInt8($0 % 251) })
        var items: [DrawItem] = []
        for i in 0..<count {
            let w = 3 + coordinate(60), h = 3 + coordinate(50)
            let r = Rect(x: 0, y: 0, width: w, height: h)
            let t = Transform3D.translation(coordinate(130) - 10, coordinate(100) - 10)
            let opaque = i % 3 != 2
            let c = TestPlans.color(u(1), u(1), u(1), opaque ? 1 : 0.2 + u(0.7))
            var item: DrawItem
            switch i % 7 {
            case 0, 1, 2, 3:
                item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(c), blend: opaque ? .copy : .sourceOver)
            case 4:
                item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(c),
                                shape: .roundedRect(r, radius: u(min(w, h) / 2)), aaEdges: .all)
            case 5:
                item = DrawItem(layer: 0, transform: t, rect: r,
                                paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1))
            default:
                item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(c), aaEdges: .all)
            }
            items.append(item)
        }
        return TestPlans.canvas(items, width: 140, height: 100, clear: TestPlans.color(0.9, 0.85, 0.8, 1),
                                images: [PlanImage(key: "opaque", image: opaqueImage)])
    }

    func testRandomStacksRenderTheSameBytesWithAndWithoutTheCut() throws {
        let gl = try GPU.executor()
        defer { gl.occlusionClip = true; gl.occlusionClipMinGain = OcclusionClip.minFragmentsPerExtraRect }
        // Every cut that saves a fragment, so the small pieces are cut too.
        gl.occlusionClipMinGain = 1
        var removed = 0, clipped = 0
        for seed: UInt64 in [1, 2, 3, 4, 5, 6] {
            let plan = Self.stack(seed: seed, count: seed % 2 == 0 ? 60 : 250)
            gl.occlusionClip = false
            let whole = try gl.execute(plan)
            XCTAssertEqual(gl.lastStats.occlusionClippedPieces, 0)
            gl.occlusionClip = true
            let cut = try gl.execute(plan)
            removed += gl.lastStats.occlusionFragmentsRemoved
            clipped += gl.lastStats.occlusionClippedPieces
            XCTAssertEqual(cut.pixels, whole.pixels, "seed \(seed): \(ImageDiff(cut, whole))")
            if seed == 1 { try assertAgree("occlusion-clipped stack", plan, gpu: gl) }
        }
        print("[occlusion clip] \(clipped) pieces cut, \(removed) hidden fragments not rasterized")
        XCTAssertGreaterThan(clipped, 50)
        XCTAssertGreaterThan(removed, 10_000)
    }
}
