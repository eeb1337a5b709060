#ifndef FIELDOPS_CPSL_SHIM_H
#define FIELDOPS_CPSL_SHIM_H
#include <libpsl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/*
 * libpsl (the public-suffix list) decides whether a cookie's Domain attribute may be stored:
 * `Domain=co.uk` from shop.co.uk must be refused, or the cookie would go to every *.co.uk.
 *
 * Like libcurl (see CCurl/shim.h) it is loaded with dlopen() the first time a Set-Cookie
 * carries a Domain attribute, not at process start: most commands never see one, and linking
 * it would map libpsl, libidn2 and libunistring before main() on every run.
 */
struct fieldops_psl_api {
    int loaded;
    const psl_ctx_t *context;
    __typeof__(psl_is_cookie_domain_acceptable) *is_cookie_domain_acceptable;
    __typeof__(psl_get_version) *get_version;
};

static inline struct fieldops_psl_api *fieldops_psl_table(void) {
    static struct fieldops_psl_api table;
    return &table;
}

static inline void fieldops_psl_load(void) {
    struct fieldops_psl_api *api = fieldops_psl_table();
    void *library = dlopen("libpsl.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libpsl.5.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    __typeof__(psl_latest) *latest = (__typeof__(psl_latest) *)dlsym(library, "psl_latest");
    __typeof__(psl_builtin) *builtin = (__typeof__(psl_builtin) *)dlsym(library, "psl_builtin");
    api->is_cookie_domain_acceptable = (__typeof__(psl_is_cookie_domain_acceptable) *)dlsym(library, "psl_is_cookie_domain_acceptable");
    api->get_version = (__typeof__(psl_get_version) *)dlsym(library, "psl_get_version");
    if (api->is_cookie_domain_acceptable == NULL) return;
    /* The newest list on the machine (Debian's publicsuffix package), else the built-in one. */
    if (latest != NULL) api->context = latest(NULL);
    if (api->context == NULL && builtin != NULL) api->context = builtin();
    api->loaded = api->context != NULL;
}

static inline struct fieldops_psl_api *fieldops_psl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_psl_load);
    return fieldops_psl_table();
}

/*
 * 1 when a cookie from `host` may be stored for `domain`, 0 when it may not (a public suffix,
 * or not a suffix of the host), -1 when libpsl is not available.
 */
static inline int fieldops_psl_cookie_domain_acceptable(const char *host, const char *domain) {
    struct fieldops_psl_api *api = fieldops_psl();
    if (!api->loaded) return -1;
    return api->is_cookie_domain_acceptable(api->context, host, domain) ? 1 : 0;
}

static inline const char *fieldops_psl_version(void) {
    struct fieldops_psl_api *api = fieldops_psl();
    return api->loaded && api->get_version ? api->get_version() : NULL;
}
#endif
