// GLES: the EGL extension entry points, fetched with eglGetProcAddress
// (never linked directly, so the binary loads on any libEGL and an absent
// extension is a clear error instead of a missing symbol).

import CEGL

/// Extension functions of the client (no-display) EGL, resolved at run time.
struct EGLProcs {
    typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
    typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias QueryDeviceString = @convention(c) (EGLDeviceEXT?, EGLint) -> UnsafePointer<CChar>?

    /// Client extensions (EGL_EXT_client_extensions), empty when none are reported.
    let clientExtensions: Set<String>
    let getPlatformDisplay: GetPlatformDisplay?
    let queryDevices: QueryDevices?
    let queryDeviceString: QueryDeviceString?

    /// Loads the entry points; throws `noEGLLibrary` when libEGL has no implementation behind it.
    init() throws {
        let ext = eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) }
        guard let ext else {
            // glvnd without a vendor answers nothing for the client extensions.
            if eglGetProcAddress("eglGetPlatformDisplayEXT") == nil { throw GLESError.noEGLLibrary }
            clientExtensions = []
            getPlatformDisplay = nil; queryDevices = nil; queryDeviceString = nil
            return
        }
        clientExtensions = Set(ext.split(separator: " ").map(String.init))
        func load<T>(_ name: String, as: T.Type) -> T? {
            guard let p = eglGetProcAddress(name) else { return nil }
            return unsafeBitCast(p, to: T.self)
        }
        getPlatformDisplay = load("eglGetPlatformDisplayEXT", as: GetPlatformDisplay.self)
        queryDevices = load("eglQueryDevicesEXT", as: QueryDevices.self)
        queryDeviceString = load("eglQueryDeviceStringEXT", as: QueryDeviceString.self)
    }

    func has(_ ext: String) -> Bool { clientExtensions.contains(ext) }

    /// The current EGL error as text.
    static func lastError() -> String { GLESError.eglErrorName(eglGetError()) }
}
