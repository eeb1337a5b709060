#ifndef FIELDOPS_CCURL_SHIM_H
#define FIELDOPS_CCURL_SHIM_H
#include <curl/curl.h>

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

#endif
