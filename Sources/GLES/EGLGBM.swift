// GLES: GBM on a DRM render node, loaded with dlopen at run time so the
// binary neither links libgbm nor needs its headers; on a machine without
// /dev/dri (CI, llvmpipe) this code is simply never reached.

import Foundation

/// An open render node and its gbm_device, alive as long as the EGL display using it.
final class GBMDevice {
    /// The render node path, e.g. /dev/dri/renderD128.
    let path: String
    /// The `struct gbm_device *`, the native display of EGL_PLATFORM_GBM_KHR.
    let device: UnsafeMutableRawPointer
    private let fd: Int32
    private let library: UnsafeMutableRawPointer
    private let destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    /// The render nodes present, sorted (empty without /dev/dri).
    static func renderNodes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.filter { $0.hasPrefix("renderD") }.sorted().map { "/dev/dri/" + $0 }
    }

    /// Opens `path` and creates a gbm device on it; nil with a reason when impossible.
    static func open(_ path: String) -> Result<GBMDevice, GLESError> {
        guard let lib = dlopen("libgbm.so.1", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libgbm.so", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.noDisplay(platform: "gbm", eglError: "libgbm.so.1 could not be loaded"))
        }
        typealias Create = @convention(c) (Int32) -> UnsafeMutableRawPointer?
        typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Void
        guard let createSym = dlsym(lib, "gbm_create_device") else {
            dlclose(lib)
            return .failure(.noDisplay(platform: "gbm", eglError: "libgbm has no gbm_create_device"))
        }
        let fd = Foundation.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            dlclose(lib)
            return .failure(.noDisplay(platform: "gbm", eglError: "\(path) could not be opened (errno \(errno))"))
        }
        let create = unsafeBitCast(createSym, to: Create.self)
        guard let dev = create(fd) else {
            close(fd); dlclose(lib)
            return .failure(.noDisplay(platform: "gbm", eglError: "gbm_create_device failed on \(path)"))
        }
        let destroy = dlsym(lib, "gbm_device_destroy").map { unsafeBitCast($0, to: Destroy.self) }
        return .success(GBMDevice(path: path, device: dev, fd: fd, library: lib, destroy: destroy))
    }

    private init(path: String, device: UnsafeMutableRawPointer, fd: Int32,
                 library: UnsafeMutableRawPointer, destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) {
        self.path = path; self.device = device; self.fd = fd; self.library = library; self.destroy = destroy
    }

    deinit {
        destroy?(device)
        close(fd)
        // libgbm stays loaded: the EGL driver may still hold pointers into it.
    }
}
