// GLESTests: EGL display/context creation and the driver information.

import XCTest
@testable import GLES

final class EGLContextTests: XCTestCase {
    func testSurfacelessContextIsCreated() throws {
        do {
            let e = try GLESExecutor(platform: .surfaceless)
            XCTAssertEqual(e.info.eglPlatform, "surfaceless")
        } catch let err as GLESError where GPU.isNoDisplay(err) {
            print("surfaceless unavailable: \(err)")
            throw XCTSkip("no surfaceless EGL display: \(err)")
        }
    }

    func testAutoPicksAPlatform() throws {
        _ = try GPU.executor()
        let e = try GLESExecutor(platform: .auto)
        XCTAssertTrue(["surfaceless", "device", "gbm"].contains(e.info.eglPlatform), e.info.eglPlatform)
    }

    func testInfoFieldsAreFilled() throws {
        let info = try GPU.executor().info
        print(info)
        for (name, value) in [("EGL vendor", info.eglVendor), ("EGL version", info.eglVersion),
                              ("GL_VENDOR", info.vendor), ("GL_RENDERER", info.renderer),
                              ("GL_VERSION", info.version), ("GLSL", info.shadingLanguageVersion),
                              ("device", info.eglDevice)] {
            XCTAssertFalse(value.isEmpty, "\(name) is empty")
        }
        XCTAssertGreaterThanOrEqual(info.maxTextureSize, 64)
        XCTAssertGreaterThanOrEqual(info.maxVertexAttribs, 8)
        XCTAssertGreaterThanOrEqual(info.maxFragmentUniformVectors, 16)
        XCTAssertEqual(info.extensions.map(\.name), GLInfo.projectExtensions)
        XCTAssertTrue(info.description.contains(info.renderer))
    }

    func testDevicePlatformFailsClearlyOrWorks() throws {
        _ = try GPU.executor()
        do {
            let e = try GLESExecutor(platform: .device)
            XCTAssertEqual(e.info.eglPlatform, "device")
        } catch let err as GLESError {
            // No usable device is a legitimate outcome; the message must say which platform.
            XCTAssertTrue(err.description.contains("device"), err.description)
        }
    }

    func testGBMWithoutRenderNodeFailsClearly() throws {
        _ = try GPU.executor()
        guard GBMDevice.renderNodes().isEmpty else { throw XCTSkip("this machine has a render node") }
        XCTAssertThrowsError(try GLESExecutor(platform: .gbm)) { err in
            XCTAssertTrue("\(err)".contains("gbm"), "\(err)")
        }
    }

    func testPlatformArgumentParsing() {
        XCTAssertEqual(EGLPlatformChoice(rawValue: "surfaceless"), .surfaceless)
        XCTAssertEqual(EGLPlatformChoice(rawValue: "device"), .device)
        XCTAssertNil(EGLPlatformChoice(rawValue: "x11"))
        XCTAssertEqual(EGLPlatformChoice.allCases.map(\.description), ["auto", "surfaceless", "device", "gbm"])
    }

    func testErrorMessagesReadAsSentences() {
        let errors: [GLESError] = [
            .noEGLLibrary, .noDisplay(platform: "device", eglError: "EGL_BAD_DISPLAY (0x3008)"),
            .initializeFailed(platform: "gbm", eglError: "EGL_NOT_INITIALIZED (0x3001)"), .noConfig(platform: "surfaceless"),
            .contextFailed(eglError: "x"), .framebufferIncomplete(status: 0x8CD6, pass: 3),
            .shaderCompileFailed(name: "a.glsl", log: "log"), .programLinkFailed(name: "p", log: "log"),
            .glError(code: 0x0502, where: "after pass 1 (canvas)"),
        ]
        for e in errors {
            XCTAssertTrue(e.description.hasSuffix(".") || e.description.contains("\n"), e.description)
            XCTAssertTrue(e.description.first?.isUppercase ?? false, e.description)
        }
        XCTAssertTrue(GLESError.glError(code: 0x0502, where: "here").description.contains("GL_INVALID_OPERATION"))
    }
}
