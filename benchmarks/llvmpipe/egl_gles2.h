// egl_gles2.h: what the llvmpipe micro-benchmarks in this folder share: a
// GLES2 context on EGL's surfaceless platform (no window, no display; the
// config must ask for EGL_PBUFFER_BIT or Mesa offers none), shader
// compiling and a fatal-error exit. Header-only (static functions), so each
// benchmark still builds with one cc command and needs no compositor code.
// Define BENCH_NAME (the program's name, for messages) before including it.

#ifndef EGL_GLES2_H
#define EGL_GLES2_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef BENCH_NAME
#define BENCH_NAME "bench"
#endif

static void die(const char *what) {
    fprintf(stderr, BENCH_NAME ": %s\n", what);
    exit(2);
}

// Makes a GLES2 context current with no surface and prints the renderer's name.
static void openSurfacelessGLES2(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC getDisplay =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!getDisplay) die("no eglGetPlatformDisplayEXT");
    EGLDisplay dpy = getDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!dpy || !eglInitialize(dpy, NULL, NULL)) die("eglInitialize failed");
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint cfgAttrs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig cfg;
    EGLint n = 0;
    if (!eglChooseConfig(dpy, cfgAttrs, &cfg, 1, &n) || n < 1) die("no EGL config");
    EGLint ctxAttrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctxAttrs);
    if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) die("no context");
    printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));
}

// Releases the current context and the display.
static void closeSurfacelessGLES2(void) {
    EGLDisplay dpy = eglGetCurrentDisplay();
    EGLContext ctx = eglGetCurrentContext();
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (ctx != EGL_NO_CONTEXT) eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
}

// A shader of type `type` from the source `a` followed by `b` (NULL for none); exits on errors.
static GLuint compileShader(GLenum type, const char *a, const char *b) {
    GLuint s = glCreateShader(type);
    const char *parts[2] = {a, b};
    glShaderSource(s, b ? 2 : 1, parts, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "%s\n", log);
        die("shader compile failed");
    }
    return s;
}

#endif
