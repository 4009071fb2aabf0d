// Test support for the contract-pixel tests (issue 12 items 1–4): a scene
// given as JSON text is rendered on the CPU reference and, when an EGL
// display opens, on the GPU path, and single pixels are checked against
// values worked out by hand from the scene format's rules — never values
// taken from this renderer.

import XCTest
import Compositor
import Plan
import GLES
import Raster

enum ContractPixels {
    nonisolated(unsafe) private static var gpu: GLESExecutor?
    nonisolated(unsafe) private static var gpuTried = false

    /// The backends to check: the CPU always, the GPU when a display opens.
    static func renderers() -> [(String, Renderer)] {
        var out: [(String, Renderer)] = [("cpu", Renderer(executor: .cpu(CPUExecutor())))]
        if !gpuTried {
            gpuTried = true
            gpu = try? GLESExecutor(platform: .auto)
            gpu?.checkErrorsAtPassBoundaries = true
            if gpu == nil { print("contract pixels: no EGL display, GPU side skipped") }
        }
        if let g = gpu { out.append(("gpu", Renderer(executor: .gpu(g)))) }
        return out
    }

    /// For each available backend, how many bytes of `a`'s image differ from `b`'s.
    static func differingBytes(_ a: RenderPlan, _ b: RenderPlan) throws -> [(backend: String, count: Int)] {
        try renderers().map { backend, renderer in
            let x = try renderer.execute(a).image, y = try renderer.execute(b).image
            return (backend, zip(x.pixels, y.pixels).filter { $0 != $1 }.count)
        }
    }

    /// `json` rendered on every available backend.
    static func render(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> [(String, RenderOutput)] {
        let scene = try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "test.json")
        return try renderers().map { ($0.0, try $0.1.render(scene: scene)) }
    }

    /// Checks the red channel (the scenes are grey) of each (x, y, expected)
    /// on every backend, within `tolerance` of the hand-computed value.
    static func assertRed(_ json: String, _ expected: [(Int, Int, Double)], tolerance: Double = 1,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        for (backend, out) in try render(json, file: file, line: line) {
            for (x, y, want) in expected {
                let got = Double(out.image[x, y].0)
                XCTAssertLessThanOrEqual(abs(got - want), tolerance,
                                         "\(backend) pixel (\(x), \(y)): got \(Int(got)), expected \(want)",
                                         file: file, line: line)
            }
        }
    }

    /// The red channel of row `y`, columns `xs`, on every backend.
    static func row(_ json: String, y: Int, _ xs: ClosedRange<Int>) throws -> [(String, [Int])] {
        try render(json).map { b, out in (b, xs.map { Int(out.image[$0, y].0) }) }
    }
}
