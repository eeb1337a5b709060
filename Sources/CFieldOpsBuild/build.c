#include "fieldops_build.h"

#if __has_include("build-info.h")
#include "build-info.h"
#endif

#ifndef FIELDOPS_DESCRIBE
#define FIELDOPS_DESCRIBE ""
#endif
#ifndef FIELDOPS_COMMIT
#define FIELDOPS_COMMIT ""
#endif

const char *fieldops_build_describe(void) { return FIELDOPS_DESCRIBE; }
const char *fieldops_build_commit(void) { return FIELDOPS_COMMIT; }
