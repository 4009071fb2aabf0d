// GLES: reading a pass back into the project's Image. With the executor's
// y mapping (framebuffer row y = pass row y) glReadPixels already returns
// rows top-down, premultiplied RGBA8: no flip, no conversion. The bytes go
// straight into the Image's storage, which is not zero-filled first: a
// 1280×720 frame is 3.7 MB of fresh pages a frame, and filling them before
// glReadPixels overwrites them cost a pass over memory of its own.

import CGLES2
import Images

enum Readback {
    /// The pixels of the currently bound framebuffer, `width` × `height` from the origin.
    static func read(width: Int, height: Int) -> Image {
        let count = width * height * 4
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress, count > 0 else { initialized = 0; return }
            var stale = 0   // errors of earlier calls, so the check below sees this read's alone
            while stale < 8, glGetError() != GLenum(GL_NO_ERROR) { stale += 1 }
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), base)
            // A failed read writes nothing: the image is then transparent black, as it was before.
            if glGetError() != GLenum(GL_NO_ERROR) { base.initialize(repeating: 0, count: count) }
            initialized = count
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
