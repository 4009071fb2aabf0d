// The `experiment layers` grid: its builder makes W×H×D squares (or the
// chosen subset), and culling never changes its image (CPU reference).

import XCTest
import Compositor
import Raster

final class LayerGridTests: XCTestCase {
    func testGridBuilderMakesEveryLayer() {
        let g = LayerGrid(width: 4, height: 3, depth: 2)
        XCTAssertEqual(g.layerCount, 24)
        let root = g.build()
        XCTAssertEqual(root.sublayers.count, 1)
        let squares = root.sublayers[0].sublayers
        XCTAssertEqual(squares.count, 24)
        XCTAssertEqual(Set(squares.compactMap(\.name)).count, 24)
        // Back to front, as in the book.
        XCTAssertEqual(squares.first?.zPosition, -150)
        XCTAssertEqual(squares.last?.zPosition, 0)
        XCTAssertEqual(root.sublayers[0].sublayerTransform.m34, -1.0 / 500)
        let some = g.build(including: { $0.z == 0 && $0.x < 2 })
        XCTAssertEqual(some.sublayers[0].sublayers.count, 6)
        XCTAssertEqual(LayerGrid("100x100x10")?.layerCount, 100_000)
        XCTAssertNil(LayerGrid("10x10"))
        XCTAssertEqual(LayerGrid.Cell(name: "3,4,5"), LayerGrid.Cell(x: 3, y: 4, z: 5))
    }

    func testCullingDoesNotChangeTheGridImage() throws {
        var g = LayerGrid(width: 12, height: 12, depth: 3)
        g.canvasWidth = 320; g.canvasHeight = 200
        let root = g.build()
        let cpu = CPUExecutor()
        let onBuilder = PlanBuilder(options: PlanOptions(cull: true))
        let on = onBuilder.build(root: root, width: 320, height: 200)
        let off = PlanBuilder.build(root: root, width: 320, height: 200, options: PlanOptions(cull: false))
        XCTAssertGreaterThan(onBuilder.stats.culledOutsideCanvas, 0, "the small canvas should hide some squares")
        XCTAssertEqual(try cpu.execute(on), try cpu.execute(off))
        // The scene of only the squares the culled plan drew renders the same image.
        let cells = Set(on.layerNames.compactMap(LayerGrid.Cell.init(name:)))
        XCTAssertLessThan(cells.count, g.layerCount)
        let visible = PlanBuilder.build(root: g.build(including: { cells.contains($0) }), width: 320, height: 200)
        XCTAssertEqual(try cpu.execute(visible), try cpu.execute(on))
    }
}
