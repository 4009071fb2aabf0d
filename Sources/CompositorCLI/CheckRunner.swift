// CompositorCLI: the engine of `compositor check`. The GPU path renders every
// run on the calling thread, in order, through one GLES executor (an EGL
// context belongs to one thread, so it is never shared); meanwhile a pool of
// workers renders the same runs on the CPU reference (one CPUExecutor per
// run; they are not thread-safe), and whichever side finishes a run second
// queues its comparison and image writing on the pool (loading and rendering
// take turns under one lock: shared font faces are not thread-safe). Each side may run at
// most `window` runs ahead of the finished ones, so memory stays bounded on
// long lists.

import Compare
import Compositor
import Foundation
import GLES
import Raster

/// One scene at one scale and time.
struct CheckJob {
    var index: Int
    var id: String
    var scene: String
    var scale: Double?
    var time: Double?
    var tolerance: Tolerance

    /// Every entry × scale × time, numbered in that order.
    static func expand(_ entries: [CheckSceneEntry], scales: [Double], times: [Double],
                       tolerance: Tolerance) -> [CheckJob] {
        var jobs: [CheckJob] = []
        for e in entries {
            let ts: [Double?] = !e.times.isEmpty ? e.times : (times.isEmpty ? [nil] : times)
            let ss: [Double?] = scales.isEmpty ? [nil] : scales
            for s in ss {
                for t in ts {
                    let i = jobs.count
                    jobs.append(CheckJob(index: i, id: makeID(i, e.path, s, t), scene: e.path, scale: s, time: t,
                                         tolerance: e.tolerance ?? tolerance))
                }
            }
        }
        return jobs
    }

