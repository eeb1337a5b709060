#ifndef FIELDOPS_CLINUXFS_SHIM_H
#define FIELDOPS_CLINUXFS_SHIM_H
/*
 * syncfs(2): flushes one file system. glibc has it since 2.14, but declares it only under
 * _GNU_SOURCE, which Swift's Glibc module is built without; declaring it here is enough.
 */
int syncfs(int fd);
#endif
