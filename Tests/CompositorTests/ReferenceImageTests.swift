// Every fixture scene rendered by the CPU reference backend must match its
// checked-in reference image exactly: the CPU path is deterministic, so any
// change is a change in behaviour and must be reviewed (regenerate with
// UPDATE_REFERENCES=1 and look at the new images).

import XCTest
import Compare
import Compositor
import Raster

final class ReferenceImageTests: XCTestCase {
    func testEveryFixtureMatchesItsReference() throws {
        let scenes = FixturePaths.jsonFiles(in: FixturePaths.scenes)
        XCTAssertGreaterThanOrEqual(scenes.count, 25, "the fixture set must cover every key")
        let renderer = Renderer(executor: CPUExecutor())
        var failures: [String] = []
        for url in scenes {
            let name = url.deletingPathExtension().lastPathComponent
            let ref = FixturePaths.references.appendingPathComponent(name + ".png").path
            let image = try renderer.render(scene: try SceneLoader.load(path: url.path)).image
            if FixturePaths.updateReferences {
                try FileManager.default.createDirectory(at: FixturePaths.references, withIntermediateDirectories: true)
                try PNG.write(image, to: ref)
                continue
            }
            guard FileManager.default.fileExists(atPath: ref) else {
                failures.append("\(name): no reference image (run with UPDATE_REFERENCES=1 and review it)")
                continue
            }
            let d = try ImageDifference.compare(image, try PNG.read(path: ref))
            if !d.isIdentical {
                failures.append("\(name): differs from reference: max \(d.maxChannelDifference.max), exact \(d.exactShare)")
            }
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }
}
