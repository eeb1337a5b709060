#ifndef FIELDOPS_CSQLITE_SHIM_H
#define FIELDOPS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
