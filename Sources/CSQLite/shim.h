#ifndef FIELDOPS_CSQLITE_SHIM_H
#define FIELDOPS_CSQLITE_SHIM_H
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>

/*
 * libsqlite3 is loaded with dlopen() when fieldops first opens a store, not at process start
 * (as libcurl is, see CCurl/shim.h): linked, the dynamic loader mapped and relocated it before
 * main() on every run, 0.13 ms and 29 page faults here, in commands that never open a store
 * (`fieldops api`, completion, help). Every SQLite function fieldops uses goes through this
 * table, with its prototype from sqlite3.h (__typeof__), so a wrong signature cannot compile.
 */
struct fieldops_sqlite_api {
    int loaded;
    char error[512];
    __typeof__(sqlite3_bind_blob) *bind_blob;
    __typeof__(sqlite3_bind_double) *bind_double;
    __typeof__(sqlite3_bind_int64) *bind_int64;
    __typeof__(sqlite3_bind_null) *bind_null;
    __typeof__(sqlite3_bind_parameter_count) *bind_parameter_count;
    __typeof__(sqlite3_bind_text) *bind_text;
    __typeof__(sqlite3_bind_zeroblob) *bind_zeroblob;
    __typeof__(sqlite3_busy_timeout) *busy_timeout;
    __typeof__(sqlite3_changes64) *changes64;
    __typeof__(sqlite3_clear_bindings) *clear_bindings;
    __typeof__(sqlite3_close_v2) *close_v2;
    __typeof__(sqlite3_column_blob) *column_blob;
    __typeof__(sqlite3_column_bytes) *column_bytes;
    __typeof__(sqlite3_column_count) *column_count;
    __typeof__(sqlite3_column_double) *column_double;
    __typeof__(sqlite3_column_int64) *column_int64;
    __typeof__(sqlite3_column_name) *column_name;
    __typeof__(sqlite3_column_text) *column_text;
    __typeof__(sqlite3_column_type) *column_type;
    __typeof__(sqlite3_errmsg) *errmsg;
    __typeof__(sqlite3_errstr) *errstr;
    __typeof__(sqlite3_extended_result_codes) *extended_result_codes;
    __typeof__(sqlite3_finalize) *finalize;
    __typeof__(sqlite3_get_autocommit) *get_autocommit;
    __typeof__(sqlite3_last_insert_rowid) *last_insert_rowid;
    __typeof__(sqlite3_libversion) *libversion;
    __typeof__(sqlite3_open_v2) *open_v2;
    __typeof__(sqlite3_prepare_v2) *prepare_v2;
    __typeof__(sqlite3_prepare_v3) *prepare_v3;
    __typeof__(sqlite3_reset) *reset;
    __typeof__(sqlite3_step) *step;
    __typeof__(sqlite3_system_errno) *system_errno;
};

/* In a function-local static: Swift emits the header's inline functions with their statics. */
static inline struct fieldops_sqlite_api *fieldops_sqlite_table(void) {
    static struct fieldops_sqlite_api table;
    return &table;
}

static inline void fieldops_sqlite_load(void) {
    static const char *const names[] = {"libsqlite3.so.0", "libsqlite3.so", "libsqlite3.dylib"};
    struct fieldops_sqlite_api *api = fieldops_sqlite_table();
    void *library = NULL;
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        /* Why the first (Debian's) name failed is what a person is told; the others are retries. */
        if (library == NULL && i == 0) {
            const char *reason = dlerror();
            snprintf(api->error, sizeof api->error, "%s", reason ? reason : "libsqlite3.so.0 not found");
        }
    }
    if (library == NULL) return;
    const char *missing = NULL;
#define FIELDOPS_SQLITE_BIND(name) \
    if ((*(void **)&api->name = dlsym(library, "sqlite3_" #name)) == NULL && missing == NULL) missing = "sqlite3_" #name;
    FIELDOPS_SQLITE_BIND(bind_blob)
    FIELDOPS_SQLITE_BIND(bind_double)
    FIELDOPS_SQLITE_BIND(bind_int64)
    FIELDOPS_SQLITE_BIND(bind_null)
    FIELDOPS_SQLITE_BIND(bind_parameter_count)
    FIELDOPS_SQLITE_BIND(bind_text)
    FIELDOPS_SQLITE_BIND(bind_zeroblob)
    FIELDOPS_SQLITE_BIND(busy_timeout)
    FIELDOPS_SQLITE_BIND(changes64)
    FIELDOPS_SQLITE_BIND(clear_bindings)
    FIELDOPS_SQLITE_BIND(close_v2)
    FIELDOPS_SQLITE_BIND(column_blob)
    FIELDOPS_SQLITE_BIND(column_bytes)
    FIELDOPS_SQLITE_BIND(column_count)
    FIELDOPS_SQLITE_BIND(column_double)
    FIELDOPS_SQLITE_BIND(column_int64)
    FIELDOPS_SQLITE_BIND(column_name)
    FIELDOPS_SQLITE_BIND(column_text)
    FIELDOPS_SQLITE_BIND(column_type)
    FIELDOPS_SQLITE_BIND(errmsg)
    FIELDOPS_SQLITE_BIND(system_errno)
    FIELDOPS_SQLITE_BIND(errstr)
    FIELDOPS_SQLITE_BIND(extended_result_codes)
    FIELDOPS_SQLITE_BIND(finalize)
    FIELDOPS_SQLITE_BIND(get_autocommit)
    FIELDOPS_SQLITE_BIND(last_insert_rowid)
    FIELDOPS_SQLITE_BIND(libversion)
    FIELDOPS_SQLITE_BIND(open_v2)
    FIELDOPS_SQLITE_BIND(prepare_v2)
    FIELDOPS_SQLITE_BIND(prepare_v3)
    FIELDOPS_SQLITE_BIND(reset)
    FIELDOPS_SQLITE_BIND(step)
#undef FIELDOPS_SQLITE_BIND
    if (missing != NULL) {
        snprintf(api->error, sizeof api->error, "the loaded libsqlite3 lacks %s (SQLite 3.37 or newer is needed)", missing);
        return;
    }
    api->loaded = 1;
}

/* The table, loaded on first use (thread-safe). */
static inline struct fieldops_sqlite_api *fieldops_sqlite_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fieldops_sqlite_load);
    return fieldops_sqlite_table();
}

