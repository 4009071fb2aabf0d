// CompositorCLI: `compositor info` — what the GPU path would run on.

import ArgumentParser
import CLISupport
import Compositor
import GLES

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Print the EGL platform, device, GL versions, extensions and limits.")

    @OptionGroup var platform: EGLPlatformOption

    func run() throws {
        try reportingErrors {
            let gpu = try GLESExecutor(platform: platform.eglPlatform)
            print(gpu.info.description)
        }
    }
}
