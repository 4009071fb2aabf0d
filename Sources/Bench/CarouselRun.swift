// Bench: one strategy of `experiment carousel`, frame by frame at 60 fps.
// Frame f is due f/60 s after the run starts (a display link): the loop
// sleeps until it is due — background workers keep decoding meanwhile —
// then lets the strategy set the cells' contents, renders the frame at
// timeline time f/60 and times both; a frame that overruns makes the next
// one start late, as a real display would drop frames. Per frame it records
// the time, how each visible cell showed, and the bytes held; per photo the
// wall time from the frame its cell first appeared to the end of the first
// frame that showed it at full resolution. Peak resident memory is the
// kernel's high-water mark (reset at the start of the run through
// /proc/self/clear_refs where allowed) minus the resident size at the start.

import CLISupport
import Compositor
import Foundation

/// One frame of a carousel run.
struct CarouselFrame {
    var index: Int
    /// Whole frame (strategy work + render), milliseconds.
    var frameMs: Double
    /// The strategy's work before rendering (decodes on the render thread included).
    var prepareMs: Double
    var renderMs: Double
    var blankCells = 0, reducedCells = 0, fullCells = 0
    var renderThreadDecodes = 0
    var overBudget: Bool { frameMs > FrameStats.budgetMs }
}

/// Everything measured for one strategy.
struct CarouselResult {
    var name: String
    var summary: String
    var frames: [CarouselFrame]
    /// Per photo that appeared: milliseconds from its first visible frame to its first full-resolution frame (nil: never).
    var timeToFull: [Int: Double?]
    var peakHeldBytes: Int
    var peakResidentGrowth: Int
    var backgroundDecodes: Int
    /// Seconds all decodes took (see CarouselStrategy.decodeSeconds).
    var decodeSeconds: Double
    var swaps: Int
    /// Frames kept for the contact sheet, by index.
    var snapshots: [Int: Image]

    var overBudget: Int { frames.filter(\.overBudget).count }
    var worstMs: Double { frames.map(\.frameMs).max() ?? 0 }
    var medianMs: Double { FrameSummary.percentile(frames.map(\.frameMs), 0.5) }
    var blankFrames: Int { frames.filter { $0.blankCells > 0 }.count }
    var reducedFrames: Int { frames.filter { $0.reducedCells > 0 }.count }
    var renderThreadDecodes: Int { frames.reduce(0) { $0 + $1.renderThreadDecodes } }
    /// Mean milliseconds per decode (a photo, or a tile), 0 without decodes.
    var meanDecodeMs: Double {
        let n = renderThreadDecodes + backgroundDecodes
        return n > 0 ? decodeSeconds * 1000 / Double(n) : 0
    }
    var fullTimes: [Double] { timeToFull.values.compactMap { $0 }.sorted() }
    var neverFull: Int { timeToFull.values.filter { $0 == nil }.count }
}

struct CarouselRun {
    let geometry: CarouselGeometry
    let snapshotFrames: Set<Int>
    let progress: Progress

    func run(_ strategy: CarouselStrategy, renderer: Renderer) throws -> CarouselResult {
        let g = geometry
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: g.canvasWidth, height: g.canvasHeight)
        root.position = Vec2(g.canvasWidth / 2, g.canvasHeight / 2)
        root.backgroundColor = Color(r: 0.12, g: 0.12, b: 0.14, a: 1)
        let strip = Layer()
        strip.anchorPoint = Vec2(0, 0)
        strip.bounds = Rect(x: 0, y: 0, width: g.stripWidth, height: g.canvasHeight)
        strip.position = Vec2(0, 0)
        root.addSublayer(strip)
        for i in 0..<g.count { strip.addSublayer(strategy.makeCell(i, frame: g.cellFrame(i))) }

