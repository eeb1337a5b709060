#ifndef FIELDOPS_CCURL_SHIM_H
#define FIELDOPS_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * libcurl is loaded with dlopen() the first time fieldops talks HTTP, not at process start.
 *
 * Why: linking libcurl makes the dynamic loader map and relocate it and its ~30 dependencies
 * (TLS, HTTP/2, SSH, LDAP, Kerberos, ...) before main() on every run, about 5 ms of the start-up
 * of commands that never touch the network (`--version`, completion, `jqc status`, cached
 * views). Loaded lazily, those commands start in a few milliseconds, and a machine without
 * libcurl still runs every local command and gets a clear error for the rest.
 *
 * Every libcurl function fieldops uses goes through this table; the prototypes come from
 * curl.h via __typeof__, so a wrong signature cannot compile.
 */
struct fieldops_curl_api {
    int loaded;
    char error[512];
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_multi_init) *multi_init;
    __typeof__(curl_multi_cleanup) *multi_cleanup;
    __typeof__(curl_multi_add_handle) *multi_add_handle;
    __typeof__(curl_multi_remove_handle) *multi_remove_handle;
    __typeof__(curl_multi_perform) *multi_perform;
    __typeof__(curl_multi_poll) *multi_poll;
    __typeof__(curl_multi_wakeup) *multi_wakeup;
    __typeof__(curl_multi_info_read) *multi_info_read;
    __typeof__(curl_multi_setopt) *multi_setopt;
    __typeof__(curl_share_init) *share_init;
    __typeof__(curl_share_cleanup) *share_cleanup;
    __typeof__(curl_share_setopt) *share_setopt;
    __typeof__(curl_mime_init) *mime_init;
    __typeof__(curl_mime_free) *mime_free;
    __typeof__(curl_mime_addpart) *mime_addpart;
    __typeof__(curl_mime_name) *mime_name;
    __typeof__(curl_mime_data) *mime_data;
    __typeof__(curl_mime_filedata) *mime_filedata;
    __typeof__(curl_mime_filename) *mime_filename;
    __typeof__(curl_mime_type) *mime_type;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_version_info) *version_info;
};

/*
 * The table lives in a function-local static: Swift emits the header's inline functions (with
 * their local statics) but not file-scope statics. Each emitted copy loads on its first call,
 * under its own pthread_once; dlopen() hands every copy the same library.
 */
static inline struct fieldops_curl_api *fieldops_curl_table(void) {
    static struct fieldops_curl_api table;
    return &table;
}

/*
 * RTLD_DEEPBIND makes libcurl and its ~30 libraries look their symbols up among themselves
 * first. Without it each of their ~9,000 lookups first searches the program and every library
 * it was linked with (SQLite, libsodium, libyaml, libstdc++, ...): twice the loader's work of
 * curl(1) itself, about 7M instructions per process. The symbols are the same either way, as
 * nothing in the program defines one of theirs, unless a library was preloaded to stand in for
 * some (LD_PRELOAD, or a sanitizer's runtime, which refuses DEEPBIND outright): then the
 * ordinary scope is kept so the stand-in still applies to libcurl.
 */
static inline int fieldops_curl_scope(void) {
#if defined(RTLD_DEEPBIND)
    const char *preload = getenv("LD_PRELOAD");
    if ((preload != NULL && preload[0] != '\0') || dlsym(RTLD_DEFAULT, "__asan_init") != NULL ||
        dlsym(RTLD_DEFAULT, "__tsan_init") != NULL || dlsym(RTLD_DEFAULT, "__msan_init") != NULL) {
        return 0;
    }
    return RTLD_DEEPBIND;
#else
    return 0;
#endif
}

/*
 * RTLD_LAZY, as when curl(1) starts: most of these libraries are built with BIND_NOW and bind
 * everything at once anyway, but for those that are not (nghttp2, krb5, gmp, zlib, ...)
 * RTLD_NOW resolved every function they could call, about 2.5M instructions per process, where
 * a request calls a few of them. Every function fieldops itself calls is looked up below with
 * dlsym(), so a missing one is still an error here rather than at its first call.
 */
static inline void fieldops_curl_load(void) {
    static const char *const names[] = {"libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"};
    struct fieldops_curl_api *api = fieldops_curl_table();
    void *library = NULL;
    const int scope = fieldops_curl_scope();
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL | scope);
        /* Why the first (Debian's) name failed is what a person is told; the others are retries. */
        if (library == NULL && i == 0) {
            const char *reason = dlerror();
            snprintf(api->error, sizeof api->error, "%s", reason ? reason : "libcurl.so.4 not found");
        }
    }
    if (library == NULL) return;
    const char *missing = NULL;
