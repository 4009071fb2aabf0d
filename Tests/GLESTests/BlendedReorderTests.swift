// GLESTests: blended pieces leave painter order to share draw calls
// (BlendedScheduling). Draw-call counts of small patterns worked out by
// hand (the fewest batches any order allows), and random stacks of
// translucent quads of several programs and textures, some overlapping and
// some not, whose pixels are computed here by source-over in painter order
// and must come out the same, byte for byte, with and without reordering.

import XCTest
import Geometry
import Images
import Plan
import TestSupport
@testable import GLES

final class BlendedReorderTests: XCTestCase {
    /// A blended piece: the axis-aligned square (x, y, side) drawn with `state`.
    static func piece(_ x: Float, _ y: Float, _ side: Float, _ state: BatchState, order: Int) -> DrawPiece {
        var v = [Float](repeating: 0, count: 4 * VertexLayout.stride)
        for (k, p) in [(x, y), (x + side, y), (x + side, y + side), (x, y + side)].enumerated() {
            v[k * VertexLayout.stride] = p.0; v[k * VertexLayout.stride + 1] = p.1
        }
        return DrawPiece(geometry: ItemGeometry(vertices: v), state: state, order: order, opaque: false)
    }

    static func textured(_ id: UInt32) -> BatchState {
        BatchState(program: .texture, textures: [id], filter: .linear, blend: .sourceOver)
    }

    static func batchCount(_ pieces: [DrawPiece], reorder: Bool = true) -> Int {
        PassOrdering.batches(pieces, opaqueFirst: true, reorderBlended: reorder).count
    }

    /// The floor `schedule` reports under any order's batch count.
    static func lowerBound(_ pieces: [DrawPiece]) -> Int? {
        PassOrdering.schedule(pieces, opaqueFirst: true).lowerBound
    }

    /// 30 squares far apart (no two overlap), cycling through 10 textures:
    /// nothing forces an order, so one batch per texture — 10. In painter
    /// order every square changes texture: 30.
    func testDisjointPiecesTakeOneCallPerState() {
        let pieces = (0..<30).map { Self.piece(Float($0 % 6) * 40, Float($0 / 6) * 40, 20, Self.textured(UInt32(1 + $0 % 10)),
                                               order: $0) }
        XCTAssertEqual(Self.batchCount(pieces), 10)
        XCTAssertEqual(Self.lowerBound(pieces), 10, "10 states")
        XCTAssertEqual(Self.batchCount(pieces, reorder: false), 30)
    }

    /// Six squares on one spot alternating two textures: each overlaps all
    /// before it, so none may move — 6 calls, reordering or not.
    func testAStackKeepsEveryStateChange() {
        let pieces = (0..<6).map { Self.piece(10, 10, 20, Self.textured(UInt32(1 + $0 % 2)), order: $0) }
        XCTAssertEqual(Self.batchCount(pieces), 6)
        XCTAssertEqual(Self.lowerBound(pieces), 6, "a chain of 6 with 5 state changes")
        XCTAssertEqual(Self.batchCount(pieces, reorder: false), 6)
    }

    /// Two stacks far apart, interleaved in painter order: stack 1 is
    /// A B A B, stack 2 is B A B A (A, B two textures). Batches are one state
    /// each, so their sequence must hold both ABAB and BABA as subsequences:
    /// the shortest such sequence has 5 (ABABA); painter order A B B A A B B A
    /// merging neighbours is 5 too. A third stack C D C D far from both (its
    /// piece after each pair) shares no state with them: 5 + 4 = 9 at best,
    /// while painter order A B C B A D A B C B A D changes state at every piece: 12.
    func testInterleavedStacksTakeTheShortestCommonSequence() {
        let a = Self.textured(1), b = Self.textured(2), c = Self.textured(3), d = Self.textured(4)
        var pieces: [DrawPiece] = []
        for k in 0..<4 {
            pieces.append(Self.piece(0, 0, 20, k % 2 == 0 ? a : b, order: pieces.count))
            pieces.append(Self.piece(100, 0, 20, k % 2 == 0 ? b : a, order: pieces.count))
        }
        XCTAssertEqual(Self.batchCount(pieces), 5)
        XCTAssertEqual(Self.batchCount(pieces, reorder: false), 5)
        XCTAssertEqual(Self.lowerBound(pieces), 4, "the floor sees one chain at a time: 4 under the best 5")
        var three: [DrawPiece] = []
        for k in 0..<4 {
            three.append(Self.piece(0, 0, 20, k % 2 == 0 ? a : b, order: three.count))
            three.append(Self.piece(100, 0, 20, k % 2 == 0 ? b : a, order: three.count))
            three.append(Self.piece(200, 0, 20, k % 2 == 0 ? c : d, order: three.count))
        }
        XCTAssertEqual(Self.batchCount(three), 9)
        XCTAssertEqual(Self.batchCount(three, reorder: false), 12)
    }

