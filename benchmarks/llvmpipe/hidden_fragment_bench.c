// hidden_fragment_bench.c: what a fragment costs the GLES driver (here Mesa
// llvmpipe) when the depth test rejects it, against one it shades, and what
// a depth attachment costs by itself. Issue 14's frame ÷ floor target
// counts only the fragments a frame must shade; the rest of a frame's
// rasterizer time goes to fragments the depth test throws away, so this is
// the price a compositor pays for every hidden fragment it does not cut out
// of its geometry before drawing. Standalone on purpose: plain EGL
// (surfaceless platform) and GLES2, no compositor code.
//
// Each case draws N axis-aligned S×S quads (deterministic pseudo-random
// whole-pixel positions on a 1280×720 RGBA8 target) in one indexed draw call
// with one of three programs: flat (a varying colour), texture (one nearest
// sample of an S×S texture) and coverage (an analytic box coverage from an
// interpolated position, as the compositor's antialiased quads compute it).
// It prints milliseconds a frame (wall clock, the driver's own threads
// included, best of the rounds) and, from the opaque depth-tested pair,
// ns per shaded and per rejected fragment:
//   back to front: every fragment passes the test and is shaded;
//   front to back: only the first fragment of each pixel passes (the union
//   of the quads, counted here on the CPU), every other one is rejected.
//
//   cc -O2 -o /tmp/hidden_fragment_bench benchmarks/llvmpipe/hidden_fragment_bench.c -lEGL -lGLESv2
//   /tmp/hidden_fragment_bench [--quads 1000] [--side 64] [--frames 20] [--rounds 5]

#define BENCH_NAME "hidden_fragment_bench"
#include "egl_gles2.h"
#include <string.h>
#include <time.h>

enum { WIDTH = 1280, HEIGHT = 720, FLOATS = 9 };

static const char *vertexSource =
    "attribute vec3 a_pos;\n"     // pixels, and NDC depth
    "attribute vec2 a_uv;\n"
    "attribute vec4 a_color;\n"
    "uniform vec2 u_size;\n"
    "varying vec2 v_uv;\n"
    "varying vec4 v_color;\n"
    "void main() {\n"
    "  v_uv = a_uv;\n"
    "  v_color = a_color;\n"
    "  gl_Position = vec4(a_pos.xy / u_size * 2.0 - 1.0, a_pos.z, 1.0);\n"
    "}\n";

typedef struct { const char *name; const char *source; } Program;

static const Program programs[] = {
    {"flat", "precision mediump float; varying vec2 v_uv; varying vec4 v_color;\n"
             "void main() { gl_FragColor = v_color; }\n"},
    {"texture", "precision mediump float; varying vec2 v_uv; varying vec4 v_color; uniform sampler2D u_image;\n"
                "void main() { gl_FragColor = texture2D(u_image, v_uv) * v_color.a; }\n"},
    // Distance to the nearest edge in pixels (the quad is u_side wide), half a pixel of ramp.
    {"coverage", "precision highp float; varying vec2 v_uv; varying vec4 v_color; uniform float u_side;\n"
                 "void main() { vec2 d = min(v_uv, 1.0 - v_uv) * u_side;\n"
                 "  gl_FragColor = v_color * clamp(min(d.x, d.y) + 0.5, 0.0, 1.0); }\n"},
};
enum { PROGRAMS = sizeof programs / sizeof programs[0] };

typedef struct { const char *name; int blend, attach, test, frontToBack; } Case;

static const Case cases[] = {
    {"blended, no depth attachment", 1, 0, 0, 0},
    {"blended, depth attached, test off", 1, 1, 0, 0},
    {"opaque, no depth attachment", 0, 0, 0, 0},
    {"opaque, depth test, back to front", 0, 1, 1, 0},
    {"opaque, depth test, front to back", 0, 1, 1, 1},
};
enum { CASES = sizeof cases / sizeof cases[0] };

