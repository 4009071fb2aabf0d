// GLES: overdraw counted on the GPU with an additive counting pass. Every
// item goes through the shared Tessellator (the same triangles the executor
// draws; image tiling is irrelevant since nothing is sampled) and
// ps_count.frag.glsl, which discards coverage == 0 fragments and adds 1/255
// to one channel of an RGBA8 target under glBlendFunc(GL_ONE, GL_ONE).
//
// No cap: an item writes a pixel at most once (its fan's triangles share
// edges under the fill rule), so items go in chunks of 255 per channel —
// chunk k adds to channel k mod 4 — and after every 4 chunks (1,020 items)
// the target is read back, its four channels summed into UInt32 counters
// on the CPU, and cleared. Blur passes draw one full-pass quad.
// Per-pixel counts come from the GPU; per-item fragment counts do not (take
// them from Raster's CPUOverdrawCounter, which the tests hold equal).
// With `opaqueFirst`, items are counted in the order and under the depth
// test the executor draws them (PassOrdering: opaque pieces front to back
// writing depth, then blended ones testing it), so the counts are the
// fragments that pass the depth test — what opaque-first still shades.

import CGLES2
import Geometry
import Plan

/// Counts, per pass and pixel, how many items write each pixel, on the GPU.
public final class GPUOverdrawCounter {
    /// Items per channel and chunk: the 8-bit counter's capacity.
    public static let itemsPerChannel = 255

    /// Readbacks of the last `count` (one per 1,020 items of a pass, at least one per pass).
    public private(set) var lastReadbacks = 0
    /// Count what the executor's opaque-first drawing lets through the depth
    /// test instead of every fragment in painter order (GLESExecutor.opaqueFirst).
    public var opaqueFirst = false

    private let program: Program
    private let framebuffer: Framebuffer
    private let pool = TexturePool()
    private let vbo: GLuint
    private let ibo: GLuint
    private var fans = FanBuffer()
    /// Declared last so the GL objects above die while the context exists.
    private let session: EGLSession

    /// Opens its own EGL context on `platform` and builds the counting program.
    public init(platform: EGLPlatformChoice = .auto) throws {
        session = try EGLSession(choice: platform)
        program = try Program(name: "count", vertexName: "ps_quad.vert.glsl",
                              vertexSource: try ShaderLibrary.resolvedSource("ps_quad.vert.glsl"),
                              fragmentName: "ps_count.frag.glsl",
                              fragmentSource: try ShaderLibrary.resolvedSource("ps_count.frag.glsl"),
                              attributes: QuadAttributes.names)
        framebuffer = Framebuffer()
        var b: [GLuint] = [0, 0]
        glGenBuffers(2, &b)
        vbo = b[0]; ibo = b[1]
    }

    deinit {
        try? session.makeCurrent()
        var b = [vbo, ibo]
        glDeleteBuffers(2, &b)
    }

