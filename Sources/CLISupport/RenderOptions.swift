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

/// `--egl-platform`, declared once for every command that opens EGL.
public struct EGLPlatformOption: ParsableArguments {
    public init() {}

    @Option(name: .customLong("egl-platform"), help: "EGL platform: auto, surfaceless, device or gbm.")
    public var eglPlatform: EGLPlatformChoice = .auto
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

    public func validate() throws {
        if let s = scale, !(s > 0 && s <= 8) {
            throw ValidationError("--scale must be in (0, 8], got \(s)")
        }
    }
}
