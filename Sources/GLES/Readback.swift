// GLES: reading a pass back into the project's Image. With the executor's
// y mapping (framebuffer row y = pass row y) glReadPixels already returns
// rows top-down, premultiplied RGBA8: no flip, no conversion.

import CGLES2
import Images

enum Readback {
    /// The pixels of the currently bound framebuffer, `width` × `height` from the origin.
    static func read(width: Int, height: Int) -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        if width > 0 && height > 0 {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