    /// "0007-reftests_mask_mask-alpha@2x-t0.25": safe in file names and URLs.
    static func makeID(_ index: Int, _ path: String, _ scale: Double?, _ time: Double?) -> String {
        var stem = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        while stem.hasPrefix("./") { stem.removeFirst(2) }
        let safe = String(stem.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
        var id = String(format: "%04d-", index) + String(safe.suffix(80))
        if let s = scale { id += "@\(compact(s))x" }
        if let t = time { id += "-t\(compact(t))" }
        return id
    }

    static func compact(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}

/// One side's result for a run.
private enum SideResult {
    case image(Image, milliseconds: Double)
    case failure(String)
}

final class CheckRunner {
    let jobs: [CheckJob]
    let outFolder: String
    let workers: Int
    let cull: Bool
    let platform: EGLPlatformChoice
    let diffCrop: DiffCrop
    let progress: CheckProgress

    private let lock = NSLock()
    private var gpuResults: [Int: SideResult] = [:]
    private var cpuResults: [Int: SideResult] = [:]
    private var rows: [CheckRow] = []
    /// Scenes rendered at a time although they have no animations (for one notice).
    private(set) var staticScenesAtTimes = Set<String>()
    private let pool: OperationQueue
    private let finished = DispatchGroup()
    private let gpuWindow: DispatchSemaphore
    private let cpuWindow: DispatchSemaphore

    init(jobs: [CheckJob], outFolder: String, workers: Int, cull: Bool, platform: EGLPlatformChoice,
         diffCrop: DiffCrop, progress: CheckProgress) {
        self.jobs = jobs
        self.outFolder = outFolder
        self.workers = max(1, workers)
        self.cull = cull
        self.platform = platform
        self.diffCrop = diffCrop
        self.progress = progress
        pool = OperationQueue()
        pool.maxConcurrentOperationCount = self.workers
        let window = max(4, 4 * self.workers)
        gpuWindow = DispatchSemaphore(value: window)
        cpuWindow = DispatchSemaphore(value: window)
    }

    /// Renders, compares and writes every job; returns the rows in job order.
    /// Throws only when the GPU executor cannot be opened at all.
    func run() throws -> [CheckRow] {
        let gpuExecutor = try GLESExecutor(platform: platform)
        let gpu = Renderer(executor: .gpu(gpuExecutor))
        for _ in jobs { finished.enter() }
        // Feed the CPU side from its own thread, so the window waits never block the pool.
        let feeder = Thread { [self] in
            for (slot, job) in jobs.enumerated() {
                cpuWindow.wait()
                pool.addOperation { [self] in
                    let r = render(job, with: Renderer(executor: .cpu(CPUExecutor())))
                    deliver(slot, cpu: r)
                }
            }
        }
        feeder.start()
        for (slot, job) in jobs.enumerated() {
            gpuWindow.wait()
            deliver(slot, gpu: render(job, with: gpu, noteStatic: true))
        }
        finished.wait()
        return rows.sorted { $0.index < $1.index }
    }

    /// Scene loading and rendering run one at a time: fonts (FreeType faces) are
    /// shared between scenes and are not safe to use from two threads at once
    /// (a crash seen with Fixtures/reftests). Comparisons and image encoding stay parallel.
    private static let renderLock = NSLock()

    private func render(_ job: CheckJob, with renderer: Renderer, noteStatic: Bool = false) -> SideResult {
        Self.renderLock.lock()
        defer { Self.renderLock.unlock() }
        do {
            let scene = try SceneLoader.load(path: job.scene)
            if noteStatic, job.time != nil, !treeHasAnimations(scene.root) {
                lock.lock()
                staticScenesAtTimes.insert(job.scene)
                lock.unlock()
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let out = try renderer.renderFrame(scene: scene, time: job.time, scale: job.scale, cull: cull,
                                               debug: nil, rasterCache: false)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            return .image(out.image, milliseconds: ms)
        } catch {
            return .failure("\(error)")
        }
    }

    private func deliver(_ slot: Int, gpu: SideResult? = nil, cpu: SideResult? = nil) {
        lock.lock()
        if let g = gpu { gpuResults[slot] = g }
        if let c = cpu { cpuResults[slot] = c }
        let pair = gpuResults[slot].flatMap { g in cpuResults[slot].map { (g, $0) } }
        if pair != nil { gpuResults[slot] = nil; cpuResults[slot] = nil }
        lock.unlock()
        guard let (g, c) = pair else { return }
        pool.addOperation { [self] in
            let row = finish(jobs[slot], gpu: g, cpu: c)
            lock.lock()
            rows.append(row)
            lock.unlock()
            progress.step(row)
            gpuWindow.signal()
            cpuWindow.signal()
            finished.leave()
        }
    }

    /// Compares the two renders of `job` and writes its images.
    private func finish(_ job: CheckJob, gpu: SideResult, cpu: SideResult) -> CheckRow {
        var row = CheckRow(index: job.index, id: job.id, scene: job.scene, scale: job.scale, time: job.time,
                           status: "error", tolerance: job.tolerance)
        var timings = CheckTimings()
        var gpuImage: Image?, cpuImage: Image?
        var problems: [String] = []
        switch gpu {
        case let .image(i, ms): gpuImage = i; timings.gpuMilliseconds = ms
        case let .failure(m): problems.append("GPU: \(m)")
        }
        switch cpu {
        case let .image(i, ms): cpuImage = i; timings.cpuMilliseconds = ms
        case let .failure(m): problems.append("CPU: \(m)")
        }
        row.timings = timings
        // The same scene error on both sides is said once.
        if problems.count == 2, case let .failure(a) = gpu, case let .failure(b) = cpu, a == b { problems = [a] }
        guard let g = gpuImage, let c = cpuImage else {
            row.error = problems.joined(separator: "; ")
            return row
        }
        row.width = g.width
        row.height = g.height
        do {
            let d = try ImageDifference.compare(g, c)
            row.difference = d
            row.status = job.tolerance.accepts(d) ? "pass" : "fail"
            let images = CheckImages(gpu: "images/\(job.id)-gpu.png", cpu: "images/\(job.id)-cpu.png",
                                     diff: "images/\(job.id)-diff.png", diffView: "images/\(job.id)-diff-view.png",
                                     pixels: "images/\(job.id)-pixels.js")
            let gpuPNG = try PNG.encode(g), cpuPNG = try PNG.encode(c)
            try AtomicFile.write(gpuPNG, to: path(images.gpu))
            try AtomicFile.write(cpuPNG, to: path(images.cpu))
            try PNG.write(ImageDifference.diffImage(g, c), to: path(images.diff))
            try PNG.write(ImageDifference.diffImage(g, c, crop: diffCrop), to: path(images.diffView))
            try AtomicFile.write(Array(Self.pixelScript(id: job.id, gpu: gpuPNG, cpu: cpuPNG).utf8),
                                 to: path(images.pixels))
            row.images = images
        } catch {
            row.status = "error"
            row.error = "\(error)"
        }
        return row
    }

    private func path(_ relative: String) -> String { CheckManifest.join(outFolder, relative) }

    /// `CHECK_PIXELS["id"] = {gpu: "data:…", cpu: "data:…"}`: a script tag may load
    /// it from disk, and images from data URLs leave a canvas readable.
    static func pixelScript(id: String, gpu: [UInt8], cpu: [UInt8]) -> String {
        let g = Data(gpu).base64EncodedString(), c = Data(cpu).base64EncodedString()
        return "window.CHECK_PIXELS = window.CHECK_PIXELS || {};\n"
            + "window.CHECK_PIXELS[\"\(id)\"] = {gpu: \"data:image/png;base64,\(g)\", cpu: \"data:image/png;base64,\(c)\"};\n"
    }
}

/// The progress line of `check` on stderr (thread-safe).
final class CheckProgress {
    let total: Int
    let enabled: Bool
    private let lock = NSLock()
    private var done = 0, failures = 0
    private let start = DispatchTime.now().uptimeNanoseconds

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    func step(_ row: CheckRow) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if row.status != "pass" { failures += 1 }
        guard enabled else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = String(format: "\rcheck [%@] %d/%d  %d not passing  %.1f s ", bar, done, total, failures, seconds)
        FileHandle.standardError.write(Data(line.utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
