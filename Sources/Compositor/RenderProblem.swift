// Compositor: a scene the plan builder could not fully draw (a path too
// complex to fill, …). Rendering refuses it with this error rather than
// writing an image with a layer silently missing.

import Rendering

/// Parts of a scene that could not be drawn, each naming its layer and the reason.
public struct RenderProblem: Error, CustomStringConvertible {
    public let problems: [String]
    public var description: String { problems.joined(separator: "; ") }

    /// Throws when the plan builder reported problems.
    static func check(_ stats: PlanBuildStats) throws {
        if !stats.problems.isEmpty { throw RenderProblem(problems: stats.problems) }
    }
}
