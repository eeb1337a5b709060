#ifndef FIELDOPS_CSODIUM_SHIM_H
#define FIELDOPS_CSODIUM_SHIM_H
#if defined(__APPLE__)
#define __STDC_WANT_LIB_EXT1__ 1 /* memset_s */
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

/*
 * libsodium is loaded with dlopen() the first time a keyring is encrypted or unlocked (or a
 * hash cannot use OpenSSL's), not at process start (as libcurl is, see CCurl/shim.h): linked,
 * the dynamic loader mapped and relocated it before main() on every run, 0.03 ms and 9 page
 * faults here, in commands that never touch an encrypted keyring (`fieldops api` with a plain
 * one, completion, help). Every libsodium function fieldops uses goes through this table, with
 * its prototype from sodium.h (__typeof__), so a wrong signature cannot compile.
 */
struct fieldops_sodium_api {
    int loaded;
    char error[512];
    __typeof__(sodium_init) *init;
    __typeof__(sodium_version_string) *version_string;
    __typeof__(sodium_malloc) *malloc;
    __typeof__(sodium_free) *free;
    __typeof__(randombytes_buf) *randombytes_buf;
    __typeof__(crypto_pwhash) *pwhash;
    __typeof__(crypto_pwhash_alg_argon2id13) *pwhash_alg_argon2id13;
    __typeof__(crypto_pwhash_saltbytes) *pwhash_saltbytes;
    __typeof__(crypto_pwhash_opslimit_min) *pwhash_opslimit_min;
    __typeof__(crypto_pwhash_opslimit_interactive) *pwhash_opslimit_interactive;
    __typeof__(crypto_pwhash_opslimit_sensitive) *pwhash_opslimit_sensitive;
    __typeof__(crypto_pwhash_memlimit_min) *pwhash_memlimit_min;
    __typeof__(crypto_pwhash_memlimit_interactive) *pwhash_memlimit_interactive;
    __typeof__(crypto_pwhash_memlimit_sensitive) *pwhash_memlimit_sensitive;
    __typeof__(crypto_aead_xchacha20poly1305_ietf_abytes) *aead_abytes;
    __typeof__(crypto_aead_xchacha20poly1305_ietf_keybytes) *aead_keybytes;
    __typeof__(crypto_aead_xchacha20poly1305_ietf_npubbytes) *aead_npubbytes;
    __typeof__(crypto_aead_xchacha20poly1305_ietf_encrypt) *aead_encrypt;
    __typeof__(crypto_aead_xchacha20poly1305_ietf_decrypt) *aead_decrypt;
    __typeof__(crypto_hash_sha256) *hash_sha256;
};

/* In a function-local static: Swift emits the header's inline functions with their statics. */
static inline struct fieldops_sodium_api *fieldops_sodium_table(void) {
    static struct fieldops_sodium_api table;
    return &table;
}

static inline void fieldops_sodium_load(void) {
    static const char *const names[] = {"libsodium.so.23", "libsodium.so", "libsodium.23.dylib", "libsodium.dylib"};
    struct fieldops_sodium_api *api = fieldops_sodium_table();
    void *library = NULL;
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        /* Why the first (Debian's) name failed is what a person is told; the others are retries. */
        if (library == NULL && i == 0) {
            const char *reason = dlerror();
            snprintf(api->error, sizeof api->error, "%s", reason ? reason : "libsodium.so.23 not found");
        }
    }
    if (library == NULL) return;
    const char *missing = NULL;
#define FIELDOPS_SODIUM_BIND(field, symbol) \
    if ((*(void **)&api->field = dlsym(library, #symbol)) == NULL && missing == NULL) missing = #symbol;
    FIELDOPS_SODIUM_BIND(init, sodium_init)
    FIELDOPS_SODIUM_BIND(version_string, sodium_version_string)
    FIELDOPS_SODIUM_BIND(malloc, sodium_malloc)
    FIELDOPS_SODIUM_BIND(free, sodium_free)
    FIELDOPS_SODIUM_BIND(randombytes_buf, randombytes_buf)
    FIELDOPS_SODIUM_BIND(pwhash, crypto_pwhash)
    FIELDOPS_SODIUM_BIND(pwhash_alg_argon2id13, crypto_pwhash_alg_argon2id13)
    FIELDOPS_SODIUM_BIND(pwhash_saltbytes, crypto_pwhash_saltbytes)
    FIELDOPS_SODIUM_BIND(pwhash_opslimit_min, crypto_pwhash_opslimit_min)
    FIELDOPS_SODIUM_BIND(pwhash_opslimit_interactive, crypto_pwhash_opslimit_interactive)
    FIELDOPS_SODIUM_BIND(pwhash_opslimit_sensitive, crypto_pwhash_opslimit_sensitive)
    FIELDOPS_SODIUM_BIND(pwhash_memlimit_min, crypto_pwhash_memlimit_min)
    FIELDOPS_SODIUM_BIND(pwhash_memlimit_interactive, crypto_pwhash_memlimit_interactive)
    FIELDOPS_SODIUM_BIND(pwhash_memlimit_sensitive, crypto_pwhash_memlimit_sensitive)
    FIELDOPS_SODIUM_BIND(aead_abytes, crypto_aead_xchacha20poly1305_ietf_abytes)
    FIELDOPS_SODIUM_BIND(aead_keybytes, crypto_aead_xchacha20poly1305_ietf_keybytes)
    FIELDOPS_SODIUM_BIND(aead_npubbytes, crypto_aead_xchacha20poly1305_ietf_npubbytes)
    FIELDOPS_SODIUM_BIND(aead_encrypt, crypto_aead_xchacha20poly1305_ietf_encrypt)
    FIELDOPS_SODIUM_BIND(aead_decrypt, crypto_aead_xchacha20poly1305_ietf_decrypt)
    FIELDOPS_SODIUM_BIND(hash_sha256, crypto_hash_sha256)
#undef FIELDOPS_SODIUM_BIND
    if (missing != NULL) {
        snprintf(api->error, sizeof api->error, "the loaded libsodium lacks %s (libsodium 1.0.12 or newer is needed)", missing);
        return;
    }
    /* sodium_init() is safe to call more than once and from several threads; it fails only when
     * the system has no source of randomness. */
    if (api->init() < 0) {
        snprintf(api->error, sizeof api->error, "sodium_init() failed (no source of randomness?)");
        return;
    }
    api->loaded = 1;
}

/* The table, loaded and initialised on first use (thread-safe). */
static inline struct fieldops_sodium_api *fieldops_sodium_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_sodium_load);
    return fieldops_sodium_table();
}

