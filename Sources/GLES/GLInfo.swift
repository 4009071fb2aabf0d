// GLES: what the driver is, as `compositor info` prints it: EGL platform and
// device, EGL/GL identification strings, the extensions this project cares
// about (present or not) and the limits the executor depends on.

import CGLES2

/// Identification and limits of the GL context the executor renders with.
public struct GLInfo: Sendable, CustomStringConvertible {
    /// The EGL platform opened ("surfaceless", "device", "gbm").
    public var eglPlatform: String
    /// The EGL device chosen, in words.
    public var eglDevice: String
    public var eglVendor: String
    public var eglVersion: String
    /// GL_VENDOR, GL_RENDERER, GL_VERSION, GL_SHADING_LANGUAGE_VERSION.
    public var vendor: String
    public var renderer: String
    public var version: String
    public var shadingLanguageVersion: String
    /// The extensions the project uses, in a fixed order, with presence.
    public var extensions: [(name: String, present: Bool)]
    /// GL_MAX_TEXTURE_SIZE as reported by the driver.
    public var maxTextureSize: Int
    public var maxVertexAttribs: Int
    public var maxFragmentUniformVectors: Int
    /// Whether the fragment stage supports highp floats (GL_FRAGMENT_PRECISION_HIGH).
    public var fragmentHighPrecision: Bool

    /// The extensions reported in `extensions`.
    public static let projectExtensions = [
        "GL_OES_standard_derivatives", "GL_OES_element_index_uint", "GL_IMG_texture_compression_pvrtc",
        "GL_EXT_disjoint_timer_query", "GL_OES_texture_npot", "GL_EXT_texture_format_BGRA8888",
        "GL_OES_rgb8_rgba8", "GL_EXT_texture_rg", "GL_OES_vertex_array_object",
    ]

    /// Whether the driver reports `name`.
    public func has(_ name: String) -> Bool { extensions.first { $0.name == name }?.present ?? false }

    /// Whether PVRTC textures upload as compressed blocks (else they are decoded in the shader).
    public var pvrtcNative: Bool { has("GL_IMG_texture_compression_pvrtc") }

    /// `compositor info`'s PVRTC line.
    public var pvrtcLine: String {
        pvrtcNative ? "PVRTC textures:      native (GL_IMG_texture_compression_pvrtc)"
            : "PVRTC textures:      decoded in the fragment shader (4bpp and 2bpp)"
    }

    /// True for Mesa's software rasterizers (llvmpipe, softpipe).
    public var isSoftware: Bool {
        let r = renderer.lowercased()
        return r.contains("llvmpipe") || r.contains("softpipe") || r.contains("swrast")
    }

    public var description: String {
        var s = """
        EGL platform:        \(eglPlatform)
        EGL device:          \(eglDevice)
        EGL vendor/version:  \(eglVendor) / \(eglVersion)
        GL_VENDOR:           \(vendor)
        GL_RENDERER:         \(renderer)
        GL_VERSION:          \(version)
        GLSL version:        \(shadingLanguageVersion)
        highp in fragments:  \(fragmentHighPrecision ? "yes" : "no")
        max texture size:    \(maxTextureSize)
        max vertex attribs:  \(maxVertexAttribs)
        max fragment uniform vectors: \(maxFragmentUniformVectors)
        extensions:
        """
        for e in extensions { s += "\n  \(e.present ? "[x]" : "[ ]") \(e.name)" }
        s += "\n" + pvrtcLine
        return s
    }

    /// Queries the current context.
    static func query(session: EGLSession) -> GLInfo {
        func str(_ e: Int32) -> String {
            glGetString(GLenum(e)).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
        }
        func int(_ e: Int32) -> Int {
            var v: GLint = 0
            glGetIntegerv(GLenum(e), &v)
            return Int(v)
        }
        let all = Set(str(GL_EXTENSIONS).split(separator: " ").map(String.init))
        var range: [GLint] = [0, 0]
        var precision: GLint = 0
        glGetShaderPrecisionFormat(GLenum(GL_FRAGMENT_SHADER), GLenum(GL_HIGH_FLOAT), &range, &precision)
        return GLInfo(
            eglPlatform: session.platform.rawValue, eglDevice: session.deviceDescription,
            eglVendor: session.eglVendor, eglVersion: session.eglVersion,
            vendor: str(GL_VENDOR), renderer: str(GL_RENDERER), version: str(GL_VERSION),
            shadingLanguageVersion: str(GL_SHADING_LANGUAGE_VERSION),
            extensions: projectExtensions.map { ($0, all.contains($0)) },
            maxTextureSize: int(GL_MAX_TEXTURE_SIZE), maxVertexAttribs: int(GL_MAX_VERTEX_ATTRIBS),
            maxFragmentUniformVectors: int(GL_MAX_FRAGMENT_UNIFORM_VECTORS),
            fragmentHighPrecision: precision > 0)
    }
}
