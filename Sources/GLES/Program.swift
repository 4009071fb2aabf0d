// GLES: a linked GLSL program with its attribute bindings and uniform
// locations. Every ps_* program shares ps_quad.vert.glsl and binds the
// VertexLayout attributes to fixed locations, so one vertex buffer layout
// serves them all and switching programs never re-specifies attributes.

import CGLES2
import Plan

/// The programs of the executor, by role.
enum ProgramKind: String, CaseIterable {
    case solid, texture, textureAlpha, masked, blur
    /// Paint.solid with Shape.blurredRect (the only program with that coverage branch compiled in).
    case blurredRect
    /// Paint.solid without coverage: the interiors split off translucent rounded rects (DrawItem.flatInterior).
    case flat
    /// Paint.solid with Shape.blurredRoundedRect (coverage_blurred_rrect.glsl compiled in).
    case blurredRoundedRect
    /// A blur step over all four channels (BlurStep.Channels.rgba).
    case blurRGBA
    /// Paint.gradient, evaluated per pixel (gradient.glsl); its stops are per-batch uniforms.
    case gradient
    /// Paint.texture of PVRTC 4bpp blocks decoded in the shader (PVRTCUpload.swift).
    case texturePVRTC
    /// The same with nearest filtering (a separate program: one decode per pixel).
    case texturePVRTCNearest
    /// Paint.texture of PVRTC 2bpp blocks decoded in the shader, linear and nearest.
    case texturePVRTC2, texturePVRTC2Nearest
    /// Paint.texture of a small image in an atlas page (TextureAtlas), sampled exactly as `texture` samples it alone.
    case textureAtlas
    /// The same for nearest items (ATLAS_NEAREST compiled in, no linear arithmetic).
    case textureAtlasNearest
    /// Paint.texture and Paint.textureAlpha without the coverage function
    /// (PS_NO_COVERAGE), for plain quads without antialiased edges: coverage
    /// is exactly 1 on every pixel such an item draws (DrawItem.hasUnitCoverage).
    case textureFlat, textureAlphaFlat
    /// Paint.textureAlpha of a coverage mask in the mask atlas, nearest, without
    /// coverage math: the same texel × colour as `textureAlphaFlat` on the mask alone.
    case textureAlphaAtlasNearest

    /// Fullscreen passes (blurs) rather than draw items.
    var isFullscreen: Bool { self == .blur || self == .blurRGBA }
    var vertexShader: String { isFullscreen ? "cs_fullscreen.vert.glsl" : "ps_quad.vert.glsl" }
    var fragmentShader: String {
        switch self {
        case .solid: return "ps_solid.frag.glsl"
        case .blurredRect: return "ps_blurred_rect.frag.glsl"
        case .flat: return "ps_flat.frag.glsl"
        case .blurredRoundedRect: return "ps_blurred_rrect.frag.glsl"
        case .texture: return "ps_texture.frag.glsl"
        case .textureAlpha: return "ps_texture_alpha.frag.glsl"
        case .masked: return "ps_masked.frag.glsl"
        case .gradient: return "ps_gradient.frag.glsl"
        case .blur: return "cs_blur.frag.glsl"
        case .blurRGBA: return "cs_blur_rgba.frag.glsl"
        case .texturePVRTC: return "ps_texture_pvrtc.frag.glsl"
        case .texturePVRTCNearest: return "ps_texture_pvrtc_nearest.frag.glsl"
        case .texturePVRTC2: return "ps_texture_pvrtc2.frag.glsl"
        case .texturePVRTC2Nearest: return "ps_texture_pvrtc2_nearest.frag.glsl"
        case .textureAtlas: return "ps_texture_atlas.frag.glsl"
        case .textureAtlasNearest: return "ps_texture_atlas_nearest.frag.glsl"
        case .textureFlat: return "ps_texture_flat.frag.glsl"
        case .textureAlphaFlat: return "ps_texture_alpha_flat.frag.glsl"
        case .textureAlphaAtlasNearest: return "ps_texture_alpha_atlas_nearest.frag.glsl"
        }
    }
    var samplers: [String] {
        switch self {
        case .solid, .blurredRect, .blurredRoundedRect, .flat, .gradient: return []
        case .texture, .textureAlpha, .textureAtlas, .textureAtlasNearest, .textureFlat, .textureAlphaFlat,
             .textureAlphaAtlasNearest:
            return ["u_texture"]
        case .masked: return ["u_texture", "u_mask"]
        case .blur, .blurRGBA: return ["u_source"]
        case .texturePVRTC, .texturePVRTCNearest, .texturePVRTC2, .texturePVRTC2Nearest: return ["u_blocks"]
        }
    }
}

