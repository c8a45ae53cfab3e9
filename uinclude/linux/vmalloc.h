/* Shim: lockdep_proc.c allocates only for the lock_stat view (1.9 MB): pages of
 * liblockdep's own (src/lock_stat.c). */
static void *vmalloc(unsigned long size);
static void vfree(const void *addr);
