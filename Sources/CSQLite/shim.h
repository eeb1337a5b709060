#ifndef FIELDOPS_CSQLITE_SHIM_H
#define FIELDOPS_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import as a
 * macro. These typed shims make SQLite copy the bytes before the call returns, so Swift may
 * pass a temporary buffer. */
static inline int fieldops_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index,
                                                      const char *text, int byteCount) {
    return sqlite3_bind_text(stmt, index, text, byteCount, SQLITE_TRANSIENT);
}

static inline int fieldops_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index,
                                                      const void *bytes, int byteCount) {
    return sqlite3_bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}

#endif
