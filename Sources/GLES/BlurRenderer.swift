// GLES: blur passes (PassContent.blur). One fullscreen quad with cs_blur
// (alpha) or cs_blur_rgba (four channels):
// the step's weights go in a uniform float array of BlurStep.maxRadius + 1
// entries and the shader loops to a constant bound, breaking at the radius.
// The source pass is sampled with NEAREST at texel centres so every tap is
// an exact stored value, summed in the CPU executor's order.

import CGLES2
import Plan

/// Draws one separable blur step into the current target.
final class BlurRenderer {
    private let vbo: GLuint

    init() {
        var b: GLuint = 0
        glGenBuffers(1, &b)
        vbo = b
    }

    deinit {
        var b = vbo
        glDeleteBuffers(1, &b)
    }

    /// Draws the pass (`width` × `height`) through `viewport` (from `Framebuffer.target`).
    func draw(_ step: BlurStep, source: PooledTexture, width: Int, height: Int, viewport: (Int, Int),
              batcher: Batcher, stats: inout GPUStats) {
        let program = batcher.use(step.channels == .rgba ? .blurRGBA : .blur, stats: &stats)
        let radius = min(step.weights.count - 1, BlurStep.maxRadius)
        var weights = [Float](repeating: 0, count: BlurStep.maxRadius + 1)
        for k in 0...max(0, radius) where k < step.weights.count { weights[k] = step.weights[k] }
        glUniform1fv(program.uniform("u_weights[0]"), GLsizei(weights.count), weights)
        glUniform1i(program.uniform("u_radius"), GLint(radius))
        glUniform2f(program.uniform("u_viewportSize"), Float(viewport.0), Float(viewport.1))
        glUniform2f(program.uniform("u_sourceSize"), Float(source.width), Float(source.height))
        if step.axis == .horizontal {
            glUniform2f(program.uniform("u_direction"), 1, 0)
        } else {
            glUniform2f(program.uniform("u_direction"), 0, 1)
        }
        batcher.bind(source.id, unit: 0, filter: .nearest, stats: &stats)
        batcher.setBlend(.copy)

        let w = Float(width), h = Float(height)
        let quad: [Float] = [0, 0, w, 0, w, h, 0, h]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), quad.count * 4, quad, GLenum(GL_STREAM_DRAW))
        for i in 1..<QuadAttributes.all.count { glDisableVertexAttribArray(GLuint(i)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glDrawArrays(GLenum(GL_TRIANGLE_FAN), 0, 4)
        stats.drawCalls += 1
        stats.triangles += 2
    }
}