    /// A short stack A B and a long one B A B A B far from it, the short
    /// one first in painter order. The fewest batches are 5 (B A B A B holds
    /// A B), but only when the first batch is B, the state of the longest
    /// chain: drawing A first because it is ready first costs 6, as does
    /// painter order (A, B B, A, B, A, B).
    func testTheLongestChainGoesFirst() {
        let a = Self.textured(1), b = Self.textured(2)
        let pieces = [Self.piece(0, 0, 20, a, order: 0), Self.piece(100, 0, 20, b, order: 1),
                      Self.piece(0, 0, 20, b, order: 2)]
            + [a, b, a, b].enumerated().map { Self.piece(100, 0, 20, $0.element, order: 3 + $0.offset) }
        XCTAssertEqual(Self.batchCount(pieces), 5)
        XCTAssertEqual(Self.batchCount(pieces, reorder: false), 6)
        XCTAssertEqual(Self.lowerBound(pieces), 5)
    }

    /// Geometry far off the pass (the grid then has coarse cells, at most
    /// BlendedScheduling.maxCells a side) and a piece with NaN coordinates:
    /// every overlapping pair still keeps painter order, nothing traps.
    func testFarAndBrokenGeometryKeepsOverlapsInOrder() {
        var rng = SplitMix64(seed: 99)
        var pieces: [DrawPiece] = []
        for i in 0..<200 {
            let far = i % 3 == 0
            let x = Float(rng.unit() * 300) + (far ? 3e7 : 0), y = Float(rng.unit() * 300) + (far ? -2e7 : 0)
            pieces.append(Self.piece(x, y, Float(5 + rng.unit() * 60), Self.textured(UInt32(1 + i % 3)), order: i))
        }
        pieces.append(Self.piece(-1e30, -1e30, 2e30, Self.textured(2), order: 200))
        var broken = pieces
        broken.append(Self.piece(.nan, 0, 10, Self.textured(1), order: 201))
        for set in [pieces, broken] {
            let batches = PassOrdering.batches(set, opaqueFirst: true)
            var position = [Int](repeating: -1, count: set.count)
            var n = 0
            for b in batches { for p in b.pieces { position[p] = n; n += 1 } }
            XCTAssertEqual(n, set.count)
            for a in set.indices {
                for b in (a + 1)..<set.count where set[a].overlaps(set[b].box) {
                    XCTAssertLessThan(position[a], position[b], "pieces \(a) and \(b) of \(set.count) overlap but were swapped")
                }
            }
        }
        XCTAssertNotNil(BlendedScheduling.batches(pieces, order: Array(pieces.indices), depthTest: false),
                        "far geometry still goes through the overlap graph")
    }

    /// Flat pieces blended and not (a `.copy` quad in painter-order mode)
    /// share one batch, which then blends: Batcher.merge's rule holds in the schedule.
    func testSolidBlendModesShareABatch() {
        let over = BatchState(program: .flat, textures: [], filter: .nearest, blend: .sourceOver)
        var copy = over
        copy.blend = .copy
        let pieces = [Self.piece(0, 0, 10, over, order: 0), Self.piece(50, 0, 10, copy, order: 1),
                      Self.piece(100, 0, 10, over, order: 2)]
        let batches = PassOrdering.batches(pieces, opaqueFirst: true)
        XCTAssertEqual(batches.count, 1)
        XCTAssertEqual(batches.first?.state.blend, .sourceOver)
    }

    // MARK: - Pixels

    /// A premultiplied colour given by its bytes (exact through Float and back).
    static func bytes(_ c: [Int]) -> PremultipliedColor {
        PremultipliedColor(r: Double(c[0]) / 255, g: Double(c[1]) / 255, b: Double(c[2]) / 255, a: Double(c[3]) / 255)
    }

