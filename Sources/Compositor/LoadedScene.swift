// Compositor: one image path for every render — a scene file opened with
// its image loading policy: eager (decoded while the scene is read, errors
// fail the load), or in the background through an ImageCache and an
// ImageLoadingPool (`--preload`: everything before the first frame;
// `--lazy`: each frame waits for what it draws). The renderer is opened at
// the point each policy wants: lazy decoding starts before the GPU opens so
// the two overlap; preloading waits for the images after it. PVRTC images
// keep their compressed blocks on every path (SceneImageReference.decode).

import Foundation
import Images
import Layers

/// How a render loads its scene's images.
public struct ImageLoadingPolicy: Sendable, Equatable {
    /// nil: eager, synchronous decoding while the scene is read.
    public var mode: ImageLoadingMode?
    /// Decoded image cache budget (background modes).
    public var cacheBytes: Int
    /// Background decode threads; nil picks `ImageLoadingPool.defaultWorkers`.
    public var workers: Int?
    /// Box-filter images larger than their drawn size once (background modes).
    public var downscale: Bool

    public init(mode: ImageLoadingMode? = nil, cacheBytes: Int = 256 * 1024 * 1024, workers: Int? = nil,
                downscale: Bool = false) {
        self.mode = mode; self.cacheBytes = cacheBytes; self.workers = workers; self.downscale = downscale
    }

    /// Eager loading (the default).
    public static let eager = ImageLoadingPolicy()
}

/// A scene file opened for rendering: the scene, the renderer, and (in the
/// background modes) the per-frame image resolution.
public final class LoadedScene {
    public let scene: Scene
    public let renderer: Renderer
    /// nil with eager loading (the images are already in the layers).
    public let images: SceneImages?

    /// Reads `path` with `policy` and opens the renderer with `openRenderer`.
    /// - Parameters:
    ///   - scale: the canvas scale frames render at (for `downscale`).
    ///   - confineToSceneDirectory: refuse images and fonts outside the scene file's folder.
    ///   - check: runs on the scene as soon as it is read, before the renderer opens.
    public init(path: String, images policy: ImageLoadingPolicy, scale: Double? = nil,
                confineToSceneDirectory: Bool = false, check: (Scene) throws -> Void = { _ in },
                openRenderer: () throws -> Renderer) throws {
        guard let mode = policy.mode else {
            scene = try SceneLoader.load(path: path, confineToSceneDirectory: confineToSceneDirectory)
            try check(scene)
            renderer = try openRenderer()
            images = nil
            return
        }
        scene = try SceneLoader.load(path: path, images: .deferred, confineToSceneDirectory: confineToSceneDirectory)
        try check(scene)
        let cache = ImageCache(budgetBytes: policy.cacheBytes)
        let pool = ImageLoadingPool(maxConcurrent: policy.workers ?? ImageLoadingPool.defaultWorkers, cache: cache)
        let im = SceneImages(scene: scene, mode: mode, cache: cache, pool: pool, downscale: policy.downscale,
                             scale: scale, sceneName: URL(fileURLWithPath: path).lastPathComponent)
        // Lazy: decoding starts before the GPU opens, so the two overlap.
        if mode == .lazy { im.prefetch() }
        renderer = try openRenderer()
        if mode == .preload { im.preload() }
        images = im
    }

    /// Resolves the images the next frame draws (a no-op with eager loading).
    public func prepareFrame() throws { try images?.prepareFrame() }

    /// Image loading figures so far (nil with eager loading).
    public var imageStats: ImageLoadingStats? { images?.currentStats }
}
