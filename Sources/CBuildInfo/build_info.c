#include "build_info.h"

#ifndef PARALLAX_COMMIT
#define PARALLAX_COMMIT "unknown"
#endif

const char *parallax_build_commit(void) { return PARALLAX_COMMIT; }