static GLuint link(GLuint vs, const char *fragmentSource) {
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    glAttachShader(p, compileShader(GL_FRAGMENT_SHADER, fragmentSource, NULL));
    glBindAttribLocation(p, 0, "a_pos");
    glBindAttribLocation(p, 1, "a_uv");
    glBindAttribLocation(p, 2, "a_color");
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) die("link failed");
    return p;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned next(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

int main(int argc, char **argv) {
    int quads = 1000, side = 64, frames = 20, rounds = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--quads")) quads = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--side")) side = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--frames")) frames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
        else die("usage: hidden_fragment_bench [--quads N] [--side N] [--frames N] [--rounds N]");
    }
    // 16-bit indices: at most 16384 quads of 4 vertices.
    if (quads < 1 || quads > 16384 || side < 1 || side > 512 || frames < 1 || frames > 1000 || rounds < 1 || rounds > 100)
        die("option out of range");
    openSurfacelessGLES2();

    GLuint target, fbo, depth, image;
    glGenTextures(1, &target);
    glBindTexture(GL_TEXTURE_2D, target);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, WIDTH, HEIGHT, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, WIDTH, HEIGHT);

    unsigned char *texels = malloc((size_t)side * side * 4);
    if (!texels) die("out of memory");
    for (int i = 0; i < side * side * 4; i++) texels[i] = (unsigned char)(i * 37);
    glGenTextures(1, &image);
    glBindTexture(GL_TEXTURE_2D, image);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    // Two vertex buffers with the same quads: depth decreasing with the index
    // (back to front: each quad nearer than those drawn before) and increasing.
    size_t vertexBytes = (size_t)quads * 4 * FLOATS * sizeof(float);
    float *backToFront = malloc(vertexBytes), *frontToBack = malloc(vertexBytes);
    unsigned short *indices = malloc((size_t)quads * 6 * sizeof(unsigned short));
    unsigned char *covered = calloc((size_t)WIDTH * HEIGHT, 1);
    if (!backToFront || !frontToBack || !indices || !covered) die("out of memory");
    if (side >= WIDTH || side >= HEIGHT) die("--side must be below the target's sides");
    unsigned state = 12345;
    long fragments = (long)quads * side * side, visible = 0;
    for (int q = 0; q < quads; q++) {
        int x0 = (int)(next(&state) % (unsigned)(WIDTH - side)), y0 = (int)(next(&state) % (unsigned)(HEIGHT - side));
        for (int y = y0; y < y0 + side; y++)
            for (int x = x0; x < x0 + side; x++)
                if (!covered[y * WIDTH + x]) { covered[y * WIDTH + x] = 1; visible++; }
        float depthB = 1.0f - 2.0f * (q + 1) / (quads + 2), depthF = -depthB;
        const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int k = 0; k < 4; k++) {
            float v[FLOATS] = {x0 + side * corner[k][0], y0 + side * corner[k][1], depthB,
                               corner[k][0], corner[k][1], 0.5f, 0.25f, 0.1f, 0.8f};
            memcpy(backToFront + (q * 4 + k) * FLOATS, v, sizeof v);
            v[2] = depthF;
            memcpy(frontToBack + (q * 4 + k) * FLOATS, v, sizeof v);
        }
        unsigned short b = (unsigned short)(q * 4);
        unsigned short t[6] = {b, (unsigned short)(b + 1), (unsigned short)(b + 2), b, (unsigned short)(b + 2), (unsigned short)(b + 3)};
        memcpy(indices + q * 6, t, sizeof t);
    }
    GLuint buffers[2], indexBuffer;
    glGenBuffers(2, buffers);
    glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)vertexBytes, backToFront, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)vertexBytes, frontToBack, GL_STATIC_DRAW);
    glGenBuffers(1, &indexBuffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(quads * 6 * sizeof(unsigned short)), indices, GL_STATIC_DRAW);
    for (int a = 0; a < 3; a++) glEnableVertexAttribArray((GLuint)a);
    glViewport(0, 0, WIDTH, HEIGHT);

    GLuint vs = compileShader(GL_VERTEX_SHADER, vertexSource, NULL);
    GLuint linked[PROGRAMS];
    for (int p = 0; p < PROGRAMS; p++) {
        linked[p] = link(vs, programs[p].source);
        glUseProgram(linked[p]);
        glUniform2f(glGetUniformLocation(linked[p], "u_size"), WIDTH, HEIGHT);
        glUniform1f(glGetUniformLocation(linked[p], "u_side"), (float)side);
        glUniform1i(glGetUniformLocation(linked[p], "u_image"), 0);
    }

    // best[p][c]: the least ms a frame over the rounds (each round runs every program and case).
    double best[PROGRAMS][CASES];
    for (int p = 0; p < PROGRAMS; p++) for (int c = 0; c < CASES; c++) best[p][c] = 1e30;
    for (int r = 0; r < rounds; r++) {
        fprintf(stderr, "round %d of %d\n", r + 1, rounds);
        for (int p = 0; p < PROGRAMS; p++) {
            glUseProgram(linked[p]);
            for (int c = 0; c < CASES; c++) {
                const Case *k = &cases[c];
                glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, k->attach ? depth : 0);
                if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("incomplete FBO");
                if (k->blend) { glEnable(GL_BLEND); glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); } else glDisable(GL_BLEND);
                if (k->test) { glEnable(GL_DEPTH_TEST); glDepthFunc(GL_LESS); glDepthMask(GL_TRUE); } else glDisable(GL_DEPTH_TEST);
                glBindBuffer(GL_ARRAY_BUFFER, buffers[k->frontToBack]);
                glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, FLOATS * 4, (void *)0);
                glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, FLOATS * 4, (void *)12);
                glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, FLOATS * 4, (void *)20);
                GLbitfield clear = GL_COLOR_BUFFER_BIT | (k->attach ? GL_DEPTH_BUFFER_BIT : 0);
                glClearColor(0, 0, 0, 1);
                glClearDepthf(1);
                for (int f = 0; f < 2; f++) {   // untimed: the first frames compile the variant
                    glClear(clear);
                    glDrawElements(GL_TRIANGLES, quads * 6, GL_UNSIGNED_SHORT, 0);
                }
                glFinish();
                double t0 = seconds();
                for (int f = 0; f < frames; f++) {
                    glClear(clear);
                    glDrawElements(GL_TRIANGLES, quads * 6, GL_UNSIGNED_SHORT, 0);
                    glFinish();
                }
                double ms = (seconds() - t0) * 1e3 / frames;
                if (ms < best[p][c]) best[p][c] = ms;
            }
        }
    }
    if (glGetError() != GL_NO_ERROR) die("GL error");
    printf("%d quads of %d x %d on %d x %d: %ld fragments, %ld visible (%.1f%% hidden)\n",
           quads, side, side, WIDTH, HEIGHT, fragments, visible, 100.0 * (fragments - visible) / fragments);
    printf("ms a frame, best of %d rounds of %d frames (wall clock, every driver thread)\n", rounds, frames);
    printf("%-36s", "case");
    for (int p = 0; p < PROGRAMS; p++) printf(" %10s", programs[p].name);
    printf("\n");
    for (int c = 0; c < CASES; c++) {
        printf("%-36s", cases[c].name);
        for (int p = 0; p < PROGRAMS; p++) printf(" %10.2f", best[p][c]);
        printf("\n");
    }
    // Shaded: back to front, every fragment passes. Rejected: front to back,
    // less the visible fragments at the shaded rate, over the hidden ones.
    printf("%-36s", "ns a shaded fragment (depth tested)");
    for (int p = 0; p < PROGRAMS; p++) printf(" %10.3f", best[p][3] * 1e6 / fragments);
    printf("\n%-36s", "ns a rejected fragment");
    for (int p = 0; p < PROGRAMS; p++) {
        double shaded = best[p][3] * 1e6 / fragments;
        printf(" %10.3f", (best[p][4] * 1e6 - shaded * visible) / (double)(fragments - visible));
    }
    printf("\n");
    closeSurfacelessGLES2();
    return 0;
}
