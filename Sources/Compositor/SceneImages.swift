// Compositor: resolving a deferred-loaded scene's `contents` through an
// ImageCache and an ImageLoadingPool, frame by frame.
// - preload: every referenced image is requested at once (decoded in
//   parallel on the pool) and waited for before the first frame.
// - lazy: each frame requests the images of the layers it draws (visible:
//   not hidden, opacity > 0, ancestors likewise), all at once, then waits
//   only for those not ready yet; the time blocked is measured.
// Each frame sets `layer.contents` for the layers it draws (nil for failed
// images: the error is reported once, the layer renders without contents) and
// cancels loads no longer needed. With `downscale`, an image larger than the
// drawn pixel size of every layer using it is box-filtered once to the
// largest such size (layers with non-translation transforms, rasterization,
// non-resize gravity or a partial contentsRect/contentsCenter keep the full
// image); a JPEG 2000 image is first decoded at the coarsest resolution
// level still at least that size, so the box filter starts from fewer
// pixels. A downscaled image is cached under "key#WxH" so the plan's
// de-duplication by key never mixes the two sizes. A .pvr image keeps its
// compressed blocks (LayerContents.pvrtc) through the pool and the cache, as
// eager loading does, so the GLES executor uploads it compressed in every
// mode; a downscaled image is plain RGBA8.

import Foundation
import Images
import Layers
import PVRTC

/// How a render decodes its scene's images (`--preload` / `--lazy`).
public enum ImageLoadingMode: String, Sendable {
    case preload, lazy
}

/// Resolves a deferred scene's image references for each frame.
public final class SceneImages {
    public let mode: ImageLoadingMode
    public let cache: ImageCache
    public let pool: ImageLoadingPool
    public let downscale: Bool
    private let references: [SceneImageReference]
    private let warn: (String) -> Void
    private var tickets: [String: ImageLoadTicket] = [:]
    private var reported: Set<String> = []
    /// Per reference index: the key and decode work actually used (full or downscaled).
    private var plans: [(key: String, work: @Sendable () throws -> (image: Image, pvrtc: PVRTCTexture?))] = []
    private var stats: ImageLoadingStats
    private let saved = SavedBytes()
    /// The scene file's name, for errors.
    private let sceneName: String
    /// Whether a failed image fails the frame (preload) rather than being reported and skipped (lazy).
    public var failOnError: Bool

    /// `scale` is the canvas scale the frames render at (for the drawn pixel size);
    /// `warn` receives each image error once.
    public init(scene: Scene, mode: ImageLoadingMode, cache: ImageCache, pool: ImageLoadingPool,
                downscale: Bool = false, scale: Double? = nil, sceneName: String = "scene",
                warn: @escaping (String) -> Void = { FileHandle.standardError.write(Data(("warning: " + $0 + "\n").utf8)) }) {
        self.mode = mode
        self.cache = cache
        self.pool = pool
        self.downscale = downscale
        self.references = scene.imageReferences
        self.warn = warn
        self.sceneName = sceneName
        failOnError = mode == .preload
        stats = ImageLoadingStats(mode: mode.rawValue, cache: cache.stats, cacheBudgetBytes: cache.budgetBytes,
                                  workers: pool.maxConcurrent)
        let targets = downscale ? DrawnSizes.compute(scene, scale: scale ?? scene.canvas.scale) : [:]
        // The largest drawn size per key; nil when any user of the key needs the full image.
        var perKey: [String: (Int, Int)?] = [:]
        for r in references {
            let t = targets[ObjectIdentifier(r.layer)] ?? nil
            if let existing = perKey[r.key] {
                if let e = existing, let t { perKey[r.key] = (max(e.0, t.0), max(e.1, t.1)) } else { perKey[r.key] = .some(nil) }
            } else {
                perKey[r.key] = .some(t)
            }
        }
        let saved = self.saved
        plans = references.map { r in
            let color = r.colorPath, mask = r.alphaMaskPath
            guard downscale, let t = perKey[r.key] ?? nil else {
                return (r.key, { try SceneImageReference.decodeKeepingPVRTC(colorPath: color, alphaMaskPath: mask) })
            }
            return (r.key + "#\(t.0)x\(t.1)", {
                // JPEG 2000 decodes at the coarsest resolution level still at least the drawn size.
                let full = try SceneImageReference.decodeKeepingPVRTC(colorPath: color, alphaMaskPath: mask, atLeast: t)
                guard full.image.width > t.0 || full.image.height > t.1 else { return full }
                let image = full.image
                let small = ImageDownscale.box(image, width: min(t.0, image.width), height: min(t.1, image.height))
                saved.add(image.byteCount - small.byteCount)
                return (small, nil)
            })
        }
    }