#define FIELDOPS_CURL_BIND(field, symbol) \
    if ((*(void **)&api->field = dlsym(library, #symbol)) == NULL && missing == NULL) missing = #symbol;
    FIELDOPS_CURL_BIND(global_init, curl_global_init)
    FIELDOPS_CURL_BIND(easy_init, curl_easy_init)
    FIELDOPS_CURL_BIND(easy_cleanup, curl_easy_cleanup)
    FIELDOPS_CURL_BIND(easy_setopt, curl_easy_setopt)
    FIELDOPS_CURL_BIND(easy_getinfo, curl_easy_getinfo)
    FIELDOPS_CURL_BIND(easy_strerror, curl_easy_strerror)
    FIELDOPS_CURL_BIND(multi_init, curl_multi_init)
    FIELDOPS_CURL_BIND(multi_cleanup, curl_multi_cleanup)
    FIELDOPS_CURL_BIND(multi_add_handle, curl_multi_add_handle)
    FIELDOPS_CURL_BIND(multi_remove_handle, curl_multi_remove_handle)
    FIELDOPS_CURL_BIND(multi_perform, curl_multi_perform)
    FIELDOPS_CURL_BIND(multi_poll, curl_multi_poll)
    FIELDOPS_CURL_BIND(multi_wakeup, curl_multi_wakeup)
    FIELDOPS_CURL_BIND(multi_info_read, curl_multi_info_read)
    FIELDOPS_CURL_BIND(multi_setopt, curl_multi_setopt)
    FIELDOPS_CURL_BIND(share_init, curl_share_init)
    FIELDOPS_CURL_BIND(share_cleanup, curl_share_cleanup)
    FIELDOPS_CURL_BIND(share_setopt, curl_share_setopt)
    FIELDOPS_CURL_BIND(mime_init, curl_mime_init)
    FIELDOPS_CURL_BIND(mime_free, curl_mime_free)
    FIELDOPS_CURL_BIND(mime_addpart, curl_mime_addpart)
    FIELDOPS_CURL_BIND(mime_name, curl_mime_name)
    FIELDOPS_CURL_BIND(mime_data, curl_mime_data)
    FIELDOPS_CURL_BIND(mime_filedata, curl_mime_filedata)
    FIELDOPS_CURL_BIND(mime_filename, curl_mime_filename)
    FIELDOPS_CURL_BIND(mime_type, curl_mime_type)
    FIELDOPS_CURL_BIND(slist_append, curl_slist_append)
    FIELDOPS_CURL_BIND(slist_free_all, curl_slist_free_all)
    FIELDOPS_CURL_BIND(version_info, curl_version_info)
#undef FIELDOPS_CURL_BIND
    if (missing != NULL) {
        snprintf(api->error, sizeof api->error, "the loaded libcurl lacks %s (libcurl 7.68 or newer is needed)", missing);
        return;
    }
    api->loaded = 1;
}

/* The table, loaded on first use (thread-safe); check fieldops_curl_error() before calling through it. */
static inline struct fieldops_curl_api *fieldops_curl_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_curl_load);
    return fieldops_curl_table();
}

/* NULL when libcurl is loaded; otherwise why it could not be. */
static inline const char *fieldops_curl_error(void) {
    struct fieldops_curl_api *api = fieldops_curl_loaded();
    return api->loaded ? NULL : api->error;
}

/* Everything below runs only after fieldops_curl_error() returned NULL (CurlGlobal checks it first). */
#define FIELDOPS_CURL (fieldops_curl_loaded())

static inline CURLcode fieldops_curl_global_init(long flags) { return FIELDOPS_CURL->global_init(flags); }
static inline CURL *fieldops_curl_easy_init(void) { return FIELDOPS_CURL->easy_init(); }
static inline void fieldops_curl_easy_cleanup(CURL *handle) { FIELDOPS_CURL->easy_cleanup(handle); }
static inline const char *fieldops_curl_easy_strerror(CURLcode code) { return FIELDOPS_CURL->easy_strerror(code); }
static inline CURLM *fieldops_curl_multi_init(void) { return FIELDOPS_CURL->multi_init(); }
static inline CURLMcode fieldops_curl_multi_cleanup(CURLM *handle) { return FIELDOPS_CURL->multi_cleanup(handle); }
static inline CURLMcode fieldops_curl_multi_add_handle(CURLM *multi, CURL *easy) { return FIELDOPS_CURL->multi_add_handle(multi, easy); }
static inline CURLMcode fieldops_curl_multi_remove_handle(CURLM *multi, CURL *easy) { return FIELDOPS_CURL->multi_remove_handle(multi, easy); }
static inline CURLMcode fieldops_curl_multi_perform(CURLM *multi, int *running) { return FIELDOPS_CURL->multi_perform(multi, running); }
static inline CURLMcode fieldops_curl_multi_poll(CURLM *multi, struct curl_waitfd *fds, unsigned int count, int timeout, int *ready) {
    return FIELDOPS_CURL->multi_poll(multi, fds, count, timeout, ready);
}
static inline CURLMcode fieldops_curl_multi_wakeup(CURLM *multi) { return FIELDOPS_CURL->multi_wakeup(multi); }
static inline CURLMsg *fieldops_curl_multi_info_read(CURLM *multi, int *remaining) { return FIELDOPS_CURL->multi_info_read(multi, remaining); }
static inline CURLSH *fieldops_curl_share_init(void) { return FIELDOPS_CURL->share_init(); }
static inline CURLSHcode fieldops_curl_share_cleanup(CURLSH *share) { return FIELDOPS_CURL->share_cleanup(share); }
static inline curl_mime *fieldops_curl_mime_init(CURL *easy) { return FIELDOPS_CURL->mime_init(easy); }
static inline void fieldops_curl_mime_free(curl_mime *mime) { FIELDOPS_CURL->mime_free(mime); }
static inline curl_mimepart *fieldops_curl_mime_addpart(curl_mime *mime) { return FIELDOPS_CURL->mime_addpart(mime); }
static inline CURLcode fieldops_curl_mime_name(curl_mimepart *part, const char *name) { return FIELDOPS_CURL->mime_name(part, name); }
static inline CURLcode fieldops_curl_mime_data(curl_mimepart *part, const char *data, size_t size) { return FIELDOPS_CURL->mime_data(part, data, size); }
static inline CURLcode fieldops_curl_mime_filedata(curl_mimepart *part, const char *path) { return FIELDOPS_CURL->mime_filedata(part, path); }
static inline CURLcode fieldops_curl_mime_filename(curl_mimepart *part, const char *name) { return FIELDOPS_CURL->mime_filename(part, name); }
static inline CURLcode fieldops_curl_mime_type(curl_mimepart *part, const char *type) { return FIELDOPS_CURL->mime_type(part, type); }
static inline struct curl_slist *fieldops_curl_slist_append(struct curl_slist *list, const char *line) { return FIELDOPS_CURL->slist_append(list, line); }
static inline void fieldops_curl_slist_free_all(struct curl_slist *list) { FIELDOPS_CURL->slist_free_all(list); }
/* The loaded libcurl's own version and its TLS library's ("OpenSSL/3.0.11"), for `fieldops version`. */
static inline const char *fieldops_curl_version_string(void) { return FIELDOPS_CURL->version_info(CURLVERSION_NOW)->version; }
static inline const char *fieldops_curl_ssl_version_string(void) {
    const char *ssl = FIELDOPS_CURL->version_info(CURLVERSION_NOW)->ssl_version;
    return ssl ? ssl : "";
}


