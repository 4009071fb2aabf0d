// GLESTests: the embedded shaders — present, includes resolved, every one
// compiles and links on the driver (the driver's log in the failure), and a
// broken shader yields `shaderCompileFailed` naming it with the driver log.

import XCTest
import CGLES2
@testable import GLES

final class ShaderTests: XCTestCase {
    func testShadersAreEmbedded() {
        for name in ["coverage.glsl", "ps_quad.vert.glsl", "ps_solid.frag.glsl", "ps_texture.frag.glsl",
                     "ps_texture_alpha.frag.glsl", "ps_masked.frag.glsl", "cs_blur.frag.glsl", "cs_fullscreen.vert.glsl",
                     "pvrtc_decode.glsl", "ps_texture_pvrtc.frag.glsl",
                     "ps_texture_pvrtc_nearest.frag.glsl", "ps_texture_pvrtc2.frag.glsl",
                     "ps_texture_pvrtc2_nearest.frag.glsl"] {
            XCTAssertNotNil(ShaderLibrary.rawSource(name), "\(name) is not embedded")
        }
    }

    func testIncludesAreResolvedOnce() throws {
        let s = try ShaderLibrary.resolvedSource("ps_texture.frag.glsl")
        XCTAssertFalse(s.contains("#include"))
        XCTAssertEqual(s.components(separatedBy: "float cov_evaluate(").count, 2)
    }

    func testEveryProgramCompilesAndLinks() throws {
        _ = try GPU.executor()
        for kind in ProgramKind.allCases {
            do {
                _ = try Program(kind: kind)
            } catch {
                XCTFail("\(kind.rawValue): \(error)")
            }
        }
    }

    func testEveryShaderFileCompilesAlone() throws {
        _ = try GPU.executor()
        // Include-only files (no ".frag."/".vert." stage in the name, and the ps_common prelude) have no main.
        for name in ShaderLibrary.names where (name.contains(".frag.") || name.contains(".vert."))
            && name != "ps_common.frag.glsl" {
            let type = name.contains(".vert.") ? GLenum(GL_VERTEX_SHADER) : GLenum(GL_FRAGMENT_SHADER)
            do {
                let s = try ShaderLibrary.compile(name: name, source: try ShaderLibrary.resolvedSource(name), type: type)
                glDeleteShader(s)
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testSyntaxErrorNamesTheShaderAndCarriesTheDriverLog() throws {
        _ = try GPU.executor()
        let broken = "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0) +; }\n"
        XCTAssertThrowsError(try ShaderLibrary.compile(name: "broken.frag.glsl", source: broken,
                                                       type: GLenum(GL_FRAGMENT_SHADER))) { err in
            guard case GLESError.shaderCompileFailed(let name, let log) = err else {
                return XCTFail("unexpected \(err)")
            }
            XCTAssertEqual(name, "broken.frag.glsl")
            XCTAssertFalse(log.isEmpty)
            XCTAssertNotEqual(log, "(the driver gave no log)")
            XCTAssertTrue("\(err)".contains("broken.frag.glsl"))
            print("driver log for the deliberate error: \(log)")
        }
    }

    func testLinkFailureNamesTheProgram() throws {
        _ = try GPU.executor()
        let vs = "attribute vec2 a_position;\nvarying vec4 v_x;\nvoid main() { v_x = vec4(1.0); gl_Position = vec4(a_position, 0.0, 1.0); }\n"
        let fs = "precision highp float;\nvarying vec3 v_x;\nvoid main() { gl_FragColor = vec4(v_x, 1.0); }\n"
        XCTAssertThrowsError(try Program(name: "mismatch", vertexName: "v", vertexSource: vs, fragmentName: "f",
                                         fragmentSource: fs, attributes: ["a_position"])) { err in
            guard case GLESError.programLinkFailed(let name, let log) = err else { return XCTFail("unexpected \(err)") }
            XCTAssertEqual(name, "mismatch")
            XCTAssertFalse(log.isEmpty)
        }
    }
}
