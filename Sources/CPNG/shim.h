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
    /* dlerror() of the failed load: what the person is told is missing. */
    char problem[256];
};

static inline void fieldops_png_load(struct fieldops_png_api *api) {
    void *library = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        /* Why the Linux name failed is what a person on Linux needs; macOS's name is a retry. */
        const char *why = dlerror();
        strncpy(api->problem, why != NULL ? why : "not found", sizeof api->problem - 1);
        library = dlopen("libpng16.16.dylib", RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) return;
        api->problem[0] = 0;
    }
    api->write_to_file = (__typeof__(png_image_write_to_file) *)dlsym(library, "png_image_write_to_file");
    api->image_free = (__typeof__(png_image_free) *)dlsym(library, "png_image_free");
    api->loaded = api->write_to_file != NULL && api->image_free != NULL;
    if (!api->loaded) strncpy(api->problem, "png_image_write_to_file is missing from it (libpng older than 1.6)", sizeof api->problem - 1);
}

static inline struct fieldops_png_api *fieldops_png_table(void) {
    static struct fieldops_png_api table;
    return &table;
}

static inline void fieldops_png_load_table(void) { fieldops_png_load(fieldops_png_table()); }

/*
 * Loads libpng (once) and says whether it is usable: 1, or 0 with dlerror()'s words in
 * `problem` (at most `capacity` bytes), so a signature is refused before anyone draws it.
 */
static inline int fieldops_png_available(char *problem, size_t capacity) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_png_load_table);
    struct fieldops_png_api *api = fieldops_png_table();
    if (!api->loaded && problem != NULL && capacity > 0) {
        strncpy(problem, api->problem, capacity - 1);
        problem[capacity - 1] = 0;
    }
    return api->loaded;
}

/*
 * Writes 8-bit greyscale `pixels` (width × height, rows top to bottom) to `path`.
 * 0 on success; -1 when libpng is not installed; otherwise 1 with libpng's message in
 * `message` (at most `capacity` bytes).
 */
static inline int fieldops_png_write_gray(const char *path, const unsigned char *pixels, unsigned width, unsigned height,
                                          char *message, size_t capacity) {
    if (!fieldops_png_available(NULL, 0)) return -1;
    struct fieldops_png_api *api = fieldops_png_table();
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
