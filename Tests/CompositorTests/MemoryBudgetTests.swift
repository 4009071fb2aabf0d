// Issue 18 item 2: a frame's memory (pass targets and images) is estimated
// from its plan and refused over the budget before anything is allocated,
// with an error naming what is large; --memory-limit sets the budget.

import XCTest
import Foundation

final class MemoryBudgetTests: XCTestCase {
    func render(_ extra: [String]) throws -> (status: Int32, stderr: String, wrote: Bool) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let scene = FixturePaths.scenes.appendingPathComponent("background-border.json").path
        let r = try runCompositor(["render", scene, "-o", out, "--backend", "cpu"] + extra)
        return (r.status, r.stderr, FileManager.default.fileExists(atPath: out))
    }

    func testAFrameOverTheLimitIsRefusedNamingWhatIsLarge() throws {
        let r = try render(["--memory-limit", "100K"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("over the memory limit of 100 KiB (--memory-limit)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("largest: pass"), r.stderr)
        XCTAssertFalse(r.wrote)
    }

    func testWithinTheLimitRenders() throws {
        XCTAssertEqual(try render(["--memory-limit", "64M"]).status, 0)
        XCTAssertEqual(try render([]).status, 0, "the default budget (half the physical memory)")
    }

    func testABadLimitNamesTheOption() throws {
        let r = try render(["--memory-limit", "lots"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--memory-limit"), r.stderr)
    }
}
