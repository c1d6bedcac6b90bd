#ifndef PARALLAX_BUILD_INFO_H
#define PARALLAX_BUILD_INFO_H

/* The commit the binary was built from, as Package.swift found it when the build ran: the git
   commit of the checkout (with "-dirty" when it had uncommitted changes), $PARALLAX_COMMIT when
   set (a container build has no .git), or "unknown". */
const char *parallax_build_commit(void);

#endif
