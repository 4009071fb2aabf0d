// GLES: the errors of the GPU path. One enum for EGL setup, shader building,
// framebuffers and GL errors, whose cases read as sentences (swift-nio
// style) so the command line can print them as they are and exit with 2.

/// Everything that can go wrong on the GPU path.
public enum GLESError: Error, CustomStringConvertible, Equatable {
    /// No EGL implementation answered (no vendor library behind libEGL).
    case noEGLLibrary
    /// The platform's display could not be obtained (`eglError` says why).
    case noDisplay(platform: String, eglError: String)
    /// `eglInitialize` failed on the platform's display.
    case initializeFailed(platform: String, eglError: String)
    /// No RGBA8 config renders with OpenGL ES 2.
    case noConfig(platform: String)
    /// The GLES 2 context could not be created or made current.
    case contextFailed(eglError: String)
    /// A pass's framebuffer is not complete (`status` from glCheckFramebufferStatus).
    case framebufferIncomplete(status: UInt32, pass: Int)
    /// A shader did not compile; `log` is the driver's info log.
    case shaderCompileFailed(name: String, log: String)
    /// A program did not link; `log` is the driver's info log.
    case programLinkFailed(name: String, log: String)
    /// `glGetError` reported `code` at the place named by `where`.
    case glError(code: UInt32, where: String)
    /// The plan asks for something the executor cannot do (e.g. a pass larger than the maximum texture size).
    case unsupported(String)

    public var description: String {
        switch self {
        case .noEGLLibrary:
            return "No EGL implementation is available: libEGL found no vendor library (install Mesa's libegl1 or a GPU driver)."
        case .noDisplay(let p, let e):
            return "No EGL display could be opened on the \(p) platform: \(e)."
        case .initializeFailed(let p, let e):
            return "The EGL display of the \(p) platform failed to initialize: \(e)."
        case .noConfig(let p):
            return "The EGL display of the \(p) platform has no RGBA8 config that renders with OpenGL ES 2."
        case .contextFailed(let e):
            return "The OpenGL ES 2 context could not be created or made current: \(e)."
        case .framebufferIncomplete(let s, let pass):
            return "The framebuffer of pass \(pass) is incomplete (status \(GLESError.hex(s)))."
        case .shaderCompileFailed(let n, let log):
            return "The shader \(n) failed to compile:\n\(log)"
        case .programLinkFailed(let n, let log):
            return "The program \(n) failed to link:\n\(log)"
        case .glError(let c, let w):
            return "OpenGL reported \(GLESError.glErrorName(c)) \(w)."
        case .unsupported(let what):
            return "The GLES executor cannot do this: \(what)."
        }
    }

    static func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: true) }

    static func glErrorName(_ code: UInt32) -> String {
        let names: [UInt32: String] = [0x0500: "GL_INVALID_ENUM", 0x0501: "GL_INVALID_VALUE",
                                       0x0502: "GL_INVALID_OPERATION", 0x0505: "GL_OUT_OF_MEMORY",
                                       0x0506: "GL_INVALID_FRAMEBUFFER_OPERATION"]
        return "\(names[code] ?? "error") (\(hex(code)))"
    }

    /// The name and code of an EGL error, e.g. "EGL_BAD_DISPLAY (0x3008)".
    static func eglErrorName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS",
            0x3003: "EGL_BAD_ALLOC", 0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG",
            0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY",
            0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
            0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
        ]
        return "\(names[code] ?? "EGL error") (\(hex(UInt32(bitPattern: code))))"
    }
}
