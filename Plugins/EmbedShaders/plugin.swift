// EmbedShaders: a build-tool plugin that turns the top-level Shaders/*.glsl
// into GeneratedShaders.swift for the target using it (GLES). Every .glsl
// file is a declared input, so editing one re-runs the embedder; adding or
// removing a file changes the command itself, which also re-runs it.
// (Path-based PackagePlugin API: the package's tools-version is 5.9, where
// the URL-based one is unavailable.)

import Foundation
import PackagePlugin

@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderDir = context.package.directory.appending("Shaders")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shaderDir.string)) ?? []
        let inputs = names.filter { $0.hasSuffix(".glsl") }.sorted().map { shaderDir.appending($0) }
        let output = context.pluginWorkDirectory.appending("GeneratedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders into GeneratedShaders.swift",
                executable: try context.tool(named: "ShaderEmbedder").path,
                arguments: [output.string] + inputs.map(\.string),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
