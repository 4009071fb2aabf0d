// GLES: GPU time of a frame with GL_EXT_disjoint_timer_query. The entry
// points are fetched with eglGetProcAddress (GLES2 does not export them),
// so a driver without the extension simply has no timer and callers fall
// back to glFinish wall time. One GL_TIME_ELAPSED_EXT query brackets the
// frame's passes; its result is read after the frame's glFinish, and
// dropped when the GPU reports a disjoint event (the time is meaningless then).

import CEGL
import CGLES2

final class GPUTimer {
    private typealias GenQueries = @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    private typealias DeleteQueries = @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    private typealias BeginQuery = @convention(c) (GLenum, GLuint) -> Void
    private typealias EndQuery = @convention(c) (GLenum) -> Void
    private typealias GetQueryObjectU64 = @convention(c) (GLuint, GLenum, UnsafeMutablePointer<UInt64>?) -> Void

    private static let timeElapsed: GLenum = 0x88BF    // GL_TIME_ELAPSED_EXT
    private static let queryResult: GLenum = 0x8866    // GL_QUERY_RESULT_EXT
    private static let gpuDisjoint: GLenum = 0x8FBB    // GL_GPU_DISJOINT_EXT

    private let gen: GenQueries
    private let delete: DeleteQueries
    private let beginQuery: BeginQuery
    private let endQuery: EndQuery
    private let getU64: GetQueryObjectU64
    private var query: GLuint = 0
    private var running = false

    /// Nil when the context lacks the extension or an entry point.
    init?(info: GLInfo) {
        guard info.has("GL_EXT_disjoint_timer_query") else { return nil }
        func load<T>(_ name: String, _: T.Type) -> T? {
            guard let p = eglGetProcAddress(name) else { return nil }
            return unsafeBitCast(p, to: T.self)
        }
        guard let g = load("glGenQueriesEXT", GenQueries.self), let d = load("glDeleteQueriesEXT", DeleteQueries.self),
              let b = load("glBeginQueryEXT", BeginQuery.self), let e = load("glEndQueryEXT", EndQuery.self),
              let r = load("glGetQueryObjectui64vEXT", GetQueryObjectU64.self) else { return nil }
        gen = g; delete = d; beginQuery = b; endQuery = e; getU64 = r
        gen(1, &query)
        guard query != 0 else { return nil }
    }

    deinit {
        if query != 0 { delete(1, &query) }
    }

    /// Starts timing (clears a stale disjoint flag first).
    func begin() {
        var disjoint: GLint = 0
        glGetIntegerv(Self.gpuDisjoint, &disjoint)
        beginQuery(Self.timeElapsed, query)
        running = true
    }

    /// Stops timing; call `seconds()` after the work has finished.
    func end() {
        guard running else { return }
        endQuery(Self.timeElapsed)
        running = false
    }

    /// The elapsed GPU time of the last begin/end, nil when disjoint.
    func seconds() -> Double? {
        var ns: UInt64 = 0
        getU64(query, Self.queryResult, &ns)
        var disjoint: GLint = 0
        glGetIntegerv(Self.gpuDisjoint, &disjoint)
        return disjoint != 0 ? nil : Double(ns) / 1e9
    }
}
