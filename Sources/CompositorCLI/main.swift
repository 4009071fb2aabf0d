// CompositorCLI: the `compositor` command. Each subcommand lives in its own
// file; this one only lists them.

import ArgumentParser
import Bench
import CLISupport

struct CompositorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositor",
        abstract: "A headless Core Animation-style compositor: render layer scenes on the GPU (EGL + GLES2) or the CPU reference, and compare them.",
        version: "compositor \(CompositorVersion.number)",
        subcommands: [RenderCommand.self, CompareCommand.self, DiffCommand.self, InfoCommand.self, BenchCommand.self, ExperimentCommand.self, OverdrawCommand.self, PVRTCCommand.self, CheckCommand.self, TilesCommand.self])
}

CompositorCommand.mainWithExitRule()
