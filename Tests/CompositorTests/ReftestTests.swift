// Reftests: every pair of scenes in Fixtures/reftests/*.list renders on the
// CPU reference and on the GPU path (llvmpipe in CI), and on each backend the
// two pictures must relate as the manifest says. The reference scene draws
// the same picture through simpler means, so a pair states a rule of the
// scene format rather than a remembered image; both sides run the same
// renderer, so these tests see meaning where the reference images and the
// GPU-vs-CPU comparison see only agreement.
//
// REFTEST_FILTER=substring runs the pairs whose manifest line or file names
// contain it; REFTEST_OUTPUT=dir writes test, reference and difference PNGs
// of each failing pair there; REFTEST_VERBOSE=1 prints every pair's measured
// difference (to choose honest fuzz bounds).

import XCTest
import Compositor
import GLES
import Raster

final class ReftestTests: XCTestCase {
    static var folder: URL { FixturePaths.root.appendingPathComponent("Fixtures/reftests") }

    /// Every pair of every manifest, in manifest-name order.
    static func allPairs() throws -> [ReftestPair] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".list") }.sorted()
        return try names.flatMap { try ReftestManifest.load(folder.appendingPathComponent($0)) }
    }

    func testManifestsHoldEnoughPairsAndEveryFileExists() throws {
        let pairs = try Self.allPairs()
        XCTAssertGreaterThanOrEqual(pairs.count, 80)
        var used = Set<String>()
        for p in pairs {
            for url in [p.test, p.reference] {
                used.insert(url.standardizedFileURL.path)
                if !FileManager.default.fileExists(atPath: url.path) { XCTFail("\(p.location): no scene \(url.path)") }
            }
        }
        // Every scene in the folder belongs to a pair (no forgotten or misspelt file).
        let walker = FileManager.default.enumerator(atPath: Self.folder.path)
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".json") else { continue }
            let path = Self.folder.appendingPathComponent(rel).standardizedFileURL.path
            XCTAssertTrue(used.contains(path), "\(rel) is in no manifest")
        }
    }

    func testManifestSyntax() throws {
        let dir = URL(fileURLWithPath: "/m")
        let pairs = try ReftestManifest.parse("""
            # a comment
            == a.json b.json
            fuzzy(2, 40) fuzzy-gpu(3,41) time(0.5) != c.json d.json   # trailing comment
            == e.json f.json fuzzy(1,2) ref-time(1)
            fails == g.json h.json
            """, name: "t.list", directory: dir)
        XCTAssertEqual(pairs.count, 4)
        XCTAssertFalse(pairs[0].knownFailure)
        XCTAssertTrue(pairs[3].knownFailure)
        XCTAssertEqual(pairs[0].relation, .equal)
        XCTAssertEqual(pairs[0].fuzz, .exact)
        XCTAssertEqual(pairs[1].relation, .notEqual)
        XCTAssertEqual(pairs[1].fuzz(for: "cpu"), ReftestFuzz(maxDifference: 2, maxPixels: 40))
        XCTAssertEqual(pairs[1].fuzz(for: "gpu"), ReftestFuzz(maxDifference: 3, maxPixels: 41))
        XCTAssertEqual(pairs[1].testTime, 0.5)
        XCTAssertEqual(pairs[1].test.path, "/m/c.json")
        XCTAssertEqual(pairs[2].fuzz, ReftestFuzz(maxDifference: 1, maxPixels: 2))
        XCTAssertEqual(pairs[2].referenceTime, 1)
        XCTAssertEqual(pairs[2].location, "t.list:4")
        for bad in ["== a.json", "a.json b.json", "fuzzy(1) == a b", "fuzzy(1,x) == a b", "wobble(1) == a b",
                    "== a b c", "fuzzy(1,2 == a b", "== != a b", "time(1,2) == a b", "fuzzy(300,1) == a b",
                    "fails fails == a b"] {
            XCTAssertThrowsError(try ReftestManifest.parse(bad, name: "bad.list", directory: dir), bad) { e in
                XCTAssertTrue("\(e)".hasPrefix("bad.list:1: "), "\(e)")
            }
        }
    }

    func testComparisonCountsPixelsAndMaximum() {
        let a = Image(width: 2, height: 2, pixels: [0, 0, 0, 255, 10, 10, 10, 255, 0, 0, 0, 0, 1, 2, 3, 4])
        var b = a
        XCTAssertEqual(ReftestComparison(a, b).differingPixels, 0)
        b.pixels[4] = 13; b.pixels[13] = 0
        let c = ReftestComparison(a, b)
        XCTAssertEqual(c.differingPixels, 2)
        XCTAssertEqual(c.maxDifference, 3)
        XCTAssertTrue(c.within(ReftestFuzz(maxDifference: 3, maxPixels: 2)))
        XCTAssertFalse(c.within(ReftestFuzz(maxDifference: 2, maxPixels: 2)))
        XCTAssertFalse(c.within(ReftestFuzz(maxDifference: 3, maxPixels: 1)))
    }

    func testPairsOnCPU() throws {
        try run(Renderer(executor: .cpu(CPUExecutor())))
    }

    func testPairsOnGPU() throws {
        let gpu: GLESExecutor
        do {
            gpu = try GLESExecutor(platform: .auto)
        } catch {
            throw XCTSkip("no EGL display could be opened: \(error)")
        }
        try run(Renderer(executor: .gpu(gpu)))
    }

    private func run(_ renderer: Renderer) throws {
        let filter = ProcessInfo.processInfo.environment["REFTEST_FILTER"]
        let output = ProcessInfo.processInfo.environment["REFTEST_OUTPUT"].map { URL(fileURLWithPath: $0) }
        let backend = renderer.executor.name
        var failures: [String] = [], passed = 0, known: [String] = []
        for pair in try Self.allPairs() {
            if let f = filter, !f.isEmpty, !"\(pair)".contains(f) { continue }
            if pair.knownFailure { known.append("\(pair)") }
            let result: String?
            do {
                result = try check(pair, renderer, output: output)
            } catch {
                result = "\(error)"
            }
            if let r = result {
                failures.append("\(pair) [\(backend)]: \(r)")
            } else {
                passed += 1
            }
        }
        print("reftests on \(backend): \(passed) passed (\(known.count) of them marked 'fails'), \(failures.count) failed")
        for k in known { print("  known failure: \(k)") }
        XCTAssertTrue(failures.isEmpty, "reftest pairs failing on \(backend):\n" + failures.joined(separator: "\n"))
    }

    /// Nil when the pair holds on this renderer's backend, otherwise why not.
    private func check(_ pair: ReftestPair, _ renderer: Renderer, output: URL?) throws -> String? {
        let test = try renderer.renderFrame(scene: try SceneLoader.load(path: pair.test.path), time: pair.testTime,
                                            rasterCache: false).image
        let ref = try renderer.renderFrame(scene: try SceneLoader.load(path: pair.reference.path),
                                           time: pair.referenceTime, rasterCache: false).image
        guard test.width == ref.width, test.height == ref.height else {
            return "sizes differ: \(test.width)×\(test.height) vs \(ref.width)×\(ref.height)"
        }
        let backend = renderer.executor.name
        let fuzz = pair.fuzz(for: backend)
        let c = ReftestComparison(test, ref)
        var holds = pair.relation == .equal ? c.within(fuzz) : !c.within(fuzz)
        if pair.knownFailure {
            if holds { return "holds although marked 'fails': the bug is fixed, remove the marker" }
            holds = true
        }
        if ProcessInfo.processInfo.environment["REFTEST_VERBOSE"] == "1" {
            print("reftest \(backend) \(holds ? "PASS" : "FAIL") \(pair): max \(c.maxDifference), \(c.differingPixels) px, allowed \(fuzz)")
        }
        if holds { return nil }
        if let dir = output {
            let stem = pair.test.deletingPathExtension().lastPathComponent + "." + backend
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try PNG.write(test, to: dir.appendingPathComponent(stem + ".test.png").path)
            try PNG.write(ref, to: dir.appendingPathComponent(stem + ".ref.png").path)
            try PNG.write(c.differenceImage(), to: dir.appendingPathComponent(stem + ".diff.png").path)
        }
        if pair.relation == .notEqual {
            return "pictures are the same within \(fuzz) (max difference \(c.maxDifference), \(c.differingPixels) pixels)"
        }
        return "max difference \(c.maxDifference) over \(c.differingPixels) pixels, allowed \(fuzz); \(c.summary)"
    }
}

