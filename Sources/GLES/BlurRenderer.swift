// GLES: blur passes (PassContent.blur). One fullscreen quad with cs_blur
// (alpha) or cs_blur_rgba (four channels), compiled per radius bucket
// (`radiusBucket`) with the radius a constant,
// so a pixel reads 2R + 1 texels for the bucket's R ≥ the step's radius,
// not a fixed 255; the weights go in a uniform array of R + 1 entries,
// zero past the step's radius (adding +0.0 changes no sum). The source pass
// is sampled with NEAREST at texel centres so every tap is an exact stored
// value, summed in the CPU executor's order. A step with a region draws
// its quad over the region only: the pass was cleared, and outside the
// region every sum is 0.

import CGLES2
import Plan

/// Draws one separable blur step into the current target.
final class BlurRenderer {
    private let vbo: GLuint
    /// cs_blur variants by bucket radius (Gaussian) or negated factor (box),
    /// and cs_blur_rgba variants by bucket radius, compiled on first use.
    private var variants: [Int: Program] = [:]
    private var rgbaVariants: [Int: Program] = [:]

    init() {
        var b: GLuint = 0
        glGenBuffers(1, &b)
        vbo = b
    }

    deinit {
        var b = vbo
        glDeleteBuffers(1, &b)
    }

    /// The radius cs_blur is compiled for when a step needs `radius` taps each
    /// side: exact up to 8, then steps of about an eighth, so few variants
    /// exist and a pixel reads at most ~12% more texels than it needs.
    static func radiusBucket(_ radius: Int) -> Int {
        if radius <= 8 { return max(1, radius) }
        var step = 1
        while step * 16 <= radius { step *= 2 }
        return min(BlurStep.maxRadius, (radius + step - 1) / step * step)
    }

    /// The Gaussian variant of `bucket` radius (> 0) — over the alpha, or over
    /// the four channels with `rgba` — or the box variant of factor −`bucket`.
    private func variant(_ bucket: Int, rgba: Bool = false) throws -> Program {
        if let p = rgba ? rgbaVariants[bucket] : variants[bucket] { return p }
        let p = try Program(kind: rgba ? .blurRGBA : .blur,
                            defines: bucket > 0 ? [("BLUR_RADIUS", bucket)] : [("BLUR_BOX", -bucket)])
        glUseProgram(p.id)
        glUniform1i(p.uniform("u_source"), 0)
        if rgba { rgbaVariants[bucket] = p } else { variants[bucket] = p }
        return p
    }

    /// Draws the pass (`width` × `height`) through `viewport` (from `Framebuffer.target`).
    func draw(_ step: BlurStep, source: PooledTexture, width: Int, height: Int, viewport: (Int, Int),
              batcher: Batcher, stats: inout GPUStats) throws {
        let program: Program
        var weights: [Float]
        if step.downsample > 1 {
            program = try variant(-step.downsample)
            weights = step.weights
        } else {
            let radius = min(step.weights.count - 1, BlurStep.maxRadius)
            let bucket = BlurRenderer.radiusBucket(radius)
            program = try variant(bucket, rgba: step.channels == .rgba)
            weights = [Float](repeating: 0, count: bucket + 1)
            for k in 0...max(0, radius) where k < step.weights.count { weights[k] = step.weights[k] }
        }
        batcher.use(external: program, stats: &stats)
        glUniform1fv(program.uniform("u_weights[0]"), GLsizei(weights.count), weights)
        glUniform2f(program.uniform("u_viewportSize"), Float(viewport.0), Float(viewport.1))
        glUniform2f(program.uniform("u_sourceSize"), Float(source.width), Float(source.height))
        if step.axis == .horizontal {
            glUniform2f(program.uniform("u_direction"), 1, 0)
        } else {
            glUniform2f(program.uniform("u_direction"), 0, 1)
        }
        batcher.bind(source.id, unit: 0, filter: .nearest, stats: &stats)
        batcher.setBlend(.copy)

        // Only the step's region (the pass was cleared, so the rest stays 0).
        let r = step.region ?? BlurRegion(x0: 0, y0: 0, x1: width, y1: height)
        let x0 = Float(r.x0), y0 = Float(r.y0), x1 = Float(r.x1), y1 = Float(r.y1)
        let quad: [Float] = [x0, y0, x1, y0, x1, y1, x0, y1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), quad.count * 4, quad, GLenum(GL_STREAM_DRAW))
        for i in 1..<QuadAttributes.names.count { glDisableVertexAttribArray(GLuint(i)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glDrawArrays(GLenum(GL_TRIANGLE_FAN), 0, 4)
        stats.drawCalls += 1
        stats.triangles += 2
    }
}
