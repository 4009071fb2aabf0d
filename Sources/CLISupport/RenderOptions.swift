// CLISupport: options shared by the commands that render scenes (the CLI's
// and the Bench module's), each declared once.

import ArgumentParser
import Compositor
import GLES

extension BackendChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

extension EGLPlatformChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `--egl-platform` and the GPU texture options, declared once for every command that opens EGL.
public struct EGLPlatformOption: ParsableArguments {
    public init() {}

    @Option(name: .customLong("egl-platform"), help: "EGL platform: auto, surfaceless, device or gbm.")
    public var eglPlatform: EGLPlatformChoice = .auto

    /// --texture-cache-mb and --pvrtc-decode (applied when parsed).
    @OptionGroup public var textures: GPUTextureOptions
}

/// `--backend` (with `--egl-platform`), declared once for every command that
/// renders on one executor, with one default.
public struct BackendOptions: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Executor: " + Executors.all.map(\.name).joined(separator: ", ")
                               + " or auto (the first that opens, with a warning)."))
    public var backend: BackendChoice = .gpu

    @OptionGroup var platform: EGLPlatformOption

    public var eglPlatform: EGLPlatformChoice { platform.eglPlatform }

    /// A renderer on the chosen executor.
    public func renderer() throws -> Renderer { try Renderer(backend: backend, platform: eglPlatform) }

    /// The chosen executor alone.
    public func executor() throws -> any PlanExecutor {
        try Executors.open(backend, settings: ExecutorSettings(platform: eglPlatform.rawValue), warn: { printError($0) })
    }
}

/// `--cull on|off`.
public enum CullSwitch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

public struct SceneRenderOptions: ParsableArguments {
    public init() {}

    @Option(help: "Culling of invisible layers and occluded items: on (default) or off. The image is the same either way.")
    public var cull: CullSwitch = .on

    public var cullEnabled: Bool { cull == .on }

    @Option(help: "Pixels per point; overrides the scene's canvas.scale.")
    public var scale: Double?

    @Flag(name: .customLong("confine-to-scene-dir"),
          help: "Refuse images and fonts outside the scene file's folder (for rendering untrusted scenes).")
    public var confineToSceneDir = false

    @Option(name: .customLong("memory-limit"),
            help: "Refuse a frame needing more memory than this (e.g. 512M, 4G; default: half the physical memory).")
    public var memoryLimit: String?

    /// --memory-limit in bytes, or nil for the default.
    public func memoryLimitBytes() throws -> Int? {
        guard let text = memoryLimit else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(text.uppercased())
        var unit = 1 << 20
        if let last = digits.last, let u = units[last] { unit = u; digits = digits.dropLast() }
        if digits.hasSuffix("I") { digits = digits.dropLast() }  // "MiB"-style
        guard let n = Double(digits), n.isFinite, n > 0, n * Double(unit) < 9e18 else {
            throw UsageError("--memory-limit must be a size such as 512M or 4G, got '\(text)'")
        }
        return Int(n * Double(unit))
    }

    /// A renderer on `backend`'s executor with these options' memory limit.
    public func makeRenderer(_ backend: BackendOptions) throws -> Renderer {
        let r = try backend.renderer()
        if let m = try memoryLimitBytes() { r.memoryLimit = m }
        return r
    }

    /// Loads `path` with these options' file policy.
    public func loadScene(_ path: String, images: SceneImageLoading = .eager) throws -> Scene {
        try SceneLoader.load(path: path, images: images, confineToSceneDirectory: confineToSceneDir)
    }

    /// Opens `path` for rendering on `backend` with `images` (the library's one
    /// image path, LoadedScene), these options' file policy, --scale check and memory limit.
    public func loadScene(_ path: String, backend: BackendOptions,
                          images: ImageLoadingPolicy = .eager) throws -> LoadedScene {
        try LoadedScene(path: path, images: images, scale: scale, confineToSceneDirectory: confineToSceneDir,
                        check: checkScale, openRenderer: { try makeRenderer(backend) })
    }

    /// Refuses a --scale that makes `scene`'s canvas an empty or oversized
    /// image, naming the option (the renderer alone could only name the pass).
    public func checkScale(for scene: Scene) throws {
        guard let s = scale else { return }
        let c = scene.canvas
        let w = (c.width * s).rounded(), h = (c.height * s).rounded()
        let side = Double(SceneLimits.maximumPixelsPerSide)
        guard w >= 1, h >= 1, w <= side, h <= side, w * h <= Double(SceneLimits.maximumPixelCount) else {
            throw UsageError("--scale \(s) makes the \(fmt(c.width)) × \(fmt(c.height))-point canvas "
                             + "\(fmt(w)) × \(fmt(h)) pixels; the output must be at least 1 × 1 and at most "
                             + "\(SceneLimits.maximumPixelsPerSide) pixels per side and \(SceneLimits.maximumPixelCount) in all")
        }
    }

    public func validate() throws {
        if let s = scale, !(s > 0 && s <= 8) {
            throw ValidationError("--scale must be in (0, 8], got \(s)")
        }
    }
}
