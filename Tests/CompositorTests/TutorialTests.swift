// The tutorial's pictures (docs/tutorial/step-NN.png) are what its scenes
// render today: each step's scene loads and renders on the CPU backend and
// matches its picture exactly, so the tutorial cannot drift from the tool.
// Regenerate deliberately with UPDATE_REFERENCES=1, then look at the pictures.

import XCTest
import Compare
import Compositor
import Raster

final class TutorialTests: XCTestCase {
    func testEveryStepRendersItsPicture() throws {
        let dir = FixturePaths.root.appendingPathComponent("docs/tutorial")
        let steps = FixturePaths.jsonFiles(in: dir)
        XCTAssertEqual(steps.count, 10, "the tutorial has ten steps")
        let renderer = Renderer(executor: CPUExecutor())
        for url in steps {
            let picture = url.deletingPathExtension().appendingPathExtension("png").path
            let image = try renderer.render(scene: try SceneLoader.load(path: url.path)).image
            if FixturePaths.updateReferences { try PNG.write(image, to: picture); continue }
            let d = try ImageDifference.compare(image, try PNG.read(path: picture))
            XCTAssertTrue(d.isIdentical, "\(url.lastPathComponent): the picture is stale (max difference "
                          + "\(d.maxChannelDifference.max)); run UPDATE_REFERENCES=1 and look at it")
        }
    }

    func testTheGuideShowsEveryStep() throws {
        let guide = try String(contentsOf: FixturePaths.root.appendingPathComponent("docs/tutorial.md"), encoding: .utf8)
        for n in 1...10 {
            let name = String(format: "step-%02d", n)
            XCTAssertTrue(guide.contains("tutorial/\(name).json"), "\(name).json is named in docs/tutorial.md")
            XCTAssertTrue(guide.contains("tutorial/\(name).png"), "\(name).png is shown in docs/tutorial.md")
        }
    }
}