/* The typed shims below call the variadic entry points through the table too. */
#define curl_easy_setopt (FIELDOPS_CURL->easy_setopt)
#define curl_easy_getinfo (FIELDOPS_CURL->easy_getinfo)
#define curl_multi_setopt (FIELDOPS_CURL->multi_setopt)
#define curl_share_setopt (FIELDOPS_CURL->share_setopt)

/*
 * Typed wrappers for libcurl's variadic entry points, which Swift cannot call directly.
 * Each shim fixes the type of the third argument, so a Swift caller cannot pass a value of
 * the wrong width (a classic source of crashes with curl_easy_setopt).
 */

typedef size_t (*fieldops_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*fieldops_curl_seek_callback)(void *, curl_off_t, int);

static inline CURLcode fieldops_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_mime(CURL *handle, CURLoption option, curl_mime *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_share(CURL *handle, CURLoption option, CURLSH *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_blob(CURL *handle, CURLoption option, struct curl_blob *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_data_callback(CURL *handle, CURLoption option, fieldops_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_setopt_seek_callback(CURL *handle, CURLoption option, fieldops_curl_seek_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fieldops_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode fieldops_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode fieldops_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode fieldops_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode fieldops_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLSHcode fieldops_share_setopt_long(CURLSH *handle, CURLSHoption option, long value) {
    return curl_share_setopt(handle, option, value);
}

typedef void (*fieldops_curl_lock_callback)(CURL *, curl_lock_data, curl_lock_access, void *);
typedef void (*fieldops_curl_unlock_callback)(CURL *, curl_lock_data, void *);

static inline CURLSHcode fieldops_share_setopt_pointer(CURLSH *handle, CURLSHoption option, void *value) {
    return curl_share_setopt(handle, option, value);
}

static inline CURLSHcode fieldops_share_setopt_lock(CURLSH *handle, fieldops_curl_lock_callback value) {
    return curl_share_setopt(handle, CURLSHOPT_LOCKFUNC, value);
}

static inline CURLSHcode fieldops_share_setopt_unlock(CURLSH *handle, fieldops_curl_unlock_callback value) {
    return curl_share_setopt(handle, CURLSHOPT_UNLOCKFUNC, value);
}

/* CURLMsg.data is a union; Swift sees it awkwardly, so read the result code here. */
static inline CURLcode fieldops_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}

/*
 * The peer's certificate chain after a transfer made with CURLOPT_CERTINFO: `count` certificates,
 * each a list of "Name:value" lines (Subject, Issuer, Expire date, ...). NULL lists when absent.
 */
static inline int fieldops_easy_certificate_count(CURL *handle) {
    struct curl_certinfo *info = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_CERTINFO, &info) != CURLE_OK || info == NULL) return 0;
    return info->num_of_certs;
}

static inline struct curl_slist *fieldops_easy_certificate(CURL *handle, int index) {
    struct curl_certinfo *info = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_CERTINFO, &info) != CURLE_OK || info == NULL) return NULL;
    if (index < 0 || index >= info->num_of_certs) return NULL;
    return info->certinfo[index];
}

#endif
