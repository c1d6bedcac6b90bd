#ifndef PARALLAX_BUILD_INFO_H
#define PARALLAX_BUILD_INFO_H

/* The commit the binary was built from: $PARALLAX_COMMIT when the build ran (the scripts set it
   from git, "-dirty" when tracked files differed from it; the container build passes it as a
   build argument), or "unknown" (see Package.swift). */
const char *parallax_build_commit(void);

#endif
