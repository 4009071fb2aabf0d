// GLES: item polygons gathered for one glDrawElements. Each convex polygon
// becomes the fan (0, i, i+1) — the same triangles the CPU executor
// rasterizes — with 16-bit indices (GLES2 core), so a buffer holds at most
// 65,535 vertices. Shared by the batcher and the overdraw counter.

import CGLES2
import Plan

struct FanBuffer {
    private(set) var vertices: [Float] = []
    private(set) var indices: [UInt16] = []

    static let maxVertices = 65535

    var vertexCount: Int { vertices.count / VertexLayout.stride }
    var isEmpty: Bool { indices.isEmpty }

    /// Whether `n` more vertices still fit.
    func fits(_ n: Int) -> Bool { vertexCount + n <= FanBuffer.maxVertices }

    /// Appends a polygon as a triangle fan.
    mutating func append(_ g: ItemGeometry) {
        let n = g.vertexCount
        guard n >= 3 else { return }
        let base = UInt16(vertexCount)
        vertices.append(contentsOf: g.vertices)
        for i in 1..<(n - 1) {
            indices.append(base); indices.append(base + UInt16(i)); indices.append(base + UInt16(i + 1))
        }
    }

    /// Uploads into `vbo`/`ibo`, points the quad attributes at them, draws
    /// with the current program and state, empties the buffer, and returns
    /// the number of triangles drawn.
    mutating func draw(vbo: GLuint, ibo: GLuint) -> Int {
        defer { clear() }
        guard !indices.isEmpty else { return 0 }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * 4, vertices, GLenum(GL_STREAM_DRAW))
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), indices.count * 2, indices, GLenum(GL_STREAM_DRAW))
        let stride = GLsizei(VertexLayout.stride * 4)
        for (i, a) in QuadAttributes.all.enumerated() {
            glEnableVertexAttribArray(GLuint(i))
            glVertexAttribPointer(GLuint(i), GLint(a.size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: a.offset * 4))
        }
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(indices.count), GLenum(GL_UNSIGNED_SHORT), nil)
        return indices.count / 3
    }

    mutating func clear() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }
}
