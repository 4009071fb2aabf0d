// GLES: llvmpipe's rasterizer threads spread over the CPUs this process may
// run on. llvmpipe starts its threads ("llvmpipe-0", "llvmpipe-1", …, one
// per CPU) when a context is created; they sleep until a flush wakes them.
// Linux places a woken thread near the thread that woke it, so in a
// process's first frames both threads often share the main thread's CPU.
// A frame of several small passes (each flushed and waited for before the
// next one samples it) then takes about 1.4 times as long, until load
// balancing spreads the threads some 20 frames later (shadow-basic on 2
// CPUs: 2.05 → 1.45 ms, docs/benchmarks.md). Binding llvmpipe thread k to
// the k-th CPU the process may use (mod their count) places them from the
// first frame. Each executor that opens on llvmpipe binds every llvmpipe
// thread of the process (binding is idempotent: the threads of several
// contexts are spread alike); nothing with fewer than two CPUs.

import CThreadAffinity
import Foundation

/// Where llvmpipe's rasterizer threads run (GLESExecutor.spreadsRasterThreads).
enum RasterThreadPlacement {
    /// The ids of this process's threads now.
    static func threadIDs() -> Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(names.compactMap { Int32($0) })
    }

    /// k for llvmpipe's rasterizer thread "llvmpipe-k"; nil for any other thread.
    static func llvmpipeIndex(of tid: Int32) -> Int? {
        guard let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8) else { return nil }
        let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.hasPrefix(prefix) else { return nil }
        return Int(name.dropFirst(prefix.count))
    }

    /// The CPUs thread `tid` may run on (0: the calling thread), ascending; empty if unknown.
    static func allowedCPUs(of tid: Int32 = 0) -> [Int] {
        var mask = [UInt](repeating: 0, count: maskWords)
        guard compositor_sched_getaffinity(tid, maskBytes, &mask) == 0 else { return [] }
        var cpus: [Int] = []
        for (w, word) in mask.enumerated() where word != 0 {
            for b in 0..<UInt.bitWidth where word & (1 << UInt(b)) != 0 { cpus.append(w * UInt.bitWidth + b) }
        }
        return cpus
    }

    /// The process's llvmpipe rasterizer threads now: thread id and k.
    static func llvmpipeThreads() -> [(tid: Int32, index: Int)] {
        threadIDs().sorted().compactMap { tid in llvmpipeIndex(of: tid).map { (tid, $0) } }
    }

    /// Binds each llvmpipe rasterizer thread of the process to one CPU of
    /// `cpus`: thread k to `cpus[k mod cpus.count]`. Returns the bindings
    /// made (thread id → CPU); none with fewer than two CPUs.
    @discardableResult
    static func spread(over cpus: [Int]) -> [Int32: Int] {
        guard cpus.count >= 2 else { return [:] }
        var bound: [Int32: Int] = [:]
        for (tid, k) in llvmpipeThreads() {
            let cpu = cpus[k % cpus.count]
            if allow(tid, on: [cpu]) { bound[tid] = cpu }
        }
        return bound
    }

    /// Lets thread `tid` run on `cpus` only (each below 1024); false if the kernel refused.
    @discardableResult
    static func allow(_ tid: Int32, on cpus: [Int]) -> Bool {
        var mask = [UInt](repeating: 0, count: maskWords)
        for cpu in cpus where cpu >= 0 && cpu < maskWords * UInt.bitWidth {
            mask[cpu / UInt.bitWidth] |= 1 << UInt(cpu % UInt.bitWidth)
        }
        return compositor_sched_setaffinity(tid, maskBytes, mask) == 0
    }

    private static let prefix = "llvmpipe-"
    /// glibc's cpu_set_t: 1024 CPUs.
    private static let maskWords = 1024 / UInt.bitWidth
    private static var maskBytes: UInt { UInt(maskWords * MemoryLayout<UInt>.size) }
}
