// branch_bench.c: does the GLES driver (here Mesa llvmpipe) skip the body of
// a fragment-shader branch whose condition is false on every lane of a
// fragment block, or run it under a mask? Issue 14 (branch h-cheapcov)
// needed the answer before putting a "certainly inside" test in front of
// the coverage function. Each variant draws a full-canvas quad into an RGBA8
// FBO with an expensive body (a chain of sqrt/sin steps, no loop) behind a
// different construct, with the condition false everywhere, true everywhere,
// mixed per pixel (checkerboard) and mixed per 16×16 block (every llvmpipe
// fragment block uniform); it prints CPU ns per fragment. Standalone on purpose:
// plain EGL (surfaceless platform) and GLES2, no compositor code.
//
//   cc -O2 -o /tmp/branch_bench benchmarks/llvmpipe/branch_bench.c -lEGL -lGLESv2
//   LP_NUM_THREADS=0 /tmp/branch_bench [--size 1024] [--frames 20] [--rounds 3]

#define BENCH_NAME "branch_bench"
#include "egl_gles2.h"
#include <string.h>
#include <time.h>

static const char *vertexSource =
    "attribute vec2 a_pos;\n"
    "uniform float u_mode;\n"
    "varying vec2 v_xy;\n"
    "varying float v_mode;\n"
    "void main() {\n"
    "  v_xy = a_pos * 0.5 + 0.5;\n"
    "  v_mode = u_mode;\n"
    "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
    "}\n";

// The shared prelude: the condition by mode (0 false, 1 true, 2 per-pixel
// checkerboard, 3 per 16×16 block checkerboard) and the expensive body E.
static const char *prelude =
    "precision highp float;\n"
    "varying vec2 v_xy;\n"
    "varying float v_mode;\n"
    "bool cond() {\n"
    "  vec2 p = floor(gl_FragCoord.xy);\n"
    "  float pix = mod(p.x + p.y, 2.0);\n"
    "  float blk = mod(floor(p.x / 16.0) + floor(p.y / 16.0), 2.0);\n"
    "  float m = v_mode;\n"
    "  float c = m < 0.5 ? 0.0 : (m < 1.5 ? 1.0 : (m < 2.5 ? pix : blk));\n"
    "  return c > 0.5;\n"
    "}\n"
    "#define STEP(x) x = sqrt(x * x + 1.25) * 0.75 + sin(x * 1.5) * 0.25;\n"
    "#define STEP4(x) STEP(x) STEP(x) STEP(x) STEP(x)\n"
    "float E(float x) { STEP4(x) STEP4(x) STEP4(x) STEP4(x) STEP4(x) STEP4(x) STEP4(x) STEP4(x) return x; }\n";

typedef struct { const char *name; const char *body; } Variant;

static const Variant variants[] = {
    {"cheap (no E)", "void main() { bool k = cond(); gl_FragColor = vec4(v_xy, k ? 1.0 : 0.0, 1.0); }"},
    {"E always", "void main() { bool k = cond(); float c = E(v_xy.x); gl_FragColor = vec4(c, v_xy.y, k ? 1.0 : 0.0, 1.0); }"},
    {"if (cond) E", "void main() { float c = 0.5; if (cond()) { c = E(v_xy.x); } gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
    // E once where cond holds, never elsewhere (the exit test before E, as a while loop has it).
    {"loop: test, then E", "void main() { float c = 0.5; bool k = cond();"
                       " for (int i = 0; i < 4; i++) { if (!k || float(i) >= v_xy.y * 0.5 + 0.5) { break; } c = E(v_xy.x + c); }"
                       " gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
    // E once where cond holds, never elsewhere (E, then the exit test, as a do-while loop has it).
    {"loop: E, then test", "void main() { float c = 0.5; bool k = cond();"
                       " for (int i = 0; i < 4; i++) { if (i == 0) { if (!k) { break; } } else {"
                       " c = E(v_xy.x + c); if (float(i) >= v_xy.y * 0.5 + 0.5) { break; } } }"
                       " gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
    // E twice where cond holds, once elsewhere: does a second iteration cost only where a block needs it?
    {"loop: E once or twice", "void main() { float c = 0.5; bool k = cond();"
                       " for (int i = 0; i < 4; i++) { c = E(v_xy.x + c); if (!k || float(i) >= v_xy.y * 0.5 + 0.5) { break; } }"
                       " gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
    {"if (!cond) discard; E", "void main() { if (!cond()) { discard; } float c = E(v_xy.x); gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
    {"early return", "void main() { gl_FragColor = vec4(0.5, v_xy.y, 0.0, 1.0); if (!cond()) { return; }"
                     " float c = E(v_xy.x); gl_FragColor = vec4(c, v_xy.y, 0.0, 1.0); }"},
};

static const char *modeNames[] = {"false", "true", "mixed/pixel", "mixed/block"};

// Process CPU time (every llvmpipe thread included), so other processes on a
// loaded machine do not count; run with LP_NUM_THREADS=0 to shade on this thread.
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int size = 1024, frames = 20, rounds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--size")) size = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--frames")) frames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        else die("usage: branch_bench [--size N] [--frames N] [--rounds N]");
    }
    if (size < 16 || size > 4096 || frames < 1 || frames > 1000 || rounds < 1 || rounds > 100) die("option out of range");

    openSurfacelessGLES2();

    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("incomplete FBO");
    glViewport(0, 0, size, size);

    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    GLuint vbo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);

    const int nv = sizeof variants / sizeof variants[0];
    GLuint programs[16];
    if (nv > 16) die("too many variants");
    GLint modeLoc[16];
    GLuint vs = compileShader(GL_VERTEX_SHADER, vertexSource, NULL);
    for (int v = 0; v < nv; v++) {
        GLuint fs = compileShader(GL_FRAGMENT_SHADER, prelude, variants[v].body);
        GLuint p = glCreateProgram();
        glAttachShader(p, vs);
        glAttachShader(p, fs);
        glBindAttribLocation(p, 0, "a_pos");
        glLinkProgram(p);
        GLint ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &ok);
        if (!ok) die("link failed");
        programs[v] = p;
        modeLoc[v] = glGetUniformLocation(p, "u_mode");
    }
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);

    // best[v][m]: the least ns per fragment over the rounds (rounds interleave every variant and mode).
    double best[16][4];
    for (int v = 0; v < nv; v++) for (int m = 0; m < 4; m++) best[v][m] = 1e30;
    const double fragments = (double)size * size * frames;
    for (int r = 0; r < rounds; r++) {
        fprintf(stderr, "round %d of %d\n", r + 1, rounds);
        for (int v = 0; v < nv; v++) {
            glUseProgram(programs[v]);
            for (int m = 0; m < 4; m++) {
                glUniform1f(modeLoc[v], (float)m);
                glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // warm-up: compiles the variant
                glFinish();
                double t0 = now();
                for (int f = 0; f < frames; f++) glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
                glFinish();
                double ns = (now() - t0) * 1e9 / fragments;
                if (ns < best[v][m]) best[v][m] = ns;
            }
        }
    }
    printf("ns per fragment (best of %d rounds; %d frames of %d x %d)\n", rounds, frames, size, size);
    printf("%-28s", "variant");
    for (int m = 0; m < 4; m++) printf(" %12s", modeNames[m]);
    printf("\n");
    for (int v = 0; v < nv; v++) {
        printf("%-28s", variants[v].name);
        for (int m = 0; m < 4; m++) printf(" %12.2f", best[v][m]);
        printf("\n");
    }
    if (glGetError() != GL_NO_ERROR) die("GL error");
    closeSurfacelessGLES2();
    return 0;
}
