// CompositorCLI: options shared by the commands that render scenes.

import ArgumentParser
import Compositor
import GLES

extension BackendChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

extension EGLPlatformChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `--egl-platform`, declared once for every command that opens EGL.
struct EGLPlatformOption: ParsableArguments {
    @Option(name: .customLong("egl-platform"), help: "EGL platform: auto, surfaceless, device or gbm.")
    var eglPlatform: EGLPlatformChoice = .auto
}

/// `--backend` (with `--egl-platform`), declared once for every command that
/// renders on one executor, with one default.
struct BackendOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Executor: " + Executors.all.map(\.name).joined(separator: ", ")
                               + " or auto (the first that opens, with a warning)."))
    var backend: BackendChoice = .gpu

    @OptionGroup var platform: EGLPlatformOption

    var eglPlatform: EGLPlatformChoice { platform.eglPlatform }

    /// A renderer on the chosen executor.
    func renderer() throws -> Renderer { try Renderer(backend: backend, platform: eglPlatform) }

    /// The chosen executor alone.
    func executor() throws -> any PlanExecutor {
        try Executors.open(backend, settings: ExecutorSettings(platform: eglPlatform.rawValue), warn: { printError($0) })
    }
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

    func validate() throws {
        if let s = scale, !(s > 0 && s <= 8) {
            throw ValidationError("--scale must be in (0, 8], got \(s)")
        }
    }
}
