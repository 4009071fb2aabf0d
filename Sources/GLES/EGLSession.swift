// GLES: one headless EGL display + GLES 2 context. Opens the chosen
// platform (auto: device → gbm → surfaceless), picks an RGBA8 ES2 config,
// creates a client-version-2 context and makes it current without any
// window: surfaceless (EGL_KHR_surfaceless_context) or, failing that, a 1×1
// pbuffer — all rendering goes to framebuffer objects anyway.
// The display is never terminated: EGL displays are per process and shared
// by every session on the same platform, so terminating one would pull the
// rug from under the others; destroying the context is enough.

import CEGL
import Foundation

/// A current-able EGL context on a headless display.
final class EGLSession {
    let display: EGLDisplay
    let context: EGLContext
    let surface: EGLSurface?
    /// The platform actually opened.
    let platform: EGLPlatformChoice
    /// The device in words (render node, "software", …).
    let deviceDescription: String
    let eglVendor: String
    let eglVersion: String
    private let gbm: GBMDevice?

    init(choice: EGLPlatformChoice) throws {
        let procs = try EGLProcs()
        var opened: (EGLDisplay, EGLPlatformChoice, String, GBMDevice?)
        switch choice {
        case .surfaceless:
            opened = try EGLSession.openSurfaceless(procs)
        case .device:
            opened = try EGLSession.openDevice(procs, hardwareOnly: false)
        case .gbm:
            opened = try EGLSession.openGBM(procs)
        case .auto:
            if let d = try? EGLSession.openDevice(procs, hardwareOnly: true) {
                opened = d
            } else if !GBMDevice.renderNodes().isEmpty, let g = try? EGLSession.openGBM(procs) {
                opened = g
            } else {
                opened = try EGLSession.openSurfaceless(procs)
            }
        }
        let (dpy, platform, device, gbm) = opened
        self.display = dpy; self.platform = platform; self.deviceDescription = device; self.gbm = gbm
        eglVendor = eglQueryString(dpy, EGLint(EGL_VENDOR)).map { String(cString: $0) } ?? ""
        eglVersion = eglQueryString(dpy, EGLint(EGL_VERSION)).map { String(cString: $0) } ?? ""
        let displayExtensions = Set((eglQueryString(dpy, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? "")
            .split(separator: " ").map(String.init))

        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.contextFailed(eglError: "eglBindAPI(EGL_OPENGL_ES_API) failed, " + EGLProcs.lastError())
        }
        let surfaceless = displayExtensions.contains("EGL_KHR_surfaceless_context")
        guard let config = EGLSession.chooseConfig(dpy, pbuffer: !surfaceless)
                ?? EGLSession.chooseConfig(dpy, pbuffer: true) else {
            throw GLESError.noConfig(platform: platform.rawValue)
        }
        let ctxAttribs: [EGLint] = [EGLint(EGL_CONTEXT_CLIENT_VERSION), 2, EGLint(EGL_NONE)]
        guard let ctx = eglCreateContext(dpy, config, nil, ctxAttribs) else {
            throw GLESError.contextFailed(eglError: "eglCreateContext failed, " + EGLProcs.lastError())
        }
        context = ctx
        var surf: EGLSurface? = nil
        if !surfaceless {
            let attribs: [EGLint] = [EGLint(EGL_WIDTH), 1, EGLint(EGL_HEIGHT), 1, EGLint(EGL_NONE)]
            surf = eglCreatePbufferSurface(dpy, config, attribs)
            if surf == nil {
                eglDestroyContext(dpy, ctx)
                throw GLESError.contextFailed(eglError: "no surfaceless context and eglCreatePbufferSurface failed, "
                                              + EGLProcs.lastError())
            }
        }
        surface = surf
        try makeCurrent()
    }