/* NULL when libsqlite3 is loaded; otherwise why it could not be. Checked before any call below. */
static inline const char *fieldops_sqlite_error(void) {
    struct fieldops_sqlite_api *api = fieldops_sqlite_loaded();
    return api->loaded ? NULL : api->error;
}

#define FIELDOPS_SQLITE (fieldops_sqlite_loaded())

static inline int fieldops_sqlite3_bind_double(sqlite3_stmt *stmt, int index, double value) { return FIELDOPS_SQLITE->bind_double(stmt, index, value); }
static inline int fieldops_sqlite3_bind_int64(sqlite3_stmt *stmt, int index, sqlite3_int64 value) { return FIELDOPS_SQLITE->bind_int64(stmt, index, value); }
static inline int fieldops_sqlite3_bind_null(sqlite3_stmt *stmt, int index) { return FIELDOPS_SQLITE->bind_null(stmt, index); }
static inline int fieldops_sqlite3_bind_parameter_count(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->bind_parameter_count(stmt); }
static inline int fieldops_sqlite3_bind_zeroblob(sqlite3_stmt *stmt, int index, int byteCount) { return FIELDOPS_SQLITE->bind_zeroblob(stmt, index, byteCount); }
static inline int fieldops_sqlite3_busy_timeout(sqlite3 *db, int milliseconds) { return FIELDOPS_SQLITE->busy_timeout(db, milliseconds); }
static inline sqlite3_int64 fieldops_sqlite3_changes64(sqlite3 *db) { return FIELDOPS_SQLITE->changes64(db); }
static inline int fieldops_sqlite3_clear_bindings(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->clear_bindings(stmt); }
static inline int fieldops_sqlite3_close_v2(sqlite3 *db) { return FIELDOPS_SQLITE->close_v2(db); }
static inline const void * fieldops_sqlite3_column_blob(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_blob(stmt, column); }
static inline int fieldops_sqlite3_column_bytes(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_bytes(stmt, column); }
static inline int fieldops_sqlite3_column_count(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->column_count(stmt); }
static inline double fieldops_sqlite3_column_double(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_double(stmt, column); }
static inline sqlite3_int64 fieldops_sqlite3_column_int64(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_int64(stmt, column); }
static inline const char * fieldops_sqlite3_column_name(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_name(stmt, column); }
static inline const unsigned char * fieldops_sqlite3_column_text(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_text(stmt, column); }
static inline int fieldops_sqlite3_column_type(sqlite3_stmt *stmt, int column) { return FIELDOPS_SQLITE->column_type(stmt, column); }
static inline const char * fieldops_sqlite3_errmsg(sqlite3 *db) { return FIELDOPS_SQLITE->errmsg(db); }
static inline const char * fieldops_sqlite3_errstr(int code) { return FIELDOPS_SQLITE->errstr(code); }
static inline int fieldops_sqlite3_extended_result_codes(sqlite3 *db, int onoff) { return FIELDOPS_SQLITE->extended_result_codes(db, onoff); }
static inline int fieldops_sqlite3_finalize(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->finalize(stmt); }
static inline int fieldops_sqlite3_get_autocommit(sqlite3 *db) { return FIELDOPS_SQLITE->get_autocommit(db); }
static inline sqlite3_int64 fieldops_sqlite3_last_insert_rowid(sqlite3 *db) { return FIELDOPS_SQLITE->last_insert_rowid(db); }
static inline const char * fieldops_sqlite3_libversion(void) { return FIELDOPS_SQLITE->libversion(); }
static inline int fieldops_sqlite3_open_v2(const char *path, sqlite3 **db, int flags, const char *vfs) { return FIELDOPS_SQLITE->open_v2(path, db, flags, vfs); }
static inline int fieldops_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int byteCount, sqlite3_stmt **stmt, const char **tail) { return FIELDOPS_SQLITE->prepare_v2(db, sql, byteCount, stmt, tail); }
static inline int fieldops_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int byteCount, unsigned int flags, sqlite3_stmt **stmt, const char **tail) { return FIELDOPS_SQLITE->prepare_v3(db, sql, byteCount, flags, stmt, tail); }
static inline int fieldops_sqlite3_reset(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->reset(stmt); }
static inline int fieldops_sqlite3_step(sqlite3_stmt *stmt) { return FIELDOPS_SQLITE->step(stmt); }
static inline int fieldops_sqlite3_system_errno(sqlite3 *db) { return FIELDOPS_SQLITE->system_errno(db); }

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import as a
 * macro. These typed shims make SQLite copy the bytes before the call returns, so Swift may
 * pass a temporary buffer. */
static inline int fieldops_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int byteCount) {
    return FIELDOPS_SQLITE->bind_text(stmt, index, text, byteCount, SQLITE_TRANSIENT);
}

static inline int fieldops_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *bytes, int byteCount) {
    return FIELDOPS_SQLITE->bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}

#endif
