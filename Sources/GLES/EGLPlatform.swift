// GLES: which EGL platform to open. Headless only — no X or Wayland:
// Mesa's surfaceless platform (software, always there with Mesa), the EGL
// device platform (how NVIDIA's driver runs headless) and GBM on a DRM
// render node. `auto` prefers real hardware and falls back to software.

/// The EGL platform the executor opens.
public enum EGLPlatformChoice: String, Sendable, CaseIterable, CustomStringConvertible {
    /// device (when it yields a non-software device) → gbm (when a render node exists) → surfaceless.
    case auto
    /// EGL_MESA_platform_surfaceless: no native display at all (Mesa; llvmpipe without a GPU).
    case surfaceless
    /// EGL_EXT_platform_device with EGL_EXT_device_enumeration/query (NVIDIA headless, Mesa).
    case device
    /// EGL_KHR_platform_gbm on a /dev/dri/renderD* node; libgbm is loaded at run time.
    case gbm

    public var description: String { rawValue }
}
