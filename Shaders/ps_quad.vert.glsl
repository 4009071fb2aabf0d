// ps_quad.vert.glsl: the vertex shader of every draw item. Attributes are
// VertexLayout's, already computed on the CPU by Tessellator (shared with the
// CPU executor); this stage only maps pass pixels to clip space with w = 1,
// so every varying interpolates screen-linearly, exactly as the CPU does,
// and the fragment stage divides the homogeneous ones per pixel.
// Pass pixel (x, y) -> NDC (2x/P - 1, 2y/Q - 1) with the viewport P × Q (the
// pass size rounded up to powers of two, so the round trip back to window
// coordinates is exact): framebuffer row y is pass row y, so glReadPixels
// returns rows top-down with no flip.

attribute vec2 a_position;   // pass pixels
attribute vec3 a_local;      // (x·q, y·q, q)
attribute vec3 a_uv;         // (u·q, v·q, q)
attribute vec4 a_color;      // premultiplied colour, or opacity in all four
attribute vec4 a_jacobian;   // ∂local/∂screen
attribute vec4 a_shapeRect;  // (minX, minY, maxX, maxY), local
attribute vec4 a_shapeParams; // (radius, width, inner radius, kind·16 + edge mask)
attribute float a_depth;     // NDC depth of the piece (PassGeometry.swift); 0 unless the depth test orders the pass

uniform vec2 u_viewportSize;  // the pass size rounded up to powers of two (Framebuffer.swift)

varying vec3 v_local;
varying vec3 v_uv;
varying vec4 v_color;
varying vec4 v_jacobian;
varying vec4 v_shapeRect;
varying vec4 v_shapeParams;

void main() {
    gl_Position = vec4(2.0 * a_position.x / u_viewportSize.x - 1.0,
                       2.0 * a_position.y / u_viewportSize.y - 1.0, a_depth, 1.0);
    v_local = a_local;
    v_uv = a_uv;
    v_color = a_color;
    v_jacobian = a_jacobian;
    v_shapeRect = a_shapeRect;
    v_shapeParams = a_shapeParams;
}
