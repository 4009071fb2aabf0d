#include <png.h>

// Row-by-row reading (`compositor tiles make` on images too big to decode
// whole; the simplified png_image API decodes whole images only). libpng
// reports errors by longjmp to png_jmpbuf; these wrappers set it inside C,
// so no Swift frame is ever skipped, and hand back -1 with libpng's message.
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct {
    png_structp png;
    png_infop info;
    FILE *file;
    char message[256];
    unsigned width, height;
    int interlaced;
} cpng_row_reader;

static void cpng_row_error(png_structp png, png_const_charp msg) {
    cpng_row_reader *r = (cpng_row_reader *)png_get_error_ptr(png);
    strncpy(r->message, msg ? msg : "unknown libpng error", sizeof(r->message) - 1);
    png_longjmp(png, 1);
}

static void cpng_row_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

/// Opens the PNG on `fd` (taken over) for 8-bit straight RGBA rows, at most
/// `max_side` pixels per side. Returns NULL with `message` (256 bytes) set.
static inline cpng_row_reader *cpng_row_open(int fd, unsigned max_side, char *message) {
    cpng_row_reader *r = (cpng_row_reader *)calloc(1, sizeof(cpng_row_reader));
    if (!r) { strcpy(message, "out of memory"); return NULL; }
    r->file = fdopen(fd, "rb");
    if (!r->file) { strcpy(message, "cannot open the file stream"); free(r); return NULL; }
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, cpng_row_error, cpng_row_warning);
    if (r->png) r->info = png_create_info_struct(r->png);
    if (!r->png || !r->info) {
        strcpy(message, "cannot start libpng");
        png_destroy_read_struct(r->png ? &r->png : NULL, NULL, NULL);
        fclose(r->file); free(r);
        return NULL;
    }
    if (setjmp(png_jmpbuf(r->png))) {
        strncpy(message, r->message, 255); message[255] = 0;
        png_destroy_read_struct(&r->png, &r->info, NULL);
        fclose(r->file); free(r);
        return NULL;
    }
    png_init_io(r->png, r->file);
    png_set_user_limits(r->png, max_side, max_side);
    png_read_info(r->png, r->info);
    png_byte color = png_get_color_type(r->png, r->info);
    png_byte depth = png_get_bit_depth(r->png, r->info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r->png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(r->png);
    if (png_get_valid(r->png, r->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(r->png);
    if (depth == 16) png_set_scale_16(r->png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(r->png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(r->png, r->info, PNG_INFO_tRNS))
        png_set_add_alpha(r->png, 0xFF, PNG_FILLER_AFTER);
    r->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    png_read_update_info(r->png, r->info);
    r->width = png_get_image_width(r->png, r->info);
    r->height = png_get_image_height(r->png, r->info);
    if (png_get_rowbytes(r->png, r->info) != (size_t)r->width * 4) {
        strcpy(message, "unexpected row layout after conversion to RGBA");
        png_destroy_read_struct(&r->png, &r->info, NULL);
        fclose(r->file); free(r);
        return NULL;
    }
    return r;
}

/// Reads `rows` rows into `dst` (width × 4 bytes each); 0, or -1 with `message` set.
static inline int cpng_row_read(cpng_row_reader *r, unsigned char *dst, int rows, char *message) {
    if (setjmp(png_jmpbuf(r->png))) {
        strncpy(message, r->message, 255); message[255] = 0;
        return -1;
    }
    for (int i = 0; i < rows; i++) png_read_row(r->png, dst + (size_t)i * r->width * 4, NULL);
    return 0;
}

static inline void cpng_row_close(cpng_row_reader *r) {
    if (!r) return;
    png_destroy_read_struct(&r->png, &r->info, NULL);
    fclose(r->file);
    free(r);
}
