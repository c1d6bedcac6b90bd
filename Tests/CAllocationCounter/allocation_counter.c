/* Test-only malloc interposition: the test executable's malloc & co. take precedence over
   libc's for every library in the process; each call counts one allocation for the calling
   thread, then hands over to glibc's own implementation (__libc_*). Sanitizer builds keep
   their own allocator, and this file compiles to the two query functions only. */
#include "allocation_counter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define ALLOCATION_COUNTER_OFF 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define ALLOCATION_COUNTER_OFF 1
#endif

static _Thread_local uint64_t thread_allocations;

uint64_t allocation_counter_thread_allocations(void) { return thread_allocations; }

#ifdef ALLOCATION_COUNTER_OFF
int allocation_counter_active(void) { return 0; }
#else
int allocation_counter_active(void) { return 1; }

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

void *malloc(size_t size) { thread_allocations++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { thread_allocations++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { thread_allocations++; return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { thread_allocations++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { thread_allocations++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    thread_allocations++;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
#endif
