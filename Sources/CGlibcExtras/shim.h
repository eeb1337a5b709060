#ifndef FIELDOPS_CGLIBCEXTRAS_SHIM_H
#define FIELDOPS_CGLIBCEXTRAS_SHIM_H
/*
 * glibc calls Swift's Glibc module leaves out.
 *
 * signalfd(2): signals read from a file descriptor (<sys/signalfd.h>, not in the module).
 * posix_spawn_file_actions_addclosefrom_np(3): close every descriptor from a number up in a
 * spawned child (glibc 2.34); declared only under _GNU_SOURCE, which the module is built
 * without, so declared here.
 * wcwidth(3): a wide character's terminal columns (_XOPEN_SOURCE, so declared here).
 * fallocate(2) with FALLOC_FL_KEEP_SIZE: reserve disk blocks past a file's end without changing
 * its size (Linux, _GNU_SOURCE too).
 * memmem(3): find bytes in bytes (_GNU_SOURCE).
 */
#include <spawn.h>
#include <sys/signalfd.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

#include <sys/types.h>
#include <wchar.h>
int fallocate(int fd, int mode, off_t offset, off_t len);
int wcwidth(wchar_t c);
#include <stddef.h>
void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
#define FIELDOPS_FALLOC_FL_KEEP_SIZE 0x01
#endif
