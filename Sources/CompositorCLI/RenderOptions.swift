// CompositorCLI: options shared by the commands that render scenes.

import ArgumentParser
import Compositor
import GLES

extension BackendChoice: ExpressibleByArgument {}

extension EGLPlatformChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `--cull on|off`.
enum CullSwitch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

struct SceneRenderOptions: ParsableArguments {
    @Option(help: "Culling of invisible layers and occluded items: on (default) or off. The image is the same either way.")
    var cull: CullSwitch = .on

    var cullEnabled: Bool { cull == .on }

    @Option(help: "Pixels per point; overrides the scene's canvas.scale.")
    var scale: Double?

    @Option(name: .customLong("egl-platform"), help: "EGL platform: auto, surfaceless, device or gbm.")
    var eglPlatform: EGLPlatformChoice = .auto

    @Flag(name: .customLong("confine-to-scene-dir"),
          help: "Refuse images and fonts outside the scene file's folder (for rendering untrusted scenes).")
    var confineToSceneDir = false

    @Option(name: .customLong("memory-limit"),
            help: "Refuse a frame needing more memory than this (e.g. 512M, 4G; default: half the physical memory).")
    var memoryLimit: String?

    /// --memory-limit in bytes, or nil for the default.
    func memoryLimitBytes() throws -> Int? {
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

    /// A renderer for `backend` with these options' platform and memory limit.
    func makeRenderer(_ backend: BackendChoice) throws -> Renderer {
        let r = try Renderer(backend: backend, platform: eglPlatform)
        if let m = try memoryLimitBytes() { r.memoryLimit = m }
        return r
    }

    /// Loads `path` with these options' file policy.
    func loadScene(_ path: String, images: SceneImageLoading = .eager) throws -> Scene {
        try SceneLoader.load(path: path, images: images, confineToSceneDirectory: confineToSceneDir)
    }

    func validate() throws {
        if let s = scale, !(s > 0 && s <= 8) {
            throw ValidationError("--scale must be in (0, 8], got \(s)")
        }
    }

    /// Refuses a --scale that makes `scene`'s canvas an empty or oversized
    /// image, naming the option (the renderer alone could only name the pass).
    func checkScale(for scene: Scene) throws {
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
}
