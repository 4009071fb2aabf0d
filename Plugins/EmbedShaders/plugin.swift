// EmbedShaders: a build-tool plugin that turns the top-level Shaders/*.glsl
// into GeneratedShaders.swift for the target using it (GLES). Every .glsl
// file is a declared input, so editing one re-runs the embedder; the folder
// is an input too (its modification time changes when a file is added or
// removed) and the embedder lists it at build time, so a new shader is
// picked up without re-evaluating the package.
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
                arguments: [output.string, shaderDir.string],
                inputFiles: [shaderDir] + inputs,
                outputFiles: [output]
            ),
        ]
    }
}