    /// Per-pixel counts of every pass of `plan` (`items` is nil in the result).
    public func count(_ plan: RenderPlan) throws -> OverdrawResult {
        try session.makeCurrent()
        while glGetError() != GLenum(GL_NO_ERROR) {}
        lastReadbacks = 0
        glDisable(GLenum(GL_DITHER))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        glUseProgram(program.id)
        var out: [PassOverdraw] = []
        _ = try plan.validate(maxPassSize: min(framebuffer.maxViewport.0, framebuffer.maxViewport.1,
                                               RenderPlan.maxPassSize))
        for pass in plan.passes {
            let target = pool.acquire(width: pass.width, height: pass.height)
            defer { pool.release(target) }
            var items = pass.items
            if pass.isBlur {
                items = [DrawItem(layer: 0, transform: .identity,
                                  rect: Rect(x: 0, y: 0, width: Double(pass.width), height: Double(pass.height)),
                                  paint: .solid(.clear))]
            }
            // (item, NDC depth, writes depth) in drawing order; depth nil: painter order, no depth test.
            var pieces: [(DrawItem, Float, Bool)]? = nil
            if opaqueFirst, items.count <= PassOrdering.maxDepthItems {
                var opaque: [(DrawItem, Float, Bool)] = [], blended: [(DrawItem, Float, Bool)] = []
                var imageOpaque: [Int: Bool] = [:]
                for (order, item) in items.enumerated() {
                    let z = PassOrdering.depth(order: order)
                    if let inner = item.opaqueInterior { opaque.append((inner, z, true)) }
                    let isOpaque = item.isOpaque(imageIsOpaque: { i in
                        if let k = imageOpaque[i] { return k }
                        let k = plan.images.indices.contains(i) && plan.images[i].pvrtc == nil && plan.images[i].isFullyOpaque
                        imageOpaque[i] = k
                        return k
                    })
                    if isOpaque { opaque.append((item, z, true)) } else { blended.append((item, z, false)) }
                }
                pieces = opaque.reversed() + blended
            }
            let viewport = try framebuffer.target(target, pass: pass.id, depth: pieces != nil)
            glUniform2f(program.uniform("u_viewportSize"), Float(viewport.0), Float(viewport.1))
            if pieces != nil {
                glEnable(GLenum(GL_DEPTH_TEST))
                glDepthFunc(GLenum(GL_LESS))
                glDepthMask(GLboolean(GL_TRUE))
                glClearDepthf(1)
                glClear(GLenum(GL_DEPTH_BUFFER_BIT))
            }
            let depthAttribute = GLuint(QuadAttributes.all.count)
            var counts = [UInt32](repeating: 0, count: pass.width * pass.height)
            let perReadback = 4 * Self.itemsPerChannel
            let total = pieces?.count ?? items.count
            var start = 0
            repeat {
                glClearColor(0, 0, 0, 0)
                glClear(GLenum(GL_COLOR_BUFFER_BIT))
                let end = min(total, start + perReadback)
                var i = start
                while i < end {
                    let chunkEnd = min(end, i + Self.itemsPerChannel)
                    var inc: [Float] = [0, 0, 0, 0]
                    inc[(i - start) / Self.itemsPerChannel] = 1.0 / 255.0
                    glUniform4f(program.uniform("u_increment"), inc[0], inc[1], inc[2], inc[3])
                    if let pieces {
                        // One draw per piece: its depth is a constant attribute.
                        for (item, z, writes) in pieces[i..<chunkEnd] {
                            guard let g = Tessellator.geometry(of: item, width: pass.width, height: pass.height) else { continue }
                            glVertexAttrib1f(depthAttribute, z)
                            glDepthMask(GLboolean(writes ? GL_TRUE : GL_FALSE))
                            add(g)
                            flush()
                        }
                    } else {
                        for item in items[i..<chunkEnd] {
                            if let g = Tessellator.geometry(of: item, width: pass.width, height: pass.height) {
                                add(g)
                            }
                        }
                        flush()
                    }
                    i = chunkEnd
                }
                let image = Readback.read(width: pass.width, height: pass.height)
                lastReadbacks += 1
                image.pixels.withUnsafeBufferPointer { px in
                    for p in 0..<counts.count {
                        counts[p] += UInt32(px[4 * p]) + UInt32(px[4 * p + 1])
                            + UInt32(px[4 * p + 2]) + UInt32(px[4 * p + 3])
                    }
                }
                start = end
            } while start < total
            if pieces != nil {
                glDepthMask(GLboolean(GL_TRUE))
                glDisable(GLenum(GL_DEPTH_TEST))
                glVertexAttrib1f(depthAttribute, 0)
            }
            let e = glGetError()
            if e != GLenum(GL_NO_ERROR) { throw GLESError.glError(code: UInt32(e), where: "overdraw pass \(pass.id)") }
            out.append(PassOverdraw(passID: pass.id, reason: pass.reason, layerName: pass.layerName,
                                    width: pass.width, height: pass.height, counts: counts))
        }
        glDisable(GLenum(GL_BLEND))
        return OverdrawResult(passes: out, items: nil)
    }

    /// Queues a polygon (fan), flushing first when the 16-bit index range would overflow.
    private func add(_ g: ItemGeometry) {
        if !fans.fits(g.vertexCount) { flush() }
        fans.append(g)
    }

    /// Draws what is queued with the current increment.
    private func flush() {
        _ = fans.draw(vbo: vbo, ibo: ibo)
    }
}
