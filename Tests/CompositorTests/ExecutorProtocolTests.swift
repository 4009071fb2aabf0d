// CompositorTests: executors behind one protocol — the registry behind
// `--backend`, and one plan run on every executor that opens, through
// `PlanExecutor` alone: same image, common stats, kept bitmaps, overdraw.

import XCTest
import Compare
import Compositor

final class ExecutorProtocolTests: XCTestCase {
    func testBackendChoicesComeFromTheRegistry() {
        XCTAssertEqual(Executors.all.map(\.name), ["gpu", "cpu"])
        XCTAssertEqual(BackendChoice.allCases.map(\.rawValue), ["gpu", "cpu", "auto"])
        XCTAssertEqual(BackendChoice(rawValue: "cpu"), .cpu)
        XCTAssertNil(BackendChoice(rawValue: "vulkan"))
        XCTAssertEqual(try Executors.open(.cpu).name, "cpu")
    }

    func testOnePlanRunsOnEveryExecutorThroughTheProtocol() throws {
        let scene = try SceneLoader.load(path: FixturePaths.scenes.appendingPathComponent("rasterize.json").path)
        let (plan, _) = try Renderer.plan(scene: scene)
        var executors: [any PlanExecutor] = []
        for r in Executors.all {
            do { executors.append(try r.open(ExecutorSettings())) } catch { print("\(r.name) unavailable: \(error)") }
        }
        XCTAssertTrue(executors.contains { $0.name == "cpu" })
        var images: [String: Image] = [:]
        var overdraw: [String: [UInt32]] = [:]
        for e in executors {
            let out = try Renderer(executor: e).execute(plan)
            XCTAssertEqual(out.backend, e.name)
            XCTAssertGreaterThan(out.execution.drawCalls, 0, e.name)
            XCTAssertFalse(out.execution.reportFields.isEmpty, e.name)
            images[e.name] = out.image
            overdraw[e.name] = try e.countOverdraw(plan).canvas.counts
            // Frames keep rasterized bitmaps under their keys until dropped.
            let r = Renderer(executor: e)
            _ = try r.renderFrame(scene: scene, time: 0)
            XCTAssertFalse(e.retainedKeys.isEmpty, e.name)
            e.dropRetained()
            XCTAssertTrue(e.retainedKeys.isEmpty, e.name)
        }
        if let g = images["gpu"], let c = images["cpu"] {
            let d = try ImageDifference.compare(g, c)
            XCTAssertTrue(Tolerance.default.accepts(d), "\(d)")
            XCTAssertEqual(overdraw["gpu"], overdraw["cpu"])
        }
    }
}
