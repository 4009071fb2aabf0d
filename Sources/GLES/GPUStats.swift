// GLES: what one frame cost the GPU path — the numbers `--stats` prints.
// Draw calls are the figure batching is judged by: they must grow with
// state changes (program, textures, filter, blend), not with layer count.

/// Counters of one `GLESExecutor.execute` call.
public struct GPUStats: Sendable, Equatable, Codable {
    /// Passes executed (offscreen and canvas).
    public var passes = 0
    /// glDrawElements / glDrawArrays calls.
    public var drawCalls = 0
    /// Triangles submitted.
    public var triangles = 0
    /// Draw items of the plan that produced geometry (after tile splitting: pieces).
    public var itemsDrawn = 0
    /// Draw items with nothing visible (culled by the vertex stage).
    public var itemsCulled = 0
    /// Texture uploads (glTexImage2D/glTexSubImage2D of image data; one per tile).
    public var textureUploads = 0
    /// Bytes of image data uploaded.
    public var uploadedBytes = 0
    /// Images larger than the maximum texture size, split into tiles.
    public var tiledImages = 0
    /// glBindTexture calls for sampling.
    public var textureBinds = 0
    /// glUseProgram calls that changed the program.
    public var programSwitches = 0
    /// Offscreen passes by `PassReason` raw value.
    public var offscreenPassesByReason: [String: Int] = [:]
    /// Render-target textures created by the pool (the rest were reused).
    public var targetTexturesCreated = 0
    /// Seconds spent reading the canvas back (after glFinish, so drawing time is not counted here).
    public var readbackSeconds: Double = 0

    public init() {}

    /// A one-line-per-figure text for `--stats`.
    public var summary: String {
        var s = "passes \(passes), draw calls \(drawCalls), triangles \(triangles), items \(itemsDrawn) (culled \(itemsCulled))\n"
        s += "texture uploads \(textureUploads) (\(uploadedBytes) bytes, \(tiledImages) tiled images), "
        s += "texture binds \(textureBinds), program switches \(programSwitches)"
        if !offscreenPassesByReason.isEmpty {
            s += "\noffscreen passes: " + offscreenPassesByReason.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        return s
    }
}
