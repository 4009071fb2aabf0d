// Compositor: a scene the plan builder could not fully draw (a path too
// complex to fill, …). Rendering refuses it with this error rather than
// writing an image with a layer silently missing.

import Rendering

/// Parts of a scene that could not be drawn, each naming its layer and the reason.
public struct RenderProblem: Error, CustomStringConvertible {
    public let problems: [String]
    /// The scene file the problems are in, when known ("scene.json").
    public var sceneName: String?
    public var description: String {
        (sceneName.map { "\($0): " } ?? "") + problems.joined(separator: "; ")
    }

    /// Runs `body`, naming `scene` in a RenderProblem it throws.
    static func naming<T>(_ scene: Scene, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var p as RenderProblem {
            p.sceneName = scene.name
            throw p
        }
    }

    /// Throws when the plan builder reported problems.
    static func check(_ stats: PlanBuildStats) throws {
        if !stats.problems.isEmpty { throw RenderProblem(problems: stats.problems) }
    }
}