/// Pixel-by-pixel difference of two same-sized images, as wrench counts it.
struct ReftestComparison {
    let a: Image, b: Image
    /// Pixels differing in any channel, and the largest channel difference.
    private(set) var differingPixels = 0
    private(set) var maxDifference = 0
    private var worst: (x: Int, y: Int)?
    private var box: (x0: Int, y0: Int, x1: Int, y1: Int)?

    init(_ a: Image, _ b: Image) {
        self.a = a; self.b = b
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = Self.difference(a, b, x, y)
                guard d > 0 else { continue }
                differingPixels += 1
                if d > maxDifference { maxDifference = d; worst = (x, y) }
                if let bx = box {
                    box = (min(bx.x0, x), min(bx.y0, y), max(bx.x1, x), max(bx.y1, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
    }

    func within(_ f: ReftestFuzz) -> Bool { maxDifference <= f.maxDifference && differingPixels <= f.maxPixels }

    /// Where the differences are and the worst pixel's values on both sides.
    var summary: String {
        guard let w = worst, let bx = box else { return "identical" }
        let p = a[w.x, w.y], q = b[w.x, w.y]
        return "differences in x \(bx.x0)…\(bx.x1), y \(bx.y0)…\(bx.y1); worst at (\(w.x), \(w.y)): "
            + "test \([p.0, p.1, p.2, p.3]) vs reference \([q.0, q.1, q.2, q.3])"
    }

    /// Opaque image: black where equal, red scaled ×8 by the difference elsewhere.
    func differenceImage() -> Image {
        var out = Image(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = min(255, Self.difference(a, b, x, y) * 8)
                let i = (y * a.width + x) * 4
                out.pixels[i] = UInt8(d); out.pixels[i + 3] = 255
            }
        }
        return out
    }

    private static func difference(_ a: Image, _ b: Image, _ x: Int, _ y: Int) -> Int {
        let p = a[x, y], q = b[x, y]
        return max(abs(Int(p.0) - Int(q.0)), abs(Int(p.1) - Int(q.1)), abs(Int(p.2) - Int(q.2)),
                   abs(Int(p.3) - Int(q.3)))
    }
}