/// Attribute names of ps_quad.vert.glsl with their VertexLayout offset and size (floats).
enum QuadAttributes {
    static let all: [(name: String, offset: Int, size: Int)] = [
        ("a_position", VertexLayout.position, 2),
        ("a_local", VertexLayout.local, 3),
        ("a_uv", VertexLayout.uv, 3),
        ("a_color", VertexLayout.color, 4),
        ("a_jacobian", VertexLayout.jacobian, 4),
        ("a_shapeRect", VertexLayout.shapeRect, 4),
        ("a_shapeParams", VertexLayout.shapeParams, 4),
    ]
    /// The GLES-only depth of a piece (PassGeometry: one float after the
    /// VertexLayout floats), at the location after `all`.
    static let depthName = "a_depth"
    /// Every attribute name in location order (`all`, then the depth).
    static var names: [String] { all.map(\.name) + [depthName] }
}

/// A linked program.
final class Program {
    let name: String
    let id: GLuint
    private var uniforms: [String: GLint] = [:]

    /// Compiles and links `vertexSource` + `fragmentSource`, binding `attributes` to locations 0, 1, ….
    init(name: String, vertexName: String, vertexSource: String, fragmentName: String, fragmentSource: String,
         attributes: [String]) throws {
        self.name = name
        let vs = try ShaderLibrary.compile(name: vertexName, source: vertexSource, type: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vs) }
        let fs = try ShaderLibrary.compile(name: fragmentName, source: fragmentSource, type: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fs) }
        let p = glCreateProgram()
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        for (i, a) in attributes.enumerated() { glBindAttribLocation(p, GLuint(i), a) }
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = ShaderLibrary.infoLog(p, getLength: glGetProgramiv, getLog: glGetProgramInfoLog)
            glDeleteProgram(p)
            throw GLESError.programLinkFailed(name: name, log: log.isEmpty ? "(the driver gave no log)" : log)
        }
        id = p
    }

    /// Builds the program of `kind` from the embedded shaders; `defines`
    /// (name, value) are prefixed to the fragment shader as `#define`s to
    /// specialise it (the blur's radius).
    convenience init(kind: ProgramKind, defines: [(String, Int)] = []) throws {
        let attributes = kind.isFullscreen ? ["a_position"] : QuadAttributes.names
        let prefix = defines.map { "#define \($0.0) \($0.1)\n" }.joined()
        let suffix = defines.map { " \($0.0)=\($0.1)" }.joined()
        try self.init(name: kind.rawValue + suffix,
                      vertexName: kind.vertexShader, vertexSource: try ShaderLibrary.resolvedSource(kind.vertexShader),
                      fragmentName: kind.fragmentShader + suffix,
                      fragmentSource: prefix + (try ShaderLibrary.resolvedSource(kind.fragmentShader)),
                      attributes: attributes)
        glUseProgram(id)
        for (unit, s) in kind.samplers.enumerated() { glUniform1i(uniform(s), GLint(unit)) }
    }

    /// The location of a uniform (-1 when the driver optimised it away).
    func uniform(_ name: String) -> GLint {
        if let l = uniforms[name] { return l }
        let l = glGetUniformLocation(id, name)
        uniforms[name] = l
        return l
    }

    deinit { glDeleteProgram(id) }
}
