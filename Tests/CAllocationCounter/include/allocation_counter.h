#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>

/* Heap allocations made so far by the calling thread (malloc, calloc, realloc, aligned
   allocations), counted by the test binary's malloc interposition (after swift-nio's
   allocation counter tests). */
uint64_t allocation_counter_thread_allocations(void);

/* 1 when the interposition is compiled in (not under ASan/TSan, which bring their own malloc). */
int allocation_counter_active(void);

#endif
