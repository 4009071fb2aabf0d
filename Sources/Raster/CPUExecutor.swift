// Raster: the CPU reference executor — runs a RenderPlan pass by pass with
// the GL conventions of `GLConventions`, so its images match the GLES2
// executor's pixel for pixel. This file owns the pass loop: validation,
// targets and their lifetimes (by the plan's schedule), texture lookup, stats. The pixel work lives
// in DrawPass (items, bands) and BlurPass.
//
// Targets are the executor's own buffers, kept until the last pass that
// samples them has run; only the canvas becomes an `Image`.

import Dispatch
import Foundation
import Images
import Plan

/// Executes render plans on the CPU, emulating a GLES2 driver's rasterization,
/// sampling and blending rules exactly.
///
/// Not thread-safe: use one executor per thread (each execution already uses all cores).
public final class CPUExecutor {
    /// The rules emulated.
    public let conventions: GLConventions
    /// Horizontal bands drawn in parallel (the result does not depend on it).
    public let bands: Int
    /// Stats of the last successful `execute`.
    public private(set) var lastStats = RasterStats()
    /// Wall-clock seconds by phase of the last successful `execute`: targets
    /// (allocating and clearing or loading pass targets), images (plan images
    /// copied into sampleable buffers, opaque scans), prepare (vertex stage
    /// and triangle setup), draw (the bands), blur, output (the canvas copied
    /// into the returned `Image`).
    public private(set) var lastPhases = FramePhases()
    /// Pass outputs kept across executions under rasterization-cache keys
    /// (`RenderPass.retainKey`), sampled as `TextureRef.cached`.
    private var retained: [UInt64: PixelBuffer] = [:]
    /// The rasterization-cache keys whose bitmaps are held.
    public var retainedKeys: Set<UInt64> { Set(retained.keys) }
    /// Drops every kept bitmap.
    public func dropRetained() { retained = [:] }

    /// Skip `Coverage.evaluate` deep inside shapes (exact; off only to test
    /// that it is, and for the floor's edge-fragment calibration, which
    /// needs the coverage function to run on every pixel).
    public var useInteriorShortcut = true

    /// Whether fragments a later item of the same pass replaces are skipped
    /// (HiddenFragments.swift). The picture is the same either way; the stats
    /// then count them as `fragmentsHidden` instead of shaded and written.
    /// On unless the environment sets `COMPOSITOR_CPU_SKIP_HIDDEN=0`
    /// (benchmarks compare both).
    public var skipHiddenFragments = ProcessInfo.processInfo.environment["COMPOSITOR_CPU_SKIP_HIDDEN"] != "0"

    /// Largest pass width or height accepted.
    public static let maxPassSize = RenderPlan.maxPassSize

    /// - Parameters:
    ///   - conventions: the GL rules to reproduce.
    ///   - bands: how many row bands to draw concurrently; nil picks the
    ///     `COMPOSITOR_CPU_BANDS` environment variable when set (benchmarks
    ///     compare 1 and 2), else 4 per core.
    public init(conventions: GLConventions = .llvmpipe, bands: Int? = nil) {
        self.conventions = conventions
        let fromEnvironment = ProcessInfo.processInfo.environment["COMPOSITOR_CPU_BANDS"].flatMap { Int($0) }
        self.bands = max(1, min(bands ?? fromEnvironment ?? 4 * ProcessInfo.processInfo.activeProcessorCount,
                                Self.maxPassSize))
    }

