#include <zlib.h>

/* deflateInit2 and inflateInit2 are function-like macros (they pass ZLIB_VERSION and the struct
   size), which Swift cannot import: these wrappers are the only call sites.
   windowBits 15 + 16 = a gzip wrapper (RFC 1952) with mtime 0 and no file name, so the same input
   at the same level always gives the same bytes (docs/api.md golden files). memLevel 8 is zlib's
   default: ~256 KiB of state per stream. */
static inline int parallax_deflate_init_gzip(z_streamp s, int level) {
    return deflateInit2(s, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/* For tests and tools: 15 + 32 = zlib or gzip, detected from the header. */
static inline int parallax_inflate_init_auto(z_streamp s) {
    return inflateInit2(s, 15 + 32);
}
