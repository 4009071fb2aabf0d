// Tests for the stroke outline's early refusal (issue 18): a stroke whose
// polygons would have more vertices than the trapezoid sweep accepts is
// refused while its outline is being built, after at most one polygon past
// the limit, instead of after building all of it; strokes within the limit
// come out exactly as `Stroker.outline` builds them; and the limit is the
// largest vertex count whose up-front sorting work fits the budget.

import XCTest
@testable import Geometry

final class StrokeOutlineBudgetTests: XCTestCase {
    /// A zigzag of `n` points, 10 units apart, turning 90° at every point.
    func zigzag(_ n: Int) -> [Polyline] {
        [Polyline(points: (0..<n).map { Vec2(Double($0) * 10, $0 % 2 == 0 ? 0 : 10) }, closed: false)]
    }

    func testTheLimitIsTheLargestCountWhoseSortsFitTheBudget() {
        for budget in [0, 1, 7, 100, 12_345, 500_000, Trapezoids.maximumWork] {
            let m = Trapezoids.maximumVertices(budget: budget)
            XCTAssertLessThanOrEqual(Trapezoids.sortingWork(m), budget, "budget \(budget)")
            XCTAssertGreaterThan(Trapezoids.sortingWork(m + 1), budget, "budget \(budget)")
        }
    }

    func testAStrokeWithinTheLimitIsTheOutlineItself() throws {
        let styles = [StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round),
                      StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .miter, dashPattern: [4, 2, 1, 2]),
                      StrokeStyle(lineWidth: 2, lineJoin: .bevel, strokeStart: 0.2, strokeEnd: 0.7)]
        for style in styles {
            let full = Stroker.outline(zigzag(40), style: style, tolerance: 0.25)
            XCTAssertFalse(full.isEmpty)
            XCTAssertEqual(try Stroker.outlineChecked(zigzag(40), style: style, tolerance: 0.25), full)
        }
    }

    func testAStrokeTooLargeToSortIsRefusedBeforeItIsBuilt() throws {
        // 4,000 round joins of 6-wide lines at tolerance 0.001: each join
        // and segment adds up to 40 vertices, about 100,000 in all.
        let style = StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)
        let full = Stroker.outline(zigzag(4_000), style: style, tolerance: 0.001)
        let fullCount = full.reduce(0) { $0 + $1.count }
        let budget = 50_000
        let limit = Trapezoids.maximumVertices(budget: budget)
        XCTAssertGreaterThan(fullCount, 4 * limit, "the stroke must be well over the limit for this test")
        // The sweep refuses the whole outline…
        XCTAssertThrowsError(try Trapezoids.decomposeChecked(full, rule: .nonZero, budget: budget))
        // …and the checked outline refuses it having built at most one
        // polygon (a round join: at most 258 vertices) past the limit.
        XCTAssertThrowsError(try Stroker.outlineChecked(zigzag(4_000), style: style, tolerance: 0.001,
                                                        budget: budget)) { error in
            guard let e = error as? Trapezoids.TooComplex else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(e.edges, limit)
            XCTAssertLessThanOrEqual(e.edges, limit + 258)
            XCTAssertTrue("\(e)".contains("over \(e.edges) edges"), "\(e)")
            XCTAssertTrue("\(e)".contains("\(budget) steps"), "\(e)")
        }
    }
}
