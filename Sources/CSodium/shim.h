#ifndef FIELDOPS_CSODIUM_SHIM_H
#define FIELDOPS_CSODIUM_SHIM_H
#include <sodium.h>
#endif
