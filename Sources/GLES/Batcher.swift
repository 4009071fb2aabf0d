// GLES: batching. A draw pass's pieces, ordered and grouped by
// PassOrdering (opaque first under the depth test, then blended pieces
// merged into earlier batches of their state where nothing between
// overlaps), go up in one vertex buffer upload; each batch — one program,
// textures, filter, blend (solid opaque and blended items share a batch,
// see `merge`) — is one glDrawElements. So draw calls grow with state
// changes that must happen, not with layer count.

import CGLES2
import Plan

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
    /// Writes depth in the blended phase: every `.flat` piece — the flat
    /// interior of a translucent item (DrawItem.flatInterior), which rejects
    /// the item's own fragments there, and plain solid quads batched with them.
    var depthWrite = false
}

/// Collects geometry and issues one draw per run of equal state.
final class Batcher {
    private let vbo: GLuint
    private let ibo: GLuint
    private var boundTextures: [GLuint] = [0, 0]
    private var currentProgram: GLuint?
    private var blendOn: Bool?
    let programs: [ProgramKind: Program]
    let pool: TexturePool
    /// Each draw call runs a build of its program with only the coverage
    /// kinds of its pieces compiled in (CoverageKinds; same pixels); false
    /// runs the full programs (GLESExecutor.coverageVariants).
    var coverageVariants = true
    /// Those builds, made at first use (nil: the build failed, the full program serves).
    private var variants: [ProgramVariantKey: Program?] = [:]

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
        guard next.program == .solid || next.program == .flat, relaxed == current else { return nil }
        relaxed.blend = .sourceOver
        return relaxed
    }

    /// Forgets every cached binding (start of a frame), so the stats count this frame's switches.
    func resetCachedState() {
        boundTextures = [0, 0]
        currentProgram = nil
        blendOn = nil
    }

    /// Draws a pass's pieces in `batches` (PassOrdering): every vertex and
    /// index of the pass goes up in one buffer upload each, then one
    /// glDrawElements per batch with the attributes pointed at its first
    /// vertex. Opaque batches draw with blending off and depth writes on;
    /// the depth test is on for every batch of a pass that uses depth.
    func drawPass(_ pieces: [DrawPiece], batches: [PassBatch], viewport: (Int, Int), stats: inout GPUStats) {
        guard !batches.isEmpty else { return }
        let stride = VertexLayout.stride + 1
        // Sizes first, then both arrays written in place (one allocation each, no per-vertex appends).
        var vertexTotal = 0, indexTotal = 0
        var kinds: [CoverageKinds] = []
        kinds.reserveCapacity(batches.count)
        for b in batches {
            var k: CoverageKinds = []
            for i in b.pieces {
                let n = pieces[i].geometry.vertexCount
                vertexTotal += n
                indexTotal += max(0, n - 2) * 3
                if coverageVariants { k.formUnion(CoverageKinds(vertices: pieces[i].geometry.vertices)) }
            }
            kinds.append(coverageVariants ? k : .all)
        }
        var ranges: [(base: Int, first: Int, count: Int)] = []
        ranges.reserveCapacity(batches.count)
        var depthOn = false
        var indices: [UInt16] = []
        let vertices = [Float](unsafeUninitializedCapacity: vertexTotal * stride) { vertexOut, vertexCount in
            indices = [UInt16](unsafeUninitializedCapacity: indexTotal) { indexOut, indexCount in
                var v = 0, x = 0
                for b in batches {
                    let base = v, first = x
                    for i in b.pieces {
                        let g = pieces[i].geometry
                        let n = g.vertexCount
                        let local = UInt16(v - base)
                        let z = b.depthTest ? PassOrdering.depth(order: pieces[i].order) : 0
                        g.vertices.withUnsafeBufferPointer { src in
                            guard let from = src.baseAddress, let to = vertexOut.baseAddress else { return }
                            for k in 0..<n {
                                let o = (v + k) * stride
                                (to + o).initialize(from: from + k * VertexLayout.stride, count: VertexLayout.stride)
                                (to + o + VertexLayout.stride).initialize(to: z)
                            }
                        }
                        v += n
                        if n >= 3 {
                            for t in 1..<(n - 1) {
                                indexOut[x] = local; indexOut[x + 1] = local + UInt16(t); indexOut[x + 2] = local + UInt16(t + 1)
                                x += 3
                            }
                        }
                    }
                    ranges.append((base, first, x - first))
                    depthOn = depthOn || b.depthTest
                }
                indexCount = x
            }
            vertexCount = vertexTotal * stride
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * 4, vertices, GLenum(GL_STREAM_DRAW))
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), indices.count * 2, indices, GLenum(GL_STREAM_DRAW))
        stats.bufferUploads += 1
        let attributes = QuadAttributes.all.map { ($0.offset, $0.size) } + [(VertexLayout.stride, 1)]
        for i in attributes.indices { glEnableVertexAttribArray(GLuint(i)) }
        if depthOn {
            glEnable(GLenum(GL_DEPTH_TEST))
            glDepthFunc(GLenum(GL_LESS))
        }
        for (n, (b, r)) in zip(batches, ranges).enumerated() where r.count > 0 {
            var state = b.state
            if b.opaque { state.blend = .copy }
            apply(state, coverage: kinds[n], viewport: viewport, stats: &stats)
            if depthOn { glDepthMask(GLboolean(b.opaque || b.state.depthWrite ? GL_TRUE : GL_FALSE)) }
            for (i, a) in attributes.enumerated() {
                glVertexAttribPointer(GLuint(i), GLint(a.1), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(stride * 4), UnsafeRawPointer(bitPattern: (r.base * stride + a.0) * 4))
            }
            glDrawElements(GLenum(GL_TRIANGLES), GLsizei(r.count), GLenum(GL_UNSIGNED_SHORT),
                           UnsafeRawPointer(bitPattern: r.first * 2))
            stats.triangles += r.count / 3
            stats.drawCalls += 1
            if b.opaque { stats.opaqueDrawCalls += 1 }
        }
        if depthOn {
            glDepthMask(GLboolean(GL_TRUE))
            glDisable(GLenum(GL_DEPTH_TEST))
        }
        glDisableVertexAttribArray(GLuint(attributes.count - 1))
    }

    /// Makes `state` current: program (its build for the `coverage` kinds),
    /// viewport uniform, textures, filter, gradient uniforms, blending.
    private func apply(_ state: BatchState, coverage: CoverageKinds, viewport: (Int, Int), stats: inout GPUStats) {
        let program = use(state.program, coverage: coverage, stats: &stats)
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

    /// Makes `kind` the current program: its build with only the `coverage`
    /// kinds compiled in where it has one, else the full program.
    @discardableResult
    func use(_ kind: ProgramKind, coverage: CoverageKinds = .all, stats: inout GPUStats) -> Program {
        let p = program(kind, coverage: coverage, stats: &stats)
        if currentProgram != p.id {
            glUseProgram(p.id)
            currentProgram = p.id
            stats.programSwitches += 1
        }
        return p
    }

    /// The program that draws pieces of `coverage` kinds with `kind`.
    private func program(_ kind: ProgramKind, coverage: CoverageKinds, stats: inout GPUStats) -> Program {
        let full = programs[kind]!
        let set = coverage.canonical
        guard set.needsOnlyABuild(of: kind) else { return full }
        stats.coverageVariantDrawCalls += 1
        let key = ProgramVariantKey(kind: kind, coverage: set.define)
        if let built = variants[key] { return built ?? full }
        // A failed build leaves the full program in its place: same pixels, more work.
        let built = try? Program(kind: kind, defines: [("COV_KINDS", set.define)])
        variants[key] = .some(built)
        return built ?? full
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

/// A program built for a set of coverage kinds (Batcher.program).
struct ProgramVariantKey: Hashable {
    var kind: ProgramKind
    /// Its `COV_KINDS`.
    var coverage: Int
}
