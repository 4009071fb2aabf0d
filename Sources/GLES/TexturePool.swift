// GLES: RGBA8 textures recycled by size. Pass targets and image uploads both
// come from here; a pass's texture returns to the pool as soon as no later
// pass samples it, so a deep plan needs only as many targets as are live at
// once. Sampling state (filter) is tracked per texture to skip redundant
// glTexParameteri calls when items switch filters. A free texture that no
// frame took back is deleted at the end of the next frame (`endFrame`), so a
// long animation whose pass sizes keep changing does not accumulate targets.

import CGLES2
import Plan

/// A pooled GL texture and its size.
struct PooledTexture: Hashable {
    let id: GLuint
    let width: Int
    let height: Int
    /// (width, height) as Floats, for shader uniforms.
    var size: SIMD2<Float> { SIMD2(Float(width), Float(height)) }
}

/// Reuses RGBA8 textures by size.
final class TexturePool {
    /// Free textures by size, each with the frame it was returned in.
    private var free: [[Int]: [(id: GLuint, frame: Int)]] = [:]
    private var all: [GLuint] = []
    private var filters: [GLuint: TextureFilter] = [:]
    /// The frame `endFrame` closes next.
    private var frame = 0
    /// Textures created since the counter was last read.
    var created = 0
    /// Textures deleted by `endFrame` since the counter was last read.
    var deleted = 0
    /// Textures alive: in use, retained or free.
    var count: Int { all.count }

    /// A new `format` texture of `width` × `height` (contents undefined),
    /// clamped to its edges, nearest, bound to unit 0.
    static func makeTexture(width: Int, height: Int, format: GLint) -> GLuint {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format, GLsizei(width), GLsizei(height), 0,
                     GLenum(format), GLenum(GL_UNSIGNED_BYTE), nil)
        return id
    }

    /// A texture of exactly `width` × `height` (contents undefined), bound to unit 0 on creation.
    func acquire(width: Int, height: Int) -> PooledTexture {
        if var list = free[[width, height]], let entry = list.popLast() {
            free[[width, height]] = list.isEmpty ? nil : list
            return PooledTexture(id: entry.id, width: width, height: height)
        }
        let id = Self.makeTexture(width: width, height: height, format: GL_RGBA)
        filters[id] = .nearest
        all.append(id)
        created += 1
        return PooledTexture(id: id, width: width, height: height)
    }

    /// Drops the cached filter of `id` (a texture name made outside the pool, which GL may reuse).
    func forgetFilter(of id: GLuint) { filters[id] = nil }

    /// Deletes a texture made by `acquire` (instead of returning it for reuse).
    func destroy(_ t: PooledTexture) {
        var id = t.id
        glDeleteTextures(1, &id)
        filters[id] = nil
        if let i = all.firstIndex(of: id) { all.swapAt(i, all.count - 1); all.removeLast() }
    }

    /// Returns a texture for reuse.
    func release(_ t: PooledTexture) {
        free[[t.width, t.height], default: []].append((t.id, frame))
    }

    /// Closes a frame: deletes the free textures returned before it that it did not take back.
    func endFrame() {
        var stale: [GLuint] = []
        for (size, list) in free {
            let keep = list.filter { $0.frame >= frame }
            guard keep.count < list.count else { continue }
            stale += list.lazy.filter { $0.frame < self.frame }.map(\.id)
            free[size] = keep.isEmpty ? nil : keep
        }
        frame += 1
        guard !stale.isEmpty else { return }
        glDeleteTextures(GLsizei(stale.count), stale)
        let gone = Set(stale)
        all.removeAll { gone.contains($0) }
        for id in stale { filters[id] = nil }
        deleted += stale.count
    }

    /// Sets MIN and MAG filter of the texture bound to GL_TEXTURE_2D on the active unit, if it differs.
    func setFilter(_ filter: TextureFilter, forBound id: GLuint) {
        guard filters[id] != filter else { return }
        let f = filter == .linear ? GL_LINEAR : GL_NEAREST
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
        filters[id] = filter
    }

    deinit {
        if !all.isEmpty { glDeleteTextures(GLsizei(all.count), all) }
    }
}
