#ifndef FIELDOPS_CCRYPTO_SHIM_H
#define FIELDOPS_CCRYPTO_SHIM_H
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/*
 * SHA-256 from OpenSSL's libcrypto, which uses the CPU's SHA extensions where there are some
 * (about four times libsodium's portable code here: 20 MB in 11 ms against 44 ms). libcrypto is
 * the TLS library of the libcurl fieldops loads (libcurl4 and libssl3 on Debian), so it is on
 * every machine fieldops runs on; it is loaded with dlopen() on the first hash, as libcurl is
 * (CCurl/shim.h), and nothing is needed to build: SHA256() has had this signature since
 * OpenSSL 0.9.8 and is still exported by libcrypto.so.3. Where it cannot be loaded, the caller
 * hashes with libsodium.
 */
typedef unsigned char *(*fieldops_sha256_fn)(const unsigned char *data, size_t count, unsigned char *digest);

static inline fieldops_sha256_fn *fieldops_sha256_slot(void) {
    static fieldops_sha256_fn function;
    return &function;
}

static inline void fieldops_sha256_load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    *fieldops_sha256_slot() = (fieldops_sha256_fn)dlsym(library, "SHA256");
}

/* OpenSSL's one-shot SHA256(), or NULL when libcrypto cannot be loaded. Loaded once. */
static inline fieldops_sha256_fn fieldops_openssl_sha256(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_sha256_load);
    return *fieldops_sha256_slot();
}
#endif
