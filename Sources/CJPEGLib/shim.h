// CJPEGLib: libjpeg-turbo's libjpeg API (Debian: libjpeg62-turbo-dev), for
// decoding a JPEG a strip of scanlines at a time (`compositor tiles make`
// on images too big to decode whole; TurboJPEG 2.x decodes whole images
// only). libjpeg reports fatal errors by calling error_exit, which must not
// return; these wrappers catch them with setjmp/longjmp entirely inside C
// (no Swift frame is ever skipped) and hand back -1 with libjpeg's message.
// Warnings (corrupt entropy data) are fatal too, like TJFLAG_STOPONWARNING
// in the whole-image decoder, so a damaged file never yields grey rows.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr jerr;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    FILE *file;
    int created;
} cjpeglib_strip_reader;

static void cjpeglib_error_exit(j_common_ptr cinfo) {
    cjpeglib_strip_reader *r = (cjpeglib_strip_reader *)cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, r->message);
    longjmp(r->jump, 1);
}

static void cjpeglib_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) {  // a warning: damaged data
        cjpeglib_strip_reader *r = (cjpeglib_strip_reader *)cinfo->client_data;
        (*cinfo->err->format_message)(cinfo, r->message);
        longjmp(r->jump, 1);
    }
}

/// Opens the JPEG on `fd` (taken over: closed by cjpeglib_strip_close) for
/// RGBA scanlines. Returns the reader, or NULL with `message` (JMSG_LENGTH_MAX bytes) set.
static inline cjpeglib_strip_reader *cjpeglib_strip_open(int fd, char *message) {
    cjpeglib_strip_reader *r = (cjpeglib_strip_reader *)calloc(1, sizeof(cjpeglib_strip_reader));
    if (!r) { strcpy(message, "out of memory"); return NULL; }
    r->file = fdopen(fd, "rb");
    if (!r->file) { strcpy(message, "cannot open the file stream"); free(r); return NULL; }
    r->cinfo.err = jpeg_std_error(&r->jerr);
    r->jerr.error_exit = cjpeglib_error_exit;
    r->jerr.emit_message = cjpeglib_emit_message;
    r->cinfo.client_data = r;
    if (setjmp(r->jump)) {
        strncpy(message, r->message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        if (r->created) jpeg_destroy_decompress(&r->cinfo);
        fclose(r->file);
        free(r);
        return NULL;
    }
    jpeg_create_decompress(&r->cinfo);
    r->created = 1;
    jpeg_stdio_src(&r->cinfo, r->file);
    jpeg_read_header(&r->cinfo, TRUE);
    r->cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&r->cinfo);
    return r;
}

static inline unsigned cjpeglib_strip_width(cjpeglib_strip_reader *r) { return r->cinfo.output_width; }
static inline unsigned cjpeglib_strip_height(cjpeglib_strip_reader *r) { return r->cinfo.output_height; }

/// Reads up to `rows` RGBA scanlines into `dst` (width × 4 bytes each);
/// returns the number read, or -1 with `message` set.
static inline int cjpeglib_strip_read(cjpeglib_strip_reader *r, unsigned char *dst, int rows, char *message) {
    int done = 0;
    if (setjmp(r->jump)) {
        strncpy(message, r->message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        return -1;
    }
    size_t stride = (size_t)r->cinfo.output_width * 4;
    while (done < rows && r->cinfo.output_scanline < r->cinfo.output_height) {
        JSAMPROW row = dst + (size_t)done * stride;
        JDIMENSION n = jpeg_read_scanlines(&r->cinfo, &row, 1);
        if (n == 0) { strcpy(message, "the JPEG data ended early"); return -1; }
        done += (int)n;
    }
    return done;
}

static inline void cjpeglib_strip_close(cjpeglib_strip_reader *r) {
    if (!r) return;
    jpeg_destroy_decompress(&r->cinfo);
    fclose(r->file);
    free(r);
}
