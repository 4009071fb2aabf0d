// cs_fullscreen.vert.glsl: a quad over the whole pass for cs_* (offscreen
// task) shaders. Positions are pass pixels, mapped like ps_quad.vert.glsl.

attribute vec2 a_position;
uniform vec2 u_viewportSize;  // the pass size rounded up to powers of two (Framebuffer.swift)

void main() {
    gl_Position = vec4(2.0 * a_position.x / u_viewportSize.x - 1.0,
                       2.0 * a_position.y / u_viewportSize.y - 1.0, 0.0, 1.0);
}
