/*
 * liblockdep at work in this thread. A signal handler that takes a lock must not run
 * liblockdep again while the code it interrupted is in the middle of liblockdep's
 * own work: holding one of its mutexes (a handler on the same thread would wait for
 * it forever), allocating, or half way through a per-thread update; src/signals.c
 * holds such a signal back until the thread leaves liblockdep (a fault's runs
 * unchecked). Lockdep's own sections, and the table's lookups, say so by the RCU
 * read section they are; everything else that takes liblockdep's mutexes counts
 * itself here, and so does the fast path's few stores.
 */
#define liblockdep_busy		(current->busy)	/* beside the entry's readiness, linux/sched.h */

/* Asynchronous signals that came while the thread was inside liblockdep, held back
 * until it leaves (src/signals.c): a bit per signal, in the thread's task. Each way
 * out of liblockdep looks at it after it has left, so a signal that comes in between
 * finds the thread out and runs at once. */
#define deferred_signals	(current->deferred_signals)
static void deferred_signals_deliver(void);

static void liblockdep_busy_begin(void)
{
	liblockdep_busy++;
	barrier();
}

static void liblockdep_busy_end(void)
{
	barrier();
	if (--liblockdep_busy == 0 && unlikely(deferred_signals))
		deferred_signals_deliver();
}

/*
 * The fast path's few stores to the thread's held locks (src/fast_path.c) count in
 * the same word, as a bit of their own. A handler that comes then is held back too:
 * run there, unchecked, its inits and destroys would go unseen and leave a lock the
 * class of the lock that was at its address before.
 */
#define LIBLOCKDEP_BUSY_FAST_PATH	0x10000u

static __always_inline void fast_path_busy_begin(void)
{
	liblockdep_busy += LIBLOCKDEP_BUSY_FAST_PATH;
	barrier();
}

static __always_inline void fast_path_busy_end(void)
{
	barrier();
	liblockdep_busy -= LIBLOCKDEP_BUSY_FAST_PATH;
	barrier();
	if (unlikely(deferred_signals))
		deferred_signals_deliver();
}

/*
 * A section that holds one of liblockdep's own mutexes (the list and their order are
 * in src/internal_locks.c) runs with cancellation disabled: the section may reach a
 * cancellation point (open, pread, write in symbol lookup and output), and a deferred
 * cancellation acting there, or an asynchronous one anywhere, would end the thread
 * with the mutex held and every other thread would wait for it for ever. The type is
 * made deferred too: glibc (2.36) acts on an asynchronous cancellation whose signal
 * was sent before the state was disabled, whatever the state when it arrives. A
 * cancellation requested meanwhile stays pending: it acts at the program's next
 * cancellation point, or, asynchronous, as the outermost section ends. The thread's
 * settings change before the count on the way in and after it on the way out, so a
 * signal handler's section nested anywhere in between restores what it found.
 */
static __thread unsigned int internal_sections;
static __thread int internal_cancel_state, internal_cancel_type;

static void internal_section_begin(void)
{
	int type, state;

	liblockdep_busy_begin();
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &type);
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &state);
	if (internal_sections++ == 0) {
		internal_cancel_type = type;
		internal_cancel_state = state;
	}
}

static void internal_section_end(void)
{
	int type = internal_cancel_type, state = internal_cancel_state;
	bool outermost = --internal_sections == 0;

	liblockdep_busy_end();
	if (outermost) {
		pthread_setcancelstate(state, NULL);
		pthread_setcanceltype(type, NULL);
	}
}

/* Each of liblockdep's own mutexes. */
static void internal_lock(pthread_mutex_t *m)
{
	internal_section_begin();
	real(pthread_mutex_lock)(m);
}

static void internal_unlock(pthread_mutex_t *m)
{
	real(pthread_mutex_unlock)(m);
	internal_section_end();
}

/* fork(): a mutex the forking thread held is free again in the child. */
static void internal_lock_reset(pthread_mutex_t *m)
{
	*m = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	internal_section_end();
}