    /// Makes the context current on the calling thread.
    func makeCurrent() throws {
        if eglGetCurrentContext() == context { return }
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.contextFailed(eglError: "eglMakeCurrent failed, " + EGLProcs.lastError())
        }
    }

    deinit {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        if let s = surface { eglDestroySurface(display, s) }
        eglDestroyContext(display, context)
    }

    // MARK: - Platforms

    private static func initialize(_ dpy: EGLDisplay?, _ platform: String) throws -> EGLDisplay {
        guard let dpy else {
            throw GLESError.noDisplay(platform: platform, eglError: "eglGetPlatformDisplayEXT returned no display, "
                                      + EGLProcs.lastError())
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(dpy, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.initializeFailed(platform: platform, eglError: EGLProcs.lastError())
        }
        return dpy
    }

    private static func requirePlatformDisplay(_ procs: EGLProcs, _ ext: String, _ platform: String) throws
        -> EGLProcs.GetPlatformDisplay {
        guard procs.has(ext) else {
            throw GLESError.noDisplay(platform: platform, eglError: "the client extension \(ext) is missing")
        }
        guard let get = procs.getPlatformDisplay else {
            throw GLESError.noDisplay(platform: platform, eglError: "eglGetPlatformDisplayEXT is missing")
        }
        return get
    }

    static func openSurfaceless(_ procs: EGLProcs) throws -> (EGLDisplay, EGLPlatformChoice, String, GBMDevice?) {
        let get = try requirePlatformDisplay(procs, "EGL_MESA_platform_surfaceless", "surfaceless")
        let dpy = try initialize(get(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil), "surfaceless")
        return (dpy, .surfaceless, "surfaceless (no native display)", nil)
    }

    static func openDevice(_ procs: EGLProcs, hardwareOnly: Bool) throws
        -> (EGLDisplay, EGLPlatformChoice, String, GBMDevice?) {
        let get = try requirePlatformDisplay(procs, "EGL_EXT_platform_device", "device")
        guard let query = procs.queryDevices, let queryString = procs.queryDeviceString else {
            throw GLESError.noDisplay(platform: "device", eglError: "EGL_EXT_device_enumeration/query are missing")
        }
        var count: EGLint = 0
        guard query(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            throw GLESError.noDisplay(platform: "device", eglError: "no EGL device is enumerated")
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        _ = query(count, &devices, &count)
        struct Candidate { let device: EGLDeviceEXT?; let software: Bool; let name: String }
        let candidates = devices.prefix(Int(count)).map { dev -> Candidate in
            let ext = queryString(dev, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
            let software = ext.contains("EGL_MESA_device_software")
            let node = queryString(dev, EGLint(EGL_DRM_RENDER_NODE_FILE_EXT))
                ?? queryString(dev, EGLint(EGL_DRM_DEVICE_FILE_EXT))
            let name = software ? "software device" : (node.map { String(cString: $0) } ?? "hardware device")
            return Candidate(device: dev, software: software, name: name)
        }
        let ordered = candidates.filter { !$0.software } + (hardwareOnly ? [] : candidates.filter { $0.software })
        guard !ordered.isEmpty else {
            throw GLESError.noDisplay(platform: "device", eglError: "only software EGL devices are present")
        }
        var lastError = GLESError.noDisplay(platform: "device", eglError: "no device could be initialized")
        for c in ordered {
            do {
                let dpy = try initialize(get(EGLenum(EGL_PLATFORM_DEVICE_EXT), c.device, nil), "device")
                return (dpy, .device, "EGL device \(c.name) (\(ordered.count) usable of \(count))", nil)
            } catch let e as GLESError { lastError = e }
        }
        throw lastError
    }

    static func openGBM(_ procs: EGLProcs) throws -> (EGLDisplay, EGLPlatformChoice, String, GBMDevice?) {
        guard procs.has("EGL_KHR_platform_gbm") || procs.has("EGL_MESA_platform_gbm") else {
            throw GLESError.noDisplay(platform: "gbm", eglError: "the client extension EGL_KHR_platform_gbm is missing")
        }
        guard let get = procs.getPlatformDisplay else {
            throw GLESError.noDisplay(platform: "gbm", eglError: "eglGetPlatformDisplayEXT is missing")
        }
        guard let node = GBMDevice.renderNodes().first else {
            throw GLESError.noDisplay(platform: "gbm", eglError: "no render node under /dev/dri")
        }
        let gbm = try GBMDevice.open(node).get()
        let dpy = try initialize(get(EGLenum(EGL_PLATFORM_GBM_KHR), gbm.device, nil), "gbm")
        return (dpy, .gbm, "GBM on \(node)", gbm)
    }

    static func chooseConfig(_ dpy: EGLDisplay, pbuffer: Bool) -> EGLConfig? {
        let attribs: [EGLint] = [
            EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES2_BIT),
            EGLint(EGL_SURFACE_TYPE), pbuffer ? EGLint(EGL_PBUFFER_BIT) : 0,
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8,
            EGLint(EGL_BLUE_SIZE), 8, EGLint(EGL_ALPHA_SIZE), 8,
            EGLint(EGL_NONE),
        ]
        var config: EGLConfig? = nil
        var n: EGLint = 0
        guard eglChooseConfig(dpy, attribs, &config, 1, &n) == EGLBoolean(EGL_TRUE), n > 0 else { return nil }
        return config
    }
}
