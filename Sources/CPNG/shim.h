#ifndef FIELDOPS_CPNG_SHIM_H
#define FIELDOPS_CPNG_SHIM_H
#include <png.h>
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

/*
 * libpng writes a drawn signature as a PNG. Only `jqc inspect fill`/`sign` draw signatures, so
 * it is loaded with dlopen() on the first one (as libcurl is, see CCurl/shim.h), not linked.
 * libpng's simplified write API reports errors in the png_image instead of longjmp(), which
 * Swift could not survive.
 */
struct fieldops_png_api {
    int loaded;
    __typeof__(png_image_write_to_file) *write_to_file;
    __typeof__(png_image_free) *image_free;
};

static inline void fieldops_png_load(struct fieldops_png_api *api) {
    void *library = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libpng16.16.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    api->write_to_file = (__typeof__(png_image_write_to_file) *)dlsym(library, "png_image_write_to_file");
    api->image_free = (__typeof__(png_image_free) *)dlsym(library, "png_image_free");
    api->loaded = api->write_to_file != NULL && api->image_free != NULL;
}

static inline struct fieldops_png_api *fieldops_png_table(void) {
    static struct fieldops_png_api table;
    return &table;
}

static inline void fieldops_png_load_table(void) { fieldops_png_load(fieldops_png_table()); }

/*
 * Writes 8-bit greyscale `pixels` (width × height, rows top to bottom) to `path`.
 * 0 on success; -1 when libpng is not installed; otherwise 1 with libpng's message in
 * `message` (at most `capacity` bytes).
 */
static inline int fieldops_png_write_gray(const char *path, const unsigned char *pixels, unsigned width, unsigned height,
                                          char *message, size_t capacity) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_png_load_table);
    struct fieldops_png_api *api = fieldops_png_table();
    if (!api->loaded) return -1;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_GRAY;
    int ok = api->write_to_file(&image, path, 0, pixels, (png_int_32)width, NULL);
    if (!ok && message != NULL && capacity > 0) {
        strncpy(message, image.message, capacity - 1);
        message[capacity - 1] = 0;
    }
    api->image_free(&image);
    return ok ? 0 : 1;
}
#endif
