// RasterTests: malformed plans throw a PlanError before anything is
// drawn; nothing traps.

import XCTest
import Geometry
import Images
import Plan
@testable import Raster

final class ErrorTests: XCTestCase {
    func pass(_ id: Int, _ w: Int = 4, _ h: Int = 4, _ content: PassContent = .draw([])) -> RenderPass {
        RenderPass(id: id, width: w, height: h, reason: .canvas, layerName: nil, clear: .clear, content: content)
    }

    func expect(_ plan: RenderPlan, _ error: PlanError, line: UInt = #line) {
        XCTAssertThrowsError(try CPUExecutor().execute(plan), line: line) { e in
            XCTAssertEqual(e as? PlanError, error, line: line)
            XCTAssertFalse("\(e)".isEmpty)
        }
    }

    func plan(_ passes: [RenderPass], images: [PlanImage] = []) -> RenderPlan {
        RenderPlan(width: 4, height: 4, passes: passes, images: images, layerNames: [])
    }

    func testMalformedPlansThrow() {
        let tex = { (r: TextureRef) in PassContent.draw([Fixture.textured(Rect(x: 0, y: 0, width: 4, height: 4), r, filter: .nearest)]) }
        expect(plan([]), .planHasNoPasses)
        expect(plan([pass(0, 0, 4)]), .passHasZeroSize(pass: 0, width: 0, height: 4))
        expect(plan([pass(0, 4, -1)]), .passHasZeroSize(pass: 0, width: 4, height: -1))
        expect(plan([pass(0, 20_000, 4)]), .passIsTooLarge(pass: 0, width: 20_000, height: 4, limit: CPUExecutor.maxPassSize))
        expect(plan([pass(1), pass(1)]), .passIDIsDuplicated(1))
        expect(plan([pass(0, 4, 4, tex(.image(2)))]), .itemRefersToMissingImage(pass: 0, item: 0, image: 2, imageCount: 0))
        expect(plan([pass(0, 4, 4, tex(.pass(5))), pass(5)]), .passRefersToLaterPass(pass: 0, referenced: 5))
        expect(plan([pass(0, 4, 4, tex(.pass(0)))]), .passRefersToLaterPass(pass: 0, referenced: 0))
        expect(plan([pass(0, 4, 4, tex(.pass(9)))]), .passRefersToUnknownPass(pass: 0, referenced: 9))
        expect(plan([pass(0, 4, 4), pass(1, 5, 4, .blur(BlurStep(source: 0, axis: .vertical, sigma: 2)))]),
               .blurSourceHasDifferentSize(pass: 1, source: 0))
        expect(plan([pass(1, 4, 4, .blur(BlurStep(source: 2, axis: .vertical, sigma: 2))), pass(2)]),
               .passRefersToLaterPass(pass: 1, referenced: 2))
    }

    func testDegenerateItemsAreSkippedNotFatal() throws {
        var singular = Transform3D.identity
        singular.m11 = 0; singular.m21 = 0   // collapses x: no inverse
        var nan = Transform3D.identity
        nan.m41 = .nan
        var behind = Transform3D.identity
        behind.m44 = -1                      // entirely behind the eye
        let items = [singular, nan, behind].map {
            Fixture.solid(Rect(x: 0, y: 0, width: 4, height: 4), Fixture.bytes(255, 0, 0, 255), transform: $0)
        } + [Fixture.solid(Rect(x: 1, y: 1, width: 0, height: 3), Fixture.bytes(255, 0, 0, 255))]
        let (img, stats) = try Fixture.render(Fixture.plan(4, 4, items))
        XCTAssertEqual(img.px(2, 2), [0, 0, 0, 0])
        XCTAssertEqual(stats.drawItems, 4)
        XCTAssertEqual(stats.fragmentsWritten, 0)
    }

    func testNaNTextureCoordinatesDoNotTrap() throws {
        var img = Image(width: 2, height: 2)
        img.fill(9, 9, 9, 9)
        let item = DrawItem(layer: 0, transform: .identity, rect: Rect(x: 0, y: 0, width: 4, height: 4),
                            paint: .texture(.image(0), uv: Homography(.nan, 0, 0, 0, 1, 0, 0, 0, 1), filter: .linear, opacity: 1))
        _ = try Fixture.render(Fixture.plan(4, 4, [item], images: [img]))
    }
}
