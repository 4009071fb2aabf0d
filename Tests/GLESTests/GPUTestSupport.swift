// GLESTests: shared support — one GLES executor per test process (skipping,
// with the reason printed, only when no EGL display at all can be opened),
// the CPU reference executor, and the project's fuzzy image comparison
// (Chromium style: share of pixels off by more than 2/255, largest difference).

import XCTest
import Images
import Plan
import Raster
@testable import GLES

enum GPU {
    /// Why the GPU tests skip, once known.
    nonisolated(unsafe) private static var unavailable: String?
    nonisolated(unsafe) private static var cached: GLESExecutor?

    /// The shared surfaceless (falling back to auto) executor, with GL errors checked at every pass.
    static func executor(file: StaticString = #filePath, line: UInt = #line) throws -> GLESExecutor {
        if let e = cached { return e }
        if let why = unavailable { throw XCTSkip(why) }
        do {
            let e: GLESExecutor
            do { e = try GLESExecutor(platform: .surfaceless) } catch let err as GLESError where isNoDisplay(err) {
                e = try GLESExecutor(platform: .auto)
            }
            e.checkErrorsAtPassBoundaries = true
            cached = e
            return e
        } catch let err as GLESError where isNoDisplay(err) {
            let why = "GPU tests skipped: no EGL display could be opened (\(err))"
            print(why)
            unavailable = why
            throw XCTSkip(why)
        }
    }

    /// True for the errors that mean "no EGL display on this machine" (the only reason to skip).
    static func isNoDisplay(_ e: GLESError) -> Bool {
        switch e {
        case .noEGLLibrary, .noDisplay, .initializeFailed: return true
        default: return false
        }
    }
}

/// How close two images are.
struct ImageDiff: CustomStringConvertible {
    var pixels: Int
    var exact: Int
    var overTwo: Int
    var maxDiff: Int
    var firstBad: (x: Int, y: Int, a: [UInt8], b: [UInt8])?

    var exactShare: Double { pixels == 0 ? 1 : Double(exact) / Double(pixels) }
    var overTwoShare: Double { pixels == 0 ? 0 : Double(overTwo) / Double(pixels) }

    init(_ a: Image, _ b: Image) {
        precondition(a.width == b.width && a.height == b.height, "image sizes differ")
        pixels = a.width * a.height
        exact = 0; overTwo = 0; maxDiff = 0
        for i in 0..<pixels {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a.pixels[i * 4 + c]) - Int(b.pixels[i * 4 + c]))) }
            if d == 0 { exact += 1 }
            if d > 2 { overTwo += 1 }
            if d > maxDiff {
                maxDiff = d
                firstBad = (i % a.width, i / a.width, Array(a.pixels[(i * 4)..<(i * 4 + 4)]),
                            Array(b.pixels[(i * 4)..<(i * 4 + 4)]))
            }
        }
    }

    var description: String {
        var s = String(format: "exact %.4f%% (%d/%d), >2: %d, max diff %d",
                       exactShare * 100, exact, pixels, overTwo, maxDiff)
        if let f = firstBad { s += " (worst at \(f.x),\(f.y): gpu \(f.a) cpu \(f.b))" }
        return s
    }
}

/// The project's default tolerance and the exact-match goal.
enum Tolerance {
    static let maxOverTwoShare = 0.001
    static let maxDifference = 16
    static let minExactShare = 0.999
}

extension XCTestCase {
    /// Renders `plan` on both executors, prints the per-plan report line, asserts the tolerance.
    @discardableResult
    func assertAgree(_ name: String, _ plan: RenderPlan, gpu: GLESExecutor,
                     file: StaticString = #filePath, line: UInt = #line) throws -> ImageDiff {
        let g = try gpu.execute(plan)
        let c = try CPUExecutor().execute(plan)
        let d = ImageDiff(g, c)
        print("[differential] \(name): \(d); draw calls \(gpu.lastStats.drawCalls)")
        XCTAssertLessThanOrEqual(d.overTwoShare, Tolerance.maxOverTwoShare, "\(name): \(d)", file: file, line: line)
        XCTAssertLessThanOrEqual(d.maxDiff, Tolerance.maxDifference, "\(name): \(d)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(d.exactShare, Tolerance.minExactShare, "\(name): \(d)", file: file, line: line)
        return d
    }
}

extension XCTestCase {
    /// Runs `body` on the shared executor with an empty texture cache and atlases (and the cache
    /// budget `budget`), restoring the budget and the atlas switch after.
    func withFreshExecutor(budget: Int = GLESExecutor.defaultTextureCacheBudget,
                           _ body: (GLESExecutor) throws -> Void) throws {
        let gl = try GPU.executor()
        let old = (gl.textureCacheBudget, gl.useAtlas)
        gl.dropImageTextures()
        gl.textureCacheBudget = budget
        defer { gl.dropImageTextures(); gl.textureCacheBudget = old.0; gl.useAtlas = old.1 }
        try body(gl)
    }
}
