// GLES: batching. Consecutive pieces with the same state — program,
// textures, filter, blend (solid opaque and blended items share a batch,
// see `merge`) — share one FanBuffer upload and one glDrawElements; a state
// change, or a full buffer, flushes. So draw calls grow with state changes,
// not with layer count.

import CGLES2
import Rendering

/// The GL state a batch needs.
struct BatchState: Equatable {
    var program: ProgramKind
    /// Textures for units 0 and 1 (empty for solid paint).
    var textures: [GLuint]
    /// Their sizes in texels (for the deterministic nearest lookup of ps_common.frag.glsl).
    var sizes: [SIMD2<Float>] = []
    var filter: TextureFilter
    var blend: BlendMode
    /// The stops and geometry of a gradient batch (uniforms; only equal gradients share a batch).
    var gradient: GradientUniforms? = nil
}

/// Collects geometry and issues one draw per run of equal state.
final class Batcher {
    private var fans = FanBuffer()
    private var state: BatchState?
    private let vbo: GLuint
    private let ibo: GLuint
    private var boundTextures: [GLuint] = [0, 0]
    private var currentProgram: ProgramKind?
    private var blendOn: Bool?
    let programs: [ProgramKind: Program]
    let pool: TexturePool

    init(programs: [ProgramKind: Program], pool: TexturePool) {
        self.programs = programs
        self.pool = pool
        var b: [GLuint] = [0, 0]
        glGenBuffers(2, &b)
        vbo = b[0]; ibo = b[1]
    }

    deinit {
        var b = [vbo, ibo]
        glDeleteBuffers(2, &b)
    }

    /// The state of a batch extended by an item with state `next`, or nil when
    /// it must start a new batch. Equal states merge. So do solid batches that
    /// differ only in blend mode: a `.copy` solid item is opaque (alpha exactly
    /// 1), and source-over of an opaque colour writes that colour exactly —
    /// dst·(1 − 1) is 0 in float blending and in llvmpipe's 8-bit arithmetic —
    /// so the merged batch blends, and runs of opaque items alone keep blending off.
    static func merge(_ current: BatchState?, _ next: BatchState) -> BatchState? {
        guard let current else { return nil }
        if current == next { return current }
        var relaxed = next
        relaxed.blend = current.blend
        guard next.program == .solid, relaxed == current else { return nil }
        relaxed.blend = .sourceOver
        return relaxed
    }

    /// Forgets every cached binding (start of a frame), so the stats count this frame's switches.
    func resetCachedState() {
        boundTextures = [0, 0]
        currentProgram = nil
        blendOn = nil
    }

    /// Queues `geometry` drawn with `state`, flushing first when the state differs or the batch is full.
    /// `viewport` is the size set by `Framebuffer.target` (pass pixels map to NDC through it).
    func add(_ geometry: ItemGeometry, state: BatchState, viewport: (Int, Int), stats: inout GPUStats) {
        let n = geometry.vertexCount
        guard n >= 3 else { return }
        if let merged = Batcher.merge(self.state, state), fans.fits(n) {
            self.state = merged
        } else {
            flush(viewport: viewport, stats: &stats)
            self.state = state
        }
        fans.append(geometry)
    }

    /// Draws what is queued.
    func flush(viewport: (Int, Int), stats: inout GPUStats) {
        guard let state, !fans.isEmpty else { fans.clear(); return }
        let program = use(state.program, stats: &stats)
        glUniform2f(program.uniform("u_viewportSize"), Float(viewport.0), Float(viewport.1))
        // PVRTC blocks are fetched texel by texel; the shader filters the decoded texels itself.
        let samplerFilter: TextureFilter = state.program.isPVRTC ? .nearest : state.filter
        for (unit, tex) in state.textures.enumerated() {
            bind(tex, unit: unit, filter: samplerFilter, stats: &stats)
        }
        if !state.textures.isEmpty {
            glUniform1f(program.uniform("u_nearest"), state.filter == .nearest ? 1 : 0)
            for (i, name) in ["u_textureSize", "u_maskSize"].enumerated() where i < state.sizes.count {
                glUniform2f(program.uniform(name), state.sizes[i].x, state.sizes[i].y)
            }
        }
        if let g = state.gradient { setGradientUniforms(g, program: program) }
        setBlend(state.blend)

        stats.triangles += fans.draw(vbo: vbo, ibo: ibo)
        stats.drawCalls += 1
    }

    /// Loads a gradient's uniforms (gradient.glsl) into the current program.
    func setGradientUniforms(_ g: GradientUniforms, program: Program) {
        let n = min(g.count, GradientPaint.maximumStops)
        var colors = [Float](repeating: 0, count: GradientPaint.maximumStops * 4)
        var locations = [Float](repeating: 0, count: GradientPaint.maximumStops)
        for i in 0..<n {
            let c = g.colors[i]
            colors[i * 4] = c.x; colors[i * 4 + 1] = c.y; colors[i * 4 + 2] = c.z; colors[i * 4 + 3] = c.w
            locations[i] = g.locations[i]
        }
        glUniform4fv(program.uniform("u_stopColors"), GLsizei(GradientPaint.maximumStops), colors)
        glUniform1fv(program.uniform("u_stopLocations"), GLsizei(GradientPaint.maximumStops), locations)
        glUniform1f(program.uniform("u_stopCount"), Float(n))
        glUniform4f(program.uniform("u_gradientGeometry"), g.geometry.x, g.geometry.y, g.geometry.z, g.geometry.w)
        glUniform1f(program.uniform("u_gradientType"), g.type)
    }

    /// Makes `kind` the current program.
    @discardableResult
    func use(_ kind: ProgramKind, stats: inout GPUStats) -> Program {
        let p = programs[kind]!
        if currentProgram != kind {
            glUseProgram(p.id)
            currentProgram = kind
            stats.programSwitches += 1
        }
        return p
    }

    /// Makes `program`, one not in `programs` (a BlurRenderer variant), current;
    /// the next `use` rebinds its own.
    func use(external program: Program, stats: inout GPUStats) {
        glUseProgram(program.id)
        currentProgram = nil
        stats.programSwitches += 1
    }

    /// Binds `texture` on `unit` with `filter` (MIN and MAG both).
    func bind(_ texture: GLuint, unit: Int, filter: TextureFilter, stats: inout GPUStats) {
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        if boundTextures[unit] != texture {
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            boundTextures[unit] = texture
            stats.textureBinds += 1
        }
        pool.setFilter(filter, forBound: texture)
    }

    /// Forgets the cached texture bindings (after uploads or pool creations rebound unit 0).
    func forgetTextureBindings() { boundTextures = [0, 0] }

    func setBlend(_ blend: BlendMode) {
        let on = blend == .sourceOver
        guard blendOn != on else { return }
        if on {
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        } else {
            glDisable(GLenum(GL_BLEND))
        }
        blendOn = on
    }
}
