// Tests for the sweep's cheaper orderings and its honest work count (issue
// 18): orders kept from slab to slab and re-sorted by insertion are the
// orders a sort from scratch gives; the spans above and below a span are
// found by binary search without changing what is subtracted; and a path
// of very many vertices is refused before its up-front sorts.

import XCTest
@testable import Geometry

final class TrapezoidSweepWorkTests: XCTestCase {
    struct Numbers: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        mutating func next(_ n: Int) -> Int { Int((next() >> 33) % UInt64(n)) }
    }

    func testReorderGivesTheOrderOfASortFromScratch() {
        var r = Numbers(state: 7)
        for trial in 0..<200 {
            let n = 1 + r.next(300)
            // Keys with many ties; the edge number breaks them (a total order).
            let key = (0..<n).map { _ in r.next(20) }
            func less(_ i: Int, _ j: Int) -> Bool { key[i] != key[j] ? key[i] < key[j] : i < j }
            let sorted = (0..<n).sorted(by: less)
            var start = sorted
            switch trial % 3 {
            case 0: for _ in 0..<3 { start.swapAt(r.next(n), r.next(n)) }  // nearly sorted
            case 1: start.reverse()  // far from sorted: sorts from scratch
            default: start.shuffle(using: &r)
            }
            var order = start
            let work = Trapezoids.reorder(&order, by: less)
            XCTAssertEqual(order, sorted, "trial \(trial)")
            if trial % 3 == 1 && n > 64 {
                XCTAssertGreaterThanOrEqual(work, Trapezoids.sortingWork(n), "a reversed order counts a sort from scratch")
            }
        }
    }

    func testNearbyIntervalsSubtractLikeAllOfThem() {
        var r = Numbers(state: 11)
        for trial in 0..<300 {
            // Ascending, touching or disjoint intervals, like a slab's spans.
            var x = Double(r.next(10)), covered: [(Double, Double)] = []
            for _ in 0..<(1 + r.next(40)) {
                let w = Double(r.next(8))
                covered.append((x, x + w))
                x += w + Double(r.next(3))
            }
            let eps = [0, 1e-7, 0.5][trial % 3]
            for _ in 0..<20 {
                let a = Double(r.next(Int(x) + 10)) - 5, b = a + Double(r.next(12)) - 2
                let lo = min(a, b), hi = max(a, b)
                let some = Trapezoids.nearby(covered, ascending: Trapezoids.ascending(covered), lo, hi, eps: eps)
                let all = covered[...]
                let s1 = Trapezoids.subtract(a, b, some, eps: eps), s2 = Trapezoids.subtract(a, b, all, eps: eps)
                XCTAssertEqual(s1.map(\.0), s2.map(\.0), "trial \(trial): [\(a), \(b)]")
                XCTAssertEqual(s1.map(\.1), s2.map(\.1), "trial \(trial): [\(a), \(b)]")
                let m = (lo + hi) / 2
                XCTAssertEqual(Trapezoids.covers(some, m, m, eps: eps), Trapezoids.covers(all, m, m, eps: eps))
            }
        }
    }

    func testAPathOfTooManyVerticesIsRefusedBeforeSorting() {
        // A rectangle whose top and bottom are cut into 1,000,000 points
        // each: the sweep drops the horizontal edges (two vertical ones are
        // left), but every vertex is sorted first, and those sorts alone are
        // over the budget.
        let n = 1_000_000
        let top = (0...n).map { Vec2(Double($0) * 1e-3, 0) }
        let bottom = (0...n).reversed().map { Vec2(Double($0) * 1e-3, 10) }
        XCTAssertGreaterThan(Trapezoids.sortingWork(top.count + bottom.count), Trapezoids.maximumWork)
        XCTAssertThrowsError(try Trapezoids.decomposeChecked([top + bottom], rule: .nonZero)) { error in
            XCTAssertTrue("\(error)".contains("too complex to fill"), "\(error)")
        }
        // The same rectangle with fewer points is one trapezoid.
        let few = Array(top.prefix(1000)) + [Vec2(top[999].x, 10), Vec2(0, 10)]
        XCTAssertEqual(try Trapezoids.decomposeChecked([few], rule: .nonZero).count, 1)
    }
}