    /// Decodes every referenced image in parallel and waits for all (preload mode).
    /// - Returns: the seconds it took.
    @discardableResult
    public func preload() -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        for i in references.indices { request(i) }
        for t in tickets.values { _ = t.wait() }
        let s = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        stats.preloadSeconds += s
        return s
    }

    /// Starts decoding, without waiting, the images the next frame will draw
    /// (lazy mode: call it early, e.g. before opening the GPU, so decoding
    /// overlaps the setup and the frame waits less).
    public func prefetch() {
        let drawn = DrawnSizes.visibleLayers(references.map(\.layer))
        for (i, r) in references.enumerated() where drawn.contains(ObjectIdentifier(r.layer)) {
            let key = plans[i].key
            if !cache.contains(key) && cache.failure(forKey: key) == nil { request(i) }
        }
    }

    /// Sets `contents` on the layers the next frame draws, waiting only for
    /// images not decoded yet; other referenced layers get nil contents and
    /// their loads are cancelled.
    /// - Throws: `SceneError` for a failed image when ``failOnError`` (preload);
    ///   otherwise failures are reported once through `warn` and the layer gets no contents.
    public func prepareFrame() throws {
        let drawn = DrawnSizes.visibleLayers(references.map(\.layer))
        var needed: Set<String> = []
        for (i, r) in references.enumerated() where drawn.contains(ObjectIdentifier(r.layer)) {
            needed.insert(plans[i].key)
        }
        for (key, t) in tickets where !needed.contains(key) {
            pool.cancel(t)
            tickets[key] = nil
        }
        // Ask for everything this frame needs first, so the pool works while we wait.
        for (i, _) in references.enumerated() where needed.contains(plans[i].key) {
            let key = plans[i].key
            if !cache.contains(key) && !reported.contains(key) && cache.failure(forKey: key) == nil { request(i) }
        }
        var resolved: [String: LayerContents?] = [:]
        for (i, r) in references.enumerated() {
            let key = plans[i].key
            guard needed.contains(key) else { r.layer.contents = nil; continue }
            if let done = resolved[key] { r.layer.contents = done; continue }
            let contents = try obtain(i, r)
            resolved[key] = contents
            r.layer.contents = contents
        }
        // Finished tickets have handed over their images; keep only loads still running.
        for (key, t) in tickets where t.state == .finished { tickets[key] = nil }
    }

    /// The figures so far.
    public var currentStats: ImageLoadingStats {
        var s = stats
        s.cache = cache.stats
        s.downscaleBytesSaved = saved.bytes
        s.downscaledImages = saved.count
        return s
    }

    private func obtain(_ i: Int, _ r: SceneImageReference) throws -> LayerContents? {
        let key = plans[i].key
        if reported.contains(key) { return nil }
        if let message = cache.failure(forKey: key) { return try failed(r, key, message) }
        if let held = cache.contents(forKey: key) {
            stats.readyAtFrame += 1
            return LayerContents(key: key, image: held.image, pvrtc: held.pvrtc)
        }
        let ticket = tickets[key] ?? request(i)
        let wasReady = ticket.state == .finished
        let t0 = DispatchTime.now().uptimeNanoseconds
        let result = ticket.wait()
        if wasReady { stats.readyAtFrame += 1 } else {
            stats.waitedFor += 1
            stats.frameWaitSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        }
        switch result {
        case .success(let image)?:
            return LayerContents(key: key, image: image, pvrtc: ticket.pvrtc)
        case .failure(let error)?:
            return try failed(r, key, "\(error)")
        case nil:
            return nil
        }
    }

    /// A failed image: an error in preload mode, else reported once and drawn without contents.
    private func failed(_ r: SceneImageReference, _ key: String, _ message: String) throws -> LayerContents? {
        if failOnError {
            throw SceneError(file: sceneName, keyPath: r.keyPath, message: "cannot read image: \(message)")
        }
        if reported.insert(key).inserted {
            stats.failedImages += 1
            warn("\(r.keyPath): cannot load image: \(message); the layer renders without contents")
        }
        return nil
    }

    @discardableResult
    private func request(_ i: Int) -> ImageLoadTicket {
        let key = plans[i].key
        if let t = tickets[key], t.state != .cancelled { return t }
        let t = pool.request(key, keepingPVRTC: plans[i].work)
        tickets[key] = t
        return t
    }
}

/// Thread-safe tally of the bytes downscaling saved (written by pool workers).
final class SavedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var _bytes = 0, _count = 0
    func add(_ n: Int) { lock.lock(); _bytes += n; _count += 1; lock.unlock() }
    var bytes: Int { lock.lock(); defer { lock.unlock() }; return _bytes }
    var count: Int { lock.lock(); defer { lock.unlock() }; return _count }
}
