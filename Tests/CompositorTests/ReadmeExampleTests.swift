// The README's Swift example, kept compiling and rendering here (on the CPU
// backend so it runs anywhere), so the documented API cannot drift.

import XCTest
import Compositor

final class ReadmeExampleTests: XCTestCase {
    func testReadmeExampleRendersACard() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 320, height: 240)
        root.backgroundColor = Color(hex: "#F2F2F7")

        let card = Layer()
        card.frame = Rect(x: 60, y: 50, width: 200, height: 140)
        card.backgroundColor = Color(hex: "#3366CC")
        card.cornerRadius = 16
        card.shadowOpacity = 0.4
        card.shadowOffset = Vec2(0, 6)
        card.shadowRadius = 8
        root.addSublayer(card)

        let output = try Renderer(backend: .cpu).render(root: root, scale: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID()).png").path
        try PNG.write(output.image, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }

        XCTAssertEqual(output.image.width, 640)
        XCTAssertEqual(output.image.height, 480)
        // Card centre is the card colour; the shadow darkens the background below the card.
        let (r, g, b, a) = output.image[320, 240]
        XCTAssertEqual([r, g, b, a], [0x33, 0x66, 0xCC, 255])
        let below = output.image[320, 388 + 8]
        XCTAssertLessThan(below.0, 0xF2)
        // An opaque rounded card's shadow needs no offscreen pass (PlanBuilder+BoundsShadow).
        XCTAssertNil(output.plan.offscreenPassesByReason[.shadow])
        XCTAssertEqual(try PNG.read(path: path), output.image)
    }
}
