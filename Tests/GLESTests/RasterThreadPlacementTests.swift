// GLESTests: llvmpipe's rasterizer threads bound one to a CPU when an
// executor opens (RasterThreadPlacement, GLESExecutor.spreadsRasterThreads),
// checked against what the kernel reports for each thread
// (/proc/self/task/TID/status, Cpus_allowed_list), not against our own
// affinity calls.

import Foundation
import XCTest
@testable import GLES

final class RasterThreadPlacementTests: XCTestCase {
    /// A new executor on llvmpipe binds each llvmpipe thread "llvmpipe-k" of
    /// the process to the k-th CPU the process may use (mod their count):
    /// each thread's allowed list is that one CPU, and the threads of one
    /// context (0, 1, …) never share a CPU while there are CPUs enough.
    func testANewExecutorBindsEachLlvmpipeThreadToOneCPU() throws {
        let allowed = try Self.allowedList(path: "/proc/self/status")
        guard allowed.count >= 2 else { throw XCTSkip("one CPU allowed: nothing to spread") }
        let gl = try Self.newExecutor()
        guard gl.info.renderer.contains("llvmpipe") else { throw XCTSkip("not llvmpipe: \(gl.info.renderer)") }
        let threads = RasterThreadPlacement.llvmpipeThreads()
        XCTAssertFalse(threads.isEmpty, "no llvmpipe thread")
        XCTAssertEqual(Set(gl.rasterThreadCPUs.keys), Set(threads.map(\.tid)))
        for (tid, k) in threads {
            XCTAssertEqual(gl.rasterThreadCPUs[tid], allowed[k % allowed.count], "llvmpipe-\(k)")
            XCTAssertEqual(try Self.allowedList(path: "/proc/self/task/\(tid)/status"), [allowed[k % allowed.count]],
                           "llvmpipe-\(k)")
        }
        let indexes = Set(threads.map(\.index))
        XCTAssertEqual(Set(threads.compactMap { gl.rasterThreadCPUs[$0.tid] }).count, min(indexes.count, allowed.count))
    }

    /// Switched off, opening an executor leaves every llvmpipe thread's CPUs as they were.
    func testSwitchedOffTheThreadsKeepTheirCPUs() throws {
        let allowed = try Self.allowedList(path: "/proc/self/status")
        _ = try Self.newExecutor()
        let threads = RasterThreadPlacement.llvmpipeThreads()
        guard !threads.isEmpty else { throw XCTSkip("no llvmpipe thread") }
        for (tid, _) in threads { XCTAssertTrue(RasterThreadPlacement.allow(tid, on: allowed)) }
        let was = GLESExecutor.spreadsRasterThreads
        GLESExecutor.spreadsRasterThreads = false
        defer { GLESExecutor.spreadsRasterThreads = was; _ = try? Self.newExecutor() }
        let gl = try Self.newExecutor()
        XCTAssertTrue(gl.rasterThreadCPUs.isEmpty)
        for (tid, k) in RasterThreadPlacement.llvmpipeThreads() {
            XCTAssertEqual(try Self.allowedList(path: "/proc/self/task/\(tid)/status"), allowed, "llvmpipe-\(k)")
        }
    }

    /// The executors opened here die with their contexts: the shared
    /// executor's context is made current again (by drawing with it) for the
    /// tests that call GL directly (ShaderTests).
    override func tearDownWithError() throws {
        _ = try? GPU.executor().execute(TestPlans.masked)
    }

    /// An executor of its own (opening it is what binds the threads).
    static func newExecutor() throws -> GLESExecutor {
        _ = try GPU.executor()   // skips the test where no EGL context opens
        if let gl = try? GLESExecutor(platform: .surfaceless) { return gl }
        return try GLESExecutor(platform: .auto)
    }

    /// The CPUs of a status file's `Cpus_allowed_list` line ("0-3,6"), ascending.
    static func allowedList(path: String) throws -> [Int] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        var cpus: [Int] = []
        for part in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let ends = part.split(separator: "-").compactMap { Int($0) }
            guard let first = ends.first, let last = ends.last else { continue }
            cpus += Array(first...last)
        }
        return cpus
    }
}
