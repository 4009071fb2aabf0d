// GLES: the embedded shader sources (Shaders/*.glsl, compiled into the
// binary by the EmbedShaders plugin) and their compilation. `#include
// "file.glsl"` is resolved here, textually and once per file, WebRender
// style; the driver's info log comes back inside `shaderCompileFailed`.

import CGLES2

/// The shader sources embedded at build time, and shader compilation.
public enum ShaderLibrary {
    /// File names of every embedded shader source.
    public static var names: [String] { GeneratedShaders.sources.keys.sorted() }

    /// The raw text of an embedded file (includes unresolved), nil when absent.
    public static func rawSource(_ name: String) -> String? { GeneratedShaders.sources[name] }

    /// The text of `name` with every `#include "x"` replaced by x's text (each file included once).
    public static func resolvedSource(_ name: String) throws -> String {
        var seen: Set<String> = []
        return try resolve(name, seen: &seen, from: name)
    }

    private static func resolve(_ name: String, seen: inout Set<String>, from: String) throws -> String {
        guard let text = GeneratedShaders.sources[name] else {
            throw GLESError.shaderCompileFailed(name: from, log: "#include \"\(name)\": no such embedded shader file")
        }
        if seen.contains(name) { return "" }
        seen.insert(name)
        var out: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.drop { $0 == " " || $0 == "\t" }
            if t.hasPrefix("#include") {
                let parts = t.split(separator: "\"")
                guard parts.count >= 2 else {
                    throw GLESError.shaderCompileFailed(name: from, log: "malformed include: \(line)")
                }
                out.append(Substring(try resolve(String(parts[1]), seen: &seen, from: from)))
            } else {
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Compiles `source` as a shader of `type` (GL_VERTEX_SHADER / GL_FRAGMENT_SHADER);
    /// throws `shaderCompileFailed` with `name` and the driver's log. The context must be current.
    static func compile(name: String, source: String, type: GLenum) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { cs in
            var p: UnsafePointer<GLchar>? = cs
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw GLESError.shaderCompileFailed(name: name, log: log.isEmpty ? "(the driver gave no log)" : log)
        }
        return shader
    }

    /// The info log of a shader or program object.
    static func infoLog(_ object: GLuint,
                        getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                        getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void)
        -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "" }
        var buf = [GLchar](repeating: 0, count: Int(length) + 1)
        getLog(object, GLsizei(length), nil, &buf)
        return String(cString: buf).trimmingTrailingWhitespace()
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var s = Substring(self)
        while let l = s.last, l == "\n" || l == " " || l == "\r" || l == "\0" { s = s.dropLast() }
        return String(s)
    }
}
