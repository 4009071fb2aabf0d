// CompositorCLI: `compositor info` — what the GPU path would run on.

import ArgumentParser
import Compositor
import GLES

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Print the EGL platform, device, GL versions, extensions and limits.")

    @Option(name: .customLong("egl-platform"), help: "EGL platform: auto, surfaceless, device or gbm.")
    var eglPlatform: EGLPlatformChoice = .auto

    func run() throws {
        try reportingErrors {
            let gpu = try GLESExecutor(platform: eglPlatform)
            print(gpu.info.description)
        }
    }
}
