// PlanTests: the plan's schedule (which passes read which, last use,
// when targets are free) and `RenderPlan.validate`, which both executors
// run before drawing.

import XCTest
import Geometry
import Plan

final class PlanScheduleTests: XCTestCase {
    func pass(_ id: Int, _ content: PassContent = .draw([]), load: LoadAction = .clear(.clear),
              size: Int = 8) -> RenderPass {
        RenderPass(id: id, width: size, height: size, reason: id == 9 ? .canvas : .groupOpacity, layerName: nil,
                   load: load, content: content)
    }

    func sample(_ ref: TextureRef) -> DrawItem {
        let r = Rect(x: 0, y: 0, width: 8, height: 8)
        return DrawItem(layer: 0, transform: .identity, rect: r,
                        paint: .texture(ref, uv: Homography.mapping(r, to: Rect(x: 0, y: 0, width: 1, height: 1)),
                                        filter: .nearest, opacity: 1))
    }

    func plan(_ passes: [RenderPass], images: Int = 0) -> RenderPlan {
        RenderPlan(width: 8, height: 8, passes: passes, images: [], layerNames: ["l"])
    }

    func testScheduleListsReadsAndLastUses() throws {
        // 1 ← blur of 0; 2 loads 1; canvas 9 samples 0 and 2 (twice); 3 is never read.
        let p = plan([pass(0), pass(1, .blur(BlurStep(source: 0, axis: .vertical, sigma: 1))),
                      pass(3), pass(2, load: .load(pass: 1)),
                      pass(9, .draw([sample(.pass(2)), sample(.pass(0)), sample(.pass(2))]))])
        let s = try p.validate()
        XCTAssertEqual(s, p.schedule)
        XCTAssertEqual(s.reads, [[], [0], [], [1], [2, 0]])
        XCTAssertEqual(s.lastUse, [0: 4, 1: 3, 3: 2, 2: 4, 9: 4])
        XCTAssertEqual(s.releasedAfter, [[], [], [3], [1], [0, 2]])
        XCTAssertEqual(s.index, [0: 0, 1: 1, 3: 2, 2: 3, 9: 4])
    }

    func testValidateFindsWhatExecutorsAssume() {
        func expect(_ p: RenderPlan, _ e: PlanError, held: Set<UInt64>? = nil, line: UInt = #line) {
            XCTAssertThrowsError(try p.validate(heldCacheKeys: held), line: line) {
                XCTAssertEqual($0 as? PlanError, e, line: line)
            }
        }
        expect(plan([]), .planHasNoPasses)
        expect(plan([pass(9, .draw([sample(.pass(9))]))]), .passRefersToLaterPass(pass: 9, referenced: 9))
        expect(plan([pass(0, load: .load(pass: 9)), pass(9)]), .passRefersToLaterPass(pass: 0, referenced: 9))
        expect(plan([pass(0, load: .load(pass: 4)), pass(9)]), .passRefersToUnknownPass(pass: 0, referenced: 4))
        expect(plan([pass(0, size: 4), pass(9, load: .load(pass: 0))]), .loadSourceHasDifferentSize(pass: 9, source: 0))
        expect(plan([pass(9, .draw([sample(.image(0))]))]),
               .itemRefersToMissingImage(pass: 9, item: 0, image: 0, imageCount: 0))
        expect(plan([pass(9, .draw([sample(.cached(7))]))]),
               .itemRefersToMissingCachedBitmap(pass: 9, item: 0, key: 7), held: [])
        XCTAssertThrowsError(try plan([pass(9, size: 100)]).validate(maxPassSize: 64)) {
            XCTAssertEqual($0 as? PlanError, .passIsTooLarge(pass: 9, width: 100, height: 100, limit: 64))
        }
        XCTAssertNoThrow(try plan([pass(9, .draw([sample(.cached(7))]))]).validate(heldCacheKeys: [7]))
        XCTAssertNoThrow(try plan([pass(9, .draw([sample(.cached(7))]))]).validate())
    }
}
