/*
 * liblockdep at work in this thread. A signal handler that takes a lock must not run
 * liblockdep again while the code it interrupted is in the middle of liblockdep's
 * own work: holding one of its mutexes (a handler on the same thread would wait for
 * it forever), allocating, or half way through a per-thread update; src/signals.c
 * runs such a handler unchecked. Lockdep's own sections say so by the RCU read
 * section they are; everything else that takes liblockdep's mutexes counts itself
 * here. The fast path of a lock or unlock takes none, and pays nothing.
 */
static __thread unsigned int liblockdep_busy;

static void liblockdep_busy_begin(void)
{
	liblockdep_busy++;
	barrier();
}

static void liblockdep_busy_end(void)
{
	barrier();
	liblockdep_busy--;
}

/* Each of liblockdep's own mutexes. */
static void internal_lock(pthread_mutex_t *m)
{
	liblockdep_busy_begin();
	real(pthread_mutex_lock)(m);
}

static void internal_unlock(pthread_mutex_t *m)
{
	real(pthread_mutex_unlock)(m);
	liblockdep_busy_end();
}

/* fork(): a mutex the forking thread held is free again in the child. */
static void internal_lock_reset(pthread_mutex_t *m)
{
	*m = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	liblockdep_busy_end();
}