/* NULL when libsodium is loaded and initialised; otherwise why not. Checked before any call
 * below, which may only be made when it returned NULL. */
static inline const char *fieldops_sodium_error(void) {
    struct fieldops_sodium_api *api = fieldops_sodium_loaded();
    return api->loaded ? NULL : api->error;
}

#define FIELDOPS_SODIUM (fieldops_sodium_loaded())

static inline const char *fieldops_sodium_version_string(void) { return FIELDOPS_SODIUM->version_string(); }
static inline void *fieldops_sodium_malloc(size_t size) { return FIELDOPS_SODIUM->malloc(size); }
static inline void fieldops_sodium_free(void *pointer) { FIELDOPS_SODIUM->free(pointer); }
static inline void fieldops_randombytes_buf(void *buffer, size_t size) { FIELDOPS_SODIUM->randombytes_buf(buffer, size); }
static inline int fieldops_crypto_pwhash(unsigned char *out, unsigned long long outlen, const char *passwd,
                                         unsigned long long passwdlen, const unsigned char *salt,
                                         unsigned long long opslimit, size_t memlimit, int alg) {
    return FIELDOPS_SODIUM->pwhash(out, outlen, passwd, passwdlen, salt, opslimit, memlimit, alg);
}
static inline int fieldops_crypto_pwhash_alg_argon2id13(void) { return FIELDOPS_SODIUM->pwhash_alg_argon2id13(); }
static inline size_t fieldops_crypto_pwhash_saltbytes(void) { return FIELDOPS_SODIUM->pwhash_saltbytes(); }
static inline size_t fieldops_crypto_pwhash_opslimit_min(void) { return FIELDOPS_SODIUM->pwhash_opslimit_min(); }
static inline size_t fieldops_crypto_pwhash_opslimit_interactive(void) { return FIELDOPS_SODIUM->pwhash_opslimit_interactive(); }
static inline size_t fieldops_crypto_pwhash_opslimit_sensitive(void) { return FIELDOPS_SODIUM->pwhash_opslimit_sensitive(); }
static inline size_t fieldops_crypto_pwhash_memlimit_min(void) { return FIELDOPS_SODIUM->pwhash_memlimit_min(); }
static inline size_t fieldops_crypto_pwhash_memlimit_interactive(void) { return FIELDOPS_SODIUM->pwhash_memlimit_interactive(); }
static inline size_t fieldops_crypto_pwhash_memlimit_sensitive(void) { return FIELDOPS_SODIUM->pwhash_memlimit_sensitive(); }
static inline size_t fieldops_crypto_aead_xchacha20poly1305_ietf_abytes(void) { return FIELDOPS_SODIUM->aead_abytes(); }
static inline size_t fieldops_crypto_aead_xchacha20poly1305_ietf_keybytes(void) { return FIELDOPS_SODIUM->aead_keybytes(); }
static inline size_t fieldops_crypto_aead_xchacha20poly1305_ietf_npubbytes(void) { return FIELDOPS_SODIUM->aead_npubbytes(); }
static inline int fieldops_crypto_aead_xchacha20poly1305_ietf_encrypt(
    unsigned char *c, unsigned long long *clen, const unsigned char *m, unsigned long long mlen, const unsigned char *ad,
    unsigned long long adlen, const unsigned char *nsec, const unsigned char *npub, const unsigned char *k) {
    return FIELDOPS_SODIUM->aead_encrypt(c, clen, m, mlen, ad, adlen, nsec, npub, k);
}
static inline int fieldops_crypto_aead_xchacha20poly1305_ietf_decrypt(
    unsigned char *m, unsigned long long *mlen, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
    const unsigned char *ad, unsigned long long adlen, const unsigned char *npub, const unsigned char *k) {
    return FIELDOPS_SODIUM->aead_decrypt(m, mlen, nsec, c, clen, ad, adlen, npub, k);
}
static inline int fieldops_crypto_hash_sha256(unsigned char *out, const unsigned char *in, unsigned long long inlen) {
    return FIELDOPS_SODIUM->hash_sha256(out, in, inlen);
}

/* Overwrites `size` bytes so that the compiler cannot drop the writes, as sodium_memzero()
 * does, but from the C library: wiping a secret never needs libsodium loaded. */
static inline void fieldops_secure_zero(void *pointer, size_t size) {
#if defined(__APPLE__)
    memset_s(pointer, size, 0, size);
#else
    explicit_bzero(pointer, size);
#endif
}

#endif
