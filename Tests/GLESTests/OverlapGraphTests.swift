// GLESTests: BlendedScheduling's overlap graph against its definition. An
// edge e → m for every e before m (in the given order) whose boxes overlap
// (open intervals on both axes, as `DrawPiece.overlaps`), successors sorted;
// `waiting` counts earlier overlapping pieces. The expected graph is the
// O(n²) pair test written out here, not the grid; one small case is by hand.

import XCTest
import Plan
import TestSupport
@testable import GLES

final class OverlapGraphTests: XCTestCase {
    static func square(_ x: Float, _ y: Float, _ side: Float, order: Int) -> DrawPiece {
        BlendedReorderTests.piece(x, y, side, BatchState(program: .solid, textures: [], filter: .nearest,
                                                          blend: .sourceOver), order: order)
    }

    /// The graph by definition: every pair tested.
    static func bruteForce(_ pieces: [DrawPiece], order: [Int]) -> (successors: [[Int]], waiting: [Int]) {
        var successors = [[Int]](repeating: [], count: order.count), waiting = [Int](repeating: 0, count: order.count)
        for m in order.indices {
            for e in 0..<m where pieces[order[e]].overlaps(pieces[order[m]].box) {
                successors[e].append(m); waiting[m] += 1
            }
        }
        return (successors, waiting)
    }

    static func lists(_ g: BlendedScheduling.Graph) -> [[Int]] {
        (0..<(g.start.count - 1)).map { Array(g.successors[g.start[$0]..<g.start[$0 + 1]]) }
    }

    /// By hand: A (0,0,10) and B (5,5,10) overlap; C (100,0,10) touches
    /// nothing; D (8,8,4) overlaps A and B. Boxes are widened by a pixel, so
    /// E (12,0,4) — 1 px right of A's edge, box 11…17 against A's −1…11 —
    /// still does not overlap A (open intervals); it overlaps B (x 4…16, y 4…16
    /// against its −1…5) but not D (y 7…13).
    func testSmallGraphByHand() throws {
        let pieces = [Self.square(0, 0, 10, order: 0), Self.square(5, 5, 10, order: 1),
                      Self.square(100, 0, 10, order: 2), Self.square(8, 8, 4, order: 3),
                      Self.square(12, 0, 4, order: 4)]
        let g = try XCTUnwrap(BlendedScheduling.overlapGraph(pieces, order: Array(0..<5)))
        XCTAssertEqual(Self.lists(g), [[1, 3], [3, 4], [], [], []])
        XCTAssertEqual(g.waiting, [0, 1, 0, 2, 1])
    }

    /// Random squares of all sizes over a large area (many grid cells,
    /// pieces spanning several), in a shuffled order: same edges and counts
    /// as the pair test.
    func testRandomBoxesMatchThePairTest() throws {
        var rng = SplitMix64(seed: 14)
        for round in 0..<20 {
            let n = 50 + round * 10
            var pieces: [DrawPiece] = []
            for i in 0..<n {
                let side = Float(rng.next() % 300) + 1
                pieces.append(Self.square(Float(rng.next() % 1500) - 100, Float(rng.next() % 900) - 100, side, order: i))
            }
            var order = Array(0..<n)
            for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            order = Array(order.prefix(n - 5))          // a subset, as the blended pieces of a pass are
            let g = try XCTUnwrap(BlendedScheduling.overlapGraph(pieces, order: order))
            let expected = Self.bruteForce(pieces, order: order)
            XCTAssertEqual(Self.lists(g), expected.successors, "round \(round)")
            XCTAssertEqual(g.waiting, expected.waiting, "round \(round)")
        }
    }
}
