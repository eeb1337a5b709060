#ifndef FIELDOPS_CCURL_SHIM_H
#define FIELDOPS_CCURL_SHIM_H
#include <curl/curl.h>
#endif