    /// Runs every pass of `plan` in order and returns the canvas pass's image.
    /// - Throws: `PlanError` when the plan is malformed (`RenderPlan.validate`); nothing is drawn then.
    public func execute(_ plan: RenderPlan) throws -> Image {
        for k in plan.evictedCacheKeys { retained[k] = nil }
        let schedule = try plan.validate(maxPassSize: Self.maxPassSize, heldCacheKeys: Set(retained.keys))
        var targets: [Int: PixelBuffer] = [:]
        var kept: [UInt64: PixelBuffer] = [:]
        var images: [Int: PixelBuffer] = [:]
        var stats: [RasterStats.Pass] = []
        var phases = FramePhases()

        for (index, pass) in plan.passes.enumerated() {
            var s = RasterStats.Pass(id: pass.id, reason: pass.reason, kind: .draw,
                                     width: pass.width, height: pass.height)
            let target = phases.time("targets") { () -> PixelBuffer in
                // Written once: filled with the clear colour, or copied from the loaded pass.
                switch pass.load {
                case .clear(let c):
                    return pooledTarget(width: pass.width, height: pass.height,
                                        filledWith: PixelMath.pack(SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a))))
                case .load(let source):
                    let from = Self.alive(targets, source)
                    precondition(from.width == pass.width && from.height == pass.height,
                                 "copy between buffers of different sizes")
                    return PixelBuffer(copying: from)
                }
            }
            switch pass.content {
            case .draw(let items):
                let t0 = DispatchTime.now().uptimeNanoseconds
                // Plan images are copied into sampleable buffers once per execution.
                for item in items {
                    for case .image(let i) in item.textures where images[i] == nil {
                        images[i] = PixelBuffer(image: plan.images[i].image)
                    }
                }
                let texture = { (ref: TextureRef) -> TextureView in
                    switch ref {
                    case .image(let i): return images[i]!.texture
                    case .pass(let p): return Self.alive(targets, p).texture
                    case .cached(let k): return self.retained[k]!.texture
                    }
                }
                // Textures whose every texel has alpha 255, scanned once each, for hidden-fragment skipping.
                var opaque: Set<TextureRef> = []
                if skipHiddenFragments {
                    var scanned: Set<TextureRef> = []
                    for item in items where item.blend == .sourceOver {
                        guard case .texture(let t, _, _, _) = item.paint, scanned.insert(t).inserted else { continue }
                        if texture(t).isFullyOpaque { opaque.insert(t) }
                    }
                }
                let t1 = DispatchTime.now().uptimeNanoseconds
                phases.add("images", Double(t1 - t0) / 1e9)
                let prepared = prepare(items, pass: pass, textureIsOpaque: { opaque.contains($0) }, textures: texture)
                let t2 = DispatchTime.now().uptimeNanoseconds
                phases.add("prepare", Double(t2 - t1) / 1e9)
                s.drawItems = items.count
                s.itemsWithoutGeometry = prepared.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
                let drawn = prepared.compactMap { $0 }
                s.triangles = drawn.reduce(0) { $0 + $1.triangleCount }
                let counts = phases.time("draw") {
                    DrawPass.run(drawn, into: target, bands: bands, conventions: conventions,
                                 skipHidden: skipHiddenFragments)
                }
                s.fragmentsShaded = counts.shaded
                s.fragmentsWritten = counts.written
                s.fragmentsHidden = counts.hidden
            case .blur(let step):
                s.kind = .blur
                phases.time("blur") {
                    BlurPass.run(step, source: Self.alive(targets, step.source), into: target, bands: bands)
                }
                s.fragmentsShaded = pass.width * pass.height
                s.fragmentsWritten = pass.width * pass.height
            case .blurs(let steps):
                s.kind = .blur
                phases.time("blur") {
                    BlurPass.run(steps, source: Self.alive(targets, steps[0].source), into: target, bands: bands)
                }
                // Counted as the whole target, as a `.blur` pass with a region is (the overdraw counters agree).
                s.fragmentsShaded = pass.width * pass.height
                s.fragmentsWritten = pass.width * pass.height
            }
            stats.append(s)
            targets[pass.id] = target
            if let k = pass.retainKey { kept[k] = target }
            // Drop targets nobody reads any more (the schedule never lists the canvas).
            for id in schedule.releasedAfter[index] {
                // Nobody else holds it (not kept, not the pass just drawn): reuse it.
                if var b = targets.removeValue(forKey: id), isKnownUniquelyReferenced(&b) { recycle(b) }
            }
        }
        retained.merge(kept) { _, new in new }
        lastStats = RasterStats(perPass: stats)
        let output = phases.time("output") { Self.alive(targets, plan.canvasPass.id).image() }
        lastPhases = phases
        return output
    }

    /// Released pass targets kept for later passes and frames, so a frame
    /// does not map and fault in fresh memory for each target (buffers over
    /// glibc's mmap threshold, 128 KiB, are mapped anew at every allocation;
    /// shared shadow targets are such buffers). At most `maxPooledPixels` in all.
    private var pool: [PixelBuffer] = []
    static let maxPooledPixels = 4 << 20

    /// A `width` × `height` target filled with `packed`: a pooled one of that size, or a new one.
    private func pooledTarget(width: Int, height: Int, filledWith packed: UInt32) -> PixelBuffer {
        if let i = pool.firstIndex(where: { $0.width == width && $0.height == height }) {
            let b = pool.remove(at: i)
            b.fill(packed)
            return b
        }
        return PixelBuffer(width: width, height: height, filledWith: packed)
    }

    /// Keeps a released target for reuse, dropping the oldest past the limit.
    private func recycle(_ b: PixelBuffer) {
        guard b.width * b.height <= Self.maxPooledPixels else { return }
        pool.append(b)
        var total = pool.reduce(0) { $0 + $1.width * $1.height }
        while total > Self.maxPooledPixels {
            let old = pool.removeFirst()
            total -= old.width * old.height
        }
    }

    /// The target of pass `id`, which the schedule (validated) keeps alive while it is read.
    private static func alive(_ targets: [Int: PixelBuffer], _ id: Int) -> PixelBuffer {
        guard let t = targets[id] else { preconditionFailure("pass#\(id) read after its last use") }
        return t
    }

    /// Vertex stage and triangle setup of every item, in parallel chunks.
    private func prepare(_ items: [DrawItem], pass: RenderPass, textureIsOpaque: (TextureRef) -> Bool,
                         textures: (TextureRef) -> TextureView) -> [PreparedItem?] {
        var out = [PreparedItem?](repeating: nil, count: items.count)
        guard !items.isEmpty else { return out }
        let conventions = self.conventions, shortcut = useInteriorShortcut
        let chunks = min(items.count, bands)
        withoutActuallyEscaping(textures) { textures in
        withoutActuallyEscaping(textureIsOpaque) { textureIsOpaque in
            out.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress!
                let work = { (c: Int) in
                    for i in (items.count * c / chunks)..<(items.count * (c + 1) / chunks) {
                        out[i] = PreparedItem.make(items[i], width: pass.width, height: pass.height,
                                                   conventions: conventions, useInteriorShortcut: shortcut,
                                                   textureIsOpaque: textureIsOpaque, textures: textures)
                    }
                }
                if chunks == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
                }
            }
        }
        }
        return out
    }
}
