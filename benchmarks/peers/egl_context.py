"""A surfaceless EGL GLES context made current on this thread, through ctypes on libEGL.

For Skia's GPU backend (Ganesh) in peer_bench.py, on the same driver the
compositor's GPU path uses: EGL_MESA_platform_surfaceless display, a config
chosen with EGL_SURFACE_TYPE = EGL_PBUFFER_BIT (Mesa's surfaceless platform
offers no window configs, so asking for the default finds none), a GLES 3 (or,
failing that, GLES 2) context, made current with EGL_NO_SURFACE
(EGL_KHR_surfaceless_context). Skia renders into its own FBO-backed surfaces.
"""
import ctypes
import ctypes.util

EGL_PLATFORM_SURFACELESS_MESA = 0x31DD
EGL_SURFACE_TYPE, EGL_PBUFFER_BIT = 0x3033, 0x0001
EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_OPENGL_ES3_BIT = 0x3040, 0x0004, 0x0040
EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE = 0x3024, 0x3023, 0x3022, 0x3021
EGL_STENCIL_SIZE = 0x3026
EGL_NONE, EGL_OPENGL_ES_API, EGL_CONTEXT_CLIENT_VERSION = 0x3038, 0x30A0, 0x3098
EGL_VENDOR, EGL_VERSION = 0x3053, 0x3054
GL_RENDERER = 0x1F01


class EGLContext:
    def __init__(self):
        path = ctypes.util.find_library("EGL")
        if not path:
            raise SystemExit("peer_bench: libEGL not found (apt-get install libegl1 libegl-mesa0)")
        egl = ctypes.CDLL(path)
        self.egl = egl
        vp = ctypes.c_void_p
        egl.eglGetProcAddress.restype = vp
        egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
        egl.eglGetPlatformDisplay.restype = vp
        egl.eglGetPlatformDisplay.argtypes = [ctypes.c_uint, vp, vp]
        egl.eglInitialize.argtypes = [vp, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
        egl.eglChooseConfig.argtypes = [vp, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(vp), ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_int)]
        egl.eglCreateContext.restype = vp
        egl.eglCreateContext.argtypes = [vp, vp, vp, ctypes.POINTER(ctypes.c_int)]
        egl.eglMakeCurrent.argtypes = [vp, vp, vp, vp]
        egl.eglQueryString.restype = ctypes.c_char_p
        egl.eglQueryString.argtypes = [vp, ctypes.c_int]
        egl.eglDestroyContext.argtypes = [vp, vp]
        egl.eglTerminate.argtypes = [vp]
        egl.eglGetError.restype = ctypes.c_int

        self.dpy = egl.eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, None, None)
        major, minor = ctypes.c_int(), ctypes.c_int()
        if not self.dpy or not egl.eglInitialize(self.dpy, ctypes.byref(major), ctypes.byref(minor)):
            raise SystemExit(f"peer_bench: eglInitialize on the surfaceless platform failed (0x{egl.eglGetError():x})")
        if not egl.eglBindAPI(EGL_OPENGL_ES_API):
            raise SystemExit("peer_bench: eglBindAPI(EGL_OPENGL_ES_API) failed")
        self.ctx = None
        for bit, version in ((EGL_OPENGL_ES3_BIT, 3), (EGL_OPENGL_ES2_BIT, 2)):
            attrs = (ctypes.c_int * 15)(EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, bit,
                                        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                                        EGL_ALPHA_SIZE, 8, EGL_STENCIL_SIZE, 8, EGL_NONE)
            config, n = vp(), ctypes.c_int()
            if not egl.eglChooseConfig(self.dpy, attrs, ctypes.byref(config), 1, ctypes.byref(n)) or n.value < 1:
                continue
            cattrs = (ctypes.c_int * 3)(EGL_CONTEXT_CLIENT_VERSION, version, EGL_NONE)
            ctx = egl.eglCreateContext(self.dpy, config, None, cattrs)
            if ctx:
                self.ctx, self.gles = ctx, version
                break
        if not self.ctx:
            raise SystemExit("peer_bench: no EGL config with EGL_SURFACE_TYPE = EGL_PBUFFER_BIT and a GLES context")
        if not egl.eglMakeCurrent(self.dpy, None, None, self.ctx):
            raise SystemExit(f"peer_bench: eglMakeCurrent (surfaceless) failed (0x{egl.eglGetError():x})")
        self.vendor = egl.eglQueryString(self.dpy, EGL_VENDOR).decode()
        self.version = egl.eglQueryString(self.dpy, EGL_VERSION).decode()
        gl = ctypes.CDLL(ctypes.util.find_library("GLESv2"))
        gl.glGetString.restype = ctypes.c_char_p
        gl.glGetString.argtypes = [ctypes.c_uint]
        self.renderer = (gl.glGetString(GL_RENDERER) or b"?").decode()
        self.gl = gl

    def finish(self):
        self.gl.glFinish()

    def close(self):
        if self.ctx:
            self.egl.eglMakeCurrent(self.dpy, None, None, None)
            self.egl.eglDestroyContext(self.dpy, self.ctx)
            self.ctx = None
        self.egl.eglTerminate(self.dpy)
