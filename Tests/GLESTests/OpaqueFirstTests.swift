// GLESTests: opaque first, blended after (PassOrdering). A pile of
// overlapping items of every opaque kind (.copy quads, opaque rounded rects
// with their interiors split off, fully opaque images at full opacity) and
// blended ones (translucent fills, images with alpha, antialiased edges,
// clips) must render the very bytes painter order renders, on the GPU and
// against the CPU executor; the batch ordering itself must never swap two
// blended pieces that overlap.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
import Raster
@testable import GLES

final class OpaqueFirstTests: XCTestCase {
    /// 400 overlapping items, seeded.
    static var pile: RenderPlan { pile(count: 400) }

    static func pile(count: Int) -> RenderPlan {
        var rng = SplitMix64(seed: 1403)
        func u(_ b: Double) -> Double { rng.unit() * b }
        var texels = [UInt8](repeating: 255, count: 16 * 12 * 4)
        for i in 0..<(16 * 12) {
            texels[4 * i] = UInt8(i % 16 * 16)
            texels[4 * i + 1] = UInt8(i / 16 * 20)
            texels[4 * i + 2] = 200
        }
        let opaqueImage = Image(width: 16, height: 12, pixels: texels)
        let images = [PlanImage(key: "alpha", image: TestPlans.image(20, 14, seed: 5)),
                      PlanImage(key: "opaque", image: opaqueImage)]
        var items: [DrawItem] = []
        for i in 0..<count {
            let w = 6 + u(30), h = 6 + u(24)
            let r = Rect(x: 0, y: 0, width: w, height: h)
            var t = Transform3D.translation(u(150) - 10, u(110) - 10)
            if i % 5 == 0 { t = TestPlans.about(.rotation(u(3), 0, 0, 1), centre: Vec2(w / 2, h / 2)).concatenating(t) }
            let opaque = i % 3 != 0
            let c = TestPlans.color(u(1), u(1), u(1), opaque ? 1 : 0.2 + u(0.7))
            var item: DrawItem
            switch i % 6 {
            case 0, 1:
                item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(c), blend: opaque ? .copy : .sourceOver)
            case 2, 3:
                item = DrawItem(layer: 0, transform: t, rect: r, paint: .solid(c),
                                shape: .roundedRect(r, radius: u(min(w, h) / 2)), aaEdges: .all)
            case 4:
                item = DrawItem(layer: 0, transform: t, rect: r,
                                paint: .texture(.image(1), uv: TestPlans.unitUV(r), filter: i % 4 == 0 ? .nearest : .linear,
                                                opacity: opaque ? 1 : 0.7))
            default:
                item = DrawItem(layer: 0, transform: t, rect: r,
                                paint: .texture(.image(0), uv: TestPlans.unitUV(r), filter: .linear, opacity: 1),
                                aaEdges: i % 4 == 1 ? .all : [])
            }
            if i % 17 == 0 { item.clip = [Vec2(0, 0), Vec2(140, 10), Vec2(20, 100)] }
            items.append(item)
        }
        return RenderPlan(width: 140, height: 100,
                          passes: [RenderPass(id: 0, width: 140, height: 100, reason: .canvas, layerName: nil,
                                              clear: TestPlans.color(0.9, 0.9, 0.8, 1), content: .draw(items))],
                          images: images, layerNames: ["layer"])
    }

    func testOpaqueFirstRendersThePainterOrderPicture() throws {
        let gl = try GPU.executor()
        let plan = Self.pile
        defer { gl.opaqueFirst = true }
        gl.opaqueFirst = false
        let painter = try gl.execute(plan)
        let painterStats = gl.lastStats
        gl.opaqueFirst = true
        let ordered = try gl.execute(plan)
        let stats = gl.lastStats
        print("[opaque first] painter order: \(painterStats.drawCalls) draw calls; opaque first: \(stats.drawCalls) "
              + "(\(stats.opaqueDrawCalls) opaque), \(stats.opaqueInteriors) interiors")
        XCTAssertEqual(ordered.pixels, painter.pixels, "\(ImageDiff(ordered, painter))")
        XCTAssertEqual(stats.depthPasses, 1)
        XCTAssertEqual(painterStats.depthPasses, 0)
        XCTAssertGreaterThan(stats.opaqueInteriors, 20)
        XCTAssertEqual(stats.bufferUploads, 1)
        XCTAssertLessThan(stats.drawCalls, painterStats.drawCalls)
        try assertAgree("opaque-first pile", plan, gpu: gl)
    }

    /// The GPU counter in opaque-first mode counts, per pixel, the
    /// fragments that pass the depth test; worked out here from each item's
    /// own per-pixel counts (the CPU counter, item by item): the topmost
    /// opaque writer (a whole opaque item or an opaque interior) plus every
    /// blended item above it — the rule DrawItem+Opaque.swift states.
    func testOpaqueFirstCountsTheTopmostOpaqueWriterAndTheBlendedAbove() throws {
        _ = try GPU.executor()
        let plan = Self.pile(count: 120)
        let items = plan.canvasPass.items
        func single(_ item: DrawItem) throws -> [UInt32] {
            var p = plan
            p.passes[0].content = .draw([item])
            return try CPUExecutor().countOverdraw(p).passes[0].counts
        }
        let n = plan.width * plan.height
        var expected = [UInt32](repeating: 0, count: n)
        var covered = [Bool](repeating: false, count: n)   // an opaque writer above was found
        for k in items.indices.reversed() {
            let item = items[k]
            let whole = try single(item)
            let opaque = item.isOpaque(imageIsOpaque: { plan.images[$0].isFullyOpaque })
            let interior = try item.opaqueInterior.map(single)
            for p in 0..<n where !covered[p] {
                if let inner = interior, inner[p] > 0 { expected[p] += 1; covered[p] = true; continue }
                guard whole[p] > 0 else { continue }
                expected[p] += 1
                if opaque { covered[p] = true }
            }
        }
        let counter = try GPUOverdrawCounter(platform: EGLPlatformChoice(rawValue: try GPU.executor().info.eglPlatform) ?? .auto)
        counter.opaqueFirst = true
        let got = try counter.count(plan).passes[0].counts
        counter.opaqueFirst = false
        let all = try counter.count(plan).passes[0].counts
        let sumGot = got.reduce(0, +), sumAll = all.reduce(0, +)
        print("[opaque first] fragments through the depth test \(sumGot) of \(sumAll) in painter order")
        XCTAssertEqual(got, expected)
        XCTAssertLessThan(sumGot, sumAll)
    }

    /// The blended phase merges a piece into an earlier batch of its state
    /// only past batches it does not overlap; overlapping pieces keep painter order.
    func testBlendedPiecesKeepPainterOrderWhereTheyOverlap() {
        var rng = SplitMix64(seed: 7)
        let states = [BatchState(program: .solid, textures: [], filter: .nearest, blend: .sourceOver),
                      BatchState(program: .texture, textures: [5], filter: .linear, blend: .sourceOver),
                      BatchState(program: .texture, textures: [6], filter: .linear, blend: .sourceOver)]
        var pieces: [DrawPiece] = []
        for i in 0..<300 {
            let x = Float(rng.unit() * 200), y = Float(rng.unit() * 200)
            let s = Float(4 + rng.unit() * 20)
            var v = [Float](repeating: 0, count: 4 * VertexLayout.stride)
            for (k, p) in [(x, y), (x + s, y), (x + s, y + s), (x, y + s)].enumerated() {
                v[k * VertexLayout.stride] = p.0; v[k * VertexLayout.stride + 1] = p.1
            }
            pieces.append(DrawPiece(geometry: ItemGeometry(vertices: v), state: states[Int(rng.next() % 3)],
                                    order: i, opaque: false))
        }
        let batches = PassOrdering.batches(pieces, opaqueFirst: true)
        var position = [Int](repeating: -1, count: pieces.count)
        var n = 0
        for b in batches {
            XCTAssertFalse(b.depthTest)
            for p in b.pieces { position[p] = n; n += 1; XCTAssertEqual(pieces[p].state, b.state) }
        }
        XCTAssertEqual(n, pieces.count)
        for a in pieces.indices {
            for b in (a + 1)..<pieces.count where pieces[a].overlaps(pieces[b].box) {
                XCTAssertLessThan(position[a], position[b], "pieces \(a) and \(b) overlap but were swapped")
            }
        }
        XCTAssertLessThan(batches.count, 200, "non-overlapping runs should merge")
        // One opaque piece under all the blended ones: no depth test (it could hide nothing).
        var background = pieces
        background.insert(DrawPiece(geometry: pieces[0].geometry,
                                    state: BatchState(program: .solid, textures: [], filter: .nearest, blend: .copy),
                                    order: -1, opaque: true), at: 0)
        XCTAssertFalse(PassOrdering.batches(background, opaqueFirst: true).contains(where: \.depthTest))
        // The same piece on top of them: the depth test hides what it covers.
        var top = pieces
        top.append(DrawPiece(geometry: pieces[0].geometry,
                             state: BatchState(program: .solid, textures: [], filter: .nearest, blend: .copy),
                             order: pieces.count, opaque: true))
        XCTAssertTrue(PassOrdering.batches(top, opaqueFirst: true).contains(where: \.depthTest))
    }
}
