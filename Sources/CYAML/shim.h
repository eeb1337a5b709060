#ifndef FIELDOPS_CYAML_SHIM_H
#define FIELDOPS_CYAML_SHIM_H
#include <yaml.h>
#endif
