#ifndef FIELDOPS_CSIGNALFD_SHIM_H
#define FIELDOPS_CSIGNALFD_SHIM_H
/*
 * signalfd(2): signals read from a file descriptor. glibc declares it in <sys/signalfd.h>,
 * which Swift's Glibc module does not include.
 */
#include <sys/signalfd.h>
#endif
