/*
 * reallocarray() that moves a block holding a mutex gives the old block back, as
 * realloc() does (realloc_moved_lock_memory_reused.c): a lock allocated there next is
 * a new lock. The first mutex is taken before the registry; the one in the block
 * that malloc hands out at the old address, after it: no inversion. The move and the
 * reuse are forced (a large reallocarray, then malloc of the old size; the scenario
 * fails if glibc does neither).
 *
 * Expect: silent
 */
#define GROW(b)		reallocarray(b, 1 << 10, 1 << 10)
#define GROW_NAME	"reallocarray"
#include "realloc_moved_lock_memory_reused.c"