        try warmUp(renderer)
        let peakWasReset = ResidentMemory.resetPeak()
        let residentStart = ResidentMemory.current()
        var residentSampled = residentStart
        var frames: [CarouselFrame] = []
        var firstSeen: [Int: UInt64] = [:]
        var timeToFull: [Int: Double?] = [:]
        var snapshots: [Int: Image] = [:]
        var peakHeld = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for f in 0..<g.frames {
            let due = start + UInt64(Double(f) / CarouselGeometry.fps * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            if now < due { usleep(useconds_t((due - now) / 1000)) }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let offset = g.offset(f)
            let visible = g.visible(offset)
            // The next cell in the scrolling direction (none once the strip has stopped).
            let upcoming = g.scrollFrames > f ? g.visible(offset + g.cellWidth + g.gap).filter { !visible.contains($0) } : []
            for i in visible where firstSeen[i] == nil {
                firstSeen[i] = t0
                timeToFull[i] = .some(nil)
            }
            var prepared = try strategy.prepare(frame: f, time: g.time(f), visible: visible, upcoming: upcoming,
                                                moving: g.moved(f))
            strip.position = Vec2(-offset, 0)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let out = try renderer.renderFrame(root: root, time: g.time(f), width: g.canvasWidth, height: g.canvasHeight)
            strategy.rendered(&prepared, renderer: renderer, time: g.time(f), visible: visible)
            let t2 = DispatchTime.now().uptimeNanoseconds
            var frame = CarouselFrame(index: f, frameMs: Double(t2 - t0) / 1e6, prepareMs: Double(t1 - t0) / 1e6,
                                      renderMs: Double(t2 - t1) / 1e6)
            frame.renderThreadDecodes = prepared.renderThreadDecodes
            for i in visible {
                switch prepared.states[i] ?? .blank {
                case .blank: frame.blankCells += 1
                case .reduced: frame.reducedCells += 1
                case .full:
                    frame.fullCells += 1
                    if let seen = firstSeen[i], timeToFull[i] == .some(nil) { timeToFull[i] = Double(t2 - seen) / 1e6 }
                }
            }
            frames.append(frame)
            peakHeld = max(peakHeld, strategy.heldBytes)
            residentSampled = max(residentSampled, ResidentMemory.current())
            if snapshotFrames.contains(f) { snapshots[f] = out.image }
            progress.step()
        }
        strategy.finish()
        return CarouselResult(name: strategy.name, summary: strategy.summary, frames: frames, timeToFull: timeToFull,
                              peakHeldBytes: peakHeld,
                              peakResidentGrowth: max(0, (peakWasReset ? ResidentMemory.peak() : residentSampled) - residentStart),
                              backgroundDecodes: strategy.backgroundDecodes, decodeSeconds: strategy.decodeSeconds,
                              swaps: (strategy as? SwappingCarousel)?.swaps ?? 0, snapshots: snapshots)
    }
}

extension CarouselRun {
    /// Renders, untimed, a frame with an opaque and a translucent image layer
    /// over a background, so the executor has compiled its programs (llvmpipe
    /// compiles each shader on first use) before the first timed frame, as an
    /// app would have before its carousel appears.
    func warmUp(_ renderer: Renderer) throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 32, height: 16)
        root.position = Vec2(16, 8)
        root.backgroundColor = Color(r: 0.1, g: 0.1, b: 0.1, a: 1)
        let image = CarouselPhotos.photo(index: 0, width: 8, height: 6)
        for (i, opacity) in [1.0, 0.5].enumerated() {
            let l = Layer()
            l.frame = Rect(x: Double(i) * 16, y: 0, width: 16, height: 12)
            l.contents = LayerContents(key: "carousel-warm-up", image: image)
            l.opacity = opacity
            root.addSublayer(l)
        }
        _ = try renderer.render(root: root)
    }
}

/// The process's resident memory from /proc (0 where it is missing).
enum ResidentMemory {
    static func current() -> Int { MemoryProbe.residentBytes() }

    /// Resets the kernel's high-water mark (VmHWM) to the current size, where allowed.
    /// - Returns: whether the mark now reads the current size (else `peak()` is the process's lifetime peak).
    @discardableResult
    static func resetPeak() -> Bool {
        guard let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? h.close() }
        guard (try? h.write(contentsOf: Data("5".utf8))) != nil else { return false }
        return peak() - current() < 1 << 20
    }

    /// VmHWM: the peak resident size since the last reset, or the current size.
    static func peak() -> Int { peakResidentBytesFromProc() ?? current() }
}
