// Issue 12 item 5 on both backends: a triangle stroked with round joins on
// a 2× canvas drew a grey line from the canvas edge to the triangle (the
// sweep cut a slab one rounding error tall under the join's top chord).
// Everything more than a pixel outside the stroke must stay background.

import XCTest
import Compositor
import GLES
import Layers
import Raster

final class RoundJoinStrayLineTests: XCTestCase {
    static let json = """
        {"canvas":{"width":100,"height":60,"scale":2,"backgroundColor":"#FFFFFF"},
         "sublayers":[{"type":"shape","frame":[50,10,40,40],"path":"M 20 2 L 25 15 L 15 15 Z",
           "fillColor":null,"strokeColor":"#000000","lineWidth":1.5,"lineJoin":"round"}]}
        """

    /// The stroke's box in pixels: path box 15…25 × 2…15 in a layer at
    /// (50, 10), widened by half the line width, times the canvas scale 2.
    static let strokeBox = (minX: 128.5, minY: 22.5, maxX: 151.5, maxY: 51.5)

    func check(_ renderer: Renderer, _ backend: String) throws {
        let scene = try SceneLoader.parse(json: Array(Self.json.utf8), baseDirectory: "/", name: "repro5.json")
        let img = try renderer.render(scene: scene).image
        XCTAssertEqual(img.width, 200)
        var stray: [String] = []
        var dark = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = img[x, y]
                if p.0 < 128 { dark += 1 }
                let b = Self.strokeBox
                let near = Double(x + 1) >= b.minX - 1 && Double(x) <= b.maxX + 1
                    && Double(y + 1) >= b.minY - 1 && Double(y) <= b.maxY + 1
                if !near && (p.0, p.1, p.2) != (255, 255, 255) { stray.append("(\(x), \(y)) = \(p.0)") }
            }
        }
        XCTAssertGreaterThan(dark, 100, "\(backend): the triangle itself is drawn")
        XCTAssertTrue(stray.isEmpty, "\(backend): \(stray.count) pixels drawn away from the stroke, first \(stray.prefix(5))")
    }

    func testCPU() throws {
        try check(Renderer(executor: .cpu(CPUExecutor())), "cpu")
    }

    func testGPU() throws {
        let gpu: GLESExecutor
        do { gpu = try GLESExecutor(platform: .auto) } catch { throw XCTSkip("no EGL display could be opened: \(error)") }
        try check(Renderer(executor: .gpu(gpu)), "gpu")
    }
}
