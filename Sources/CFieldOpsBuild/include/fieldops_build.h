#ifndef FIELDOPS_BUILD_H
#define FIELDOPS_BUILD_H

/*
 * What `git describe` and `git rev-parse HEAD` said when this binary was built, or "" when it
 * was built outside a git checkout (a source tarball). `make build-info` writes them into
 * build-info.h beside build.c; a plain `swift build` without it gets the empty fallback.
 */
const char *fieldops_build_describe(void);
const char *fieldops_build_commit(void);

#endif