    /// `count` translucent squares on whole pixels, each drawn one of four
    /// ways that write exactly the same value (flat quad, antialiased quad
    /// whose coverage is exactly 1 inside and 0 outside, nearest-sampled
    /// uniform images A and B at full opacity), from `palette`, some piled
    /// up and some alone; and the canvas computed by hand: source-over in
    /// painter order with llvmpipe's 8-bit rounding (FlatInteriorTests).
    /// A `palette` colour of alpha 255 makes opaque flat squares (`.copy`, as
    /// PlanBuilder emits them: drawn in the opaque phase); `opaqueShift`
    /// moves those right by as many pixels (kept on the canvas), the rest
    /// of the stack as it was.
    static func stack(count: Int, seed: UInt64,
                      palette: [[Int]] = [[200, 20, 20, 200], [10, 90, 10, 128], [0, 0, 150, 150], [60, 60, 0, 90],
                                          [5, 40, 80, 100]], opaqueShift: Int = 0) -> (RenderPlan, [UInt8]) {
        let width = 96, height = 64
        var rng = SplitMix64(seed: seed)
        func uniform(_ c: [Int]) -> Image {
            Image(width: 4, height: 4, pixels: [UInt8]((0..<16).flatMap { _ in c.map { UInt8($0) } }))
        }
        let imageColors = [palette[1], palette[3]]
        let images = imageColors.enumerated().map { PlanImage(key: "uniform\($0.offset)", image: uniform($0.element)) }
        var items: [DrawItem] = []
        var expected = [UInt8](repeating: 255, count: width * height * 4)
        for _ in 0..<count {
            // A third of the squares go to a corner of their own, the rest pile up in the middle.
            let alone = rng.next() % 3 == 0
            let side = 3 + Int(rng.next() % (alone ? 6 : 20))
            var x = alone ? Int(rng.next() % UInt64(width - side)) : 30 + Int(rng.next() % 20)
            let y = alone ? Int(rng.next() % UInt64(height - side)) : 20 + Int(rng.next() % 16)
            let r = Rect(x: 0, y: 0, width: Double(side), height: Double(side))
            let kind = Int(rng.next() % 4)
            var color = palette[Int(rng.next() % UInt64(palette.count))]
            if kind == 0 && color[3] == 255 { x = min(x + opaqueShift, width - side) }
            let t = Transform3D.translation(Double(x), Double(y))
            switch kind {
            case 0: items.append(DrawItem(layer: 0, transform: t, rect: r, paint: .solid(bytes(color)),
                                          blend: color[3] == 255 ? .copy : .sourceOver))
            case 1: items.append(DrawItem(layer: 0, transform: t, rect: r, paint: .solid(bytes(color)), aaEdges: .all))
            default:
                color = imageColors[kind - 2]
                items.append(DrawItem(layer: 0, transform: t, rect: r,
                                      paint: .texture(.image(kind - 2), uv: TestPlans.unitUV(r), filter: .nearest, opacity: 1)))
            }
            for py in y..<(y + side) {
                for px in x..<(x + side) {
                    for ch in 0..<4 {
                        let k = (py * width + px) * 4 + ch
                        let d = Int(expected[k])
                        expected[k] = UInt8(color[ch] + Int((Double(d * (255 - color[3])) / 255).rounded()))
                    }
                }
            }
        }
        let plan = TestPlans.canvas(items, width: width, height: height, clear: bytes([255, 255, 255, 255]), images: images)
        return (plan, expected)
    }

    func testReorderingKeepsThePixels() throws {
        let gl = try GPU.executor()
        defer { gl.reorderBlended = true; gl.flatBlended = true }
        for seed: UInt64 in [3, 14, 15] {
            let (plan, expected) = Self.stack(count: 160, seed: seed)
            gl.reorderBlended = false
            let painter = try gl.execute(plan)
            let painterCalls = gl.lastStats.drawCalls
            gl.reorderBlended = true
            let reordered = try gl.execute(plan)
            let calls = gl.lastStats.drawCalls
            print("[blended reorder] seed \(seed): \(painterCalls) draw calls in painter order, \(calls) reordered")
            XCTAssertEqual(painter.pixels, expected, "seed \(seed): painter order vs hand-computed \(ImageDiff(painter, Image(width: plan.width, height: plan.height, pixels: expected)))")
            XCTAssertEqual(reordered.pixels, expected, "seed \(seed): reordered vs hand-computed \(ImageDiff(reordered, Image(width: plan.width, height: plan.height, pixels: expected)))")
            XCTAssertLessThan(calls, painterCalls, "seed \(seed)")
            XCTAssertLessThanOrEqual(gl.lastStats.drawCallsLowerBound, calls, "seed \(seed)")
            // One program for every blended solid piece: fewer calls, the same bytes.
            gl.flatBlended = false
            let coverageOnly = try gl.execute(plan)
            gl.flatBlended = true
            XCTAssertEqual(coverageOnly.pixels, expected, "seed \(seed): without ps_flat in the blended phase")
        }
    }
}
