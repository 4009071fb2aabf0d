// GLES: the one framebuffer object every pass renders through. Re-attaching
// a colour texture per pass is cheaper than an FBO per target and keeps the
// completeness check in one place.
//
// The viewport is the pass size rounded up to powers of two (the geometry is
// already clipped to the pass, so nothing lands outside the texture): pass
// pixel x → NDC 2x/P − 1 → window (ndc + 1)·P/2 is then exact for every
// position on the 1/512-pixel grid, so llvmpipe snaps vertices exactly where
// the CPU executor does (a pass-sized viewport rounds 2x/W for most W and
// moved sub-pixel ties, e.g. an edge at 2.5 + 1/512).

import CGLES2
import Plan

/// A framebuffer object re-targeted at each pass's texture.
final class Framebuffer {
    let id: GLuint

    init() {
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        id = f
        var dims: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &dims)
        maxViewport = (Int(dims[0]), Int(dims[1]))
    }

    /// The largest viewport the driver accepts (GL_MAX_VIEWPORT_DIMS).
    let maxViewport: (Int, Int)

    /// Binds the FBO with `texture` as colour attachment 0 and sets the viewport;
    /// returns the viewport size the vertex shaders must map pass pixels with.
    /// Throws when the framebuffer is incomplete.
    @discardableResult
    func target(_ texture: PooledTexture, pass: Int, depth: Bool = false) throws -> (Int, Int) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
                               texture.id, 0)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER),
                                  depth ? depthBuffer(width: texture.width, height: texture.height) : 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLESError.framebufferIncomplete(status: UInt32(status), pass: pass)
        }
        let size = viewport(width: texture.width, height: texture.height)
        glViewport(0, 0, GLsizei(size.0), GLsizei(size.1))
        return size
    }

    /// The viewport `target` sets for a `width` × `height` texture: each side
    /// rounded up to a power of two when the driver allows it (the rule the
    /// CPU executor follows too: ViewportMapping).
    func viewport(width: Int, height: Int) -> (Int, Int) {
        (ViewportMapping.viewportSide(width, max: maxViewport.0), ViewportMapping.viewportSide(height, max: maxViewport.1))
    }

    /// DEPTH_COMPONENT16 renderbuffers by size (GLES2 wants every attachment
    /// the same size), the most recently used last; at most `maxDepthBuffers` kept.
    private var depthBuffers: [(width: Int, height: Int, id: GLuint)] = []
    static let maxDepthBuffers = 4

    /// A depth renderbuffer of the given size, made at first use.
    private func depthBuffer(width: Int, height: Int) -> GLuint {
        if let k = depthBuffers.firstIndex(where: { $0.width == width && $0.height == height }) {
            let d = depthBuffers.remove(at: k)
            depthBuffers.append(d)
            return d.id
        }
        if depthBuffers.count >= Framebuffer.maxDepthBuffers {
            var old = depthBuffers.removeFirst().id
            glDeleteRenderbuffers(1, &old)
        }
        var r: GLuint = 0
        glGenRenderbuffers(1, &r)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), r)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT16), GLsizei(width), GLsizei(height))
        depthBuffers.append((width, height, r))
        return r
    }

    deinit {
        for d in depthBuffers {
            var r = d.id
            glDeleteRenderbuffers(1, &r)
        }
        var f = id
        glDeleteFramebuffers(1, &f)
    }
}
