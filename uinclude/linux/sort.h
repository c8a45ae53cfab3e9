/* Shim: lockdep_proc.c sorts only for the lock_stat view, which is written outside
 * any lock wrapper (src/dump.c): libc's qsort() does. */
#define sort(base, num, size, cmp, swap)	qsort(base, num, size, cmp)
