/*
 * Condition variables. A wait releases the mutex and takes it again before it
 * returns; lockdep sees exactly that: a release before the wait and a fresh, validated
 * acquisition after it. So waiting while holding an outer lock taken before the mutex
 * is the same order as ever and silent, while a wait on a mutex taken *before* a lock
 * still held makes the thread re-take the mutex under that lock: a new dependency,
 * checked like any other. Waiting on a mutex nobody holds is lockdep's bad unlock
 * balance; on one the thread took in unchecked code, the wait passes unrecorded, its
 * release and re-acquisition alike (src/lock_owners.c).
 */
LIBLOCKDEP_WRAPPER(int, pthread_cond_wait, (pthread_cond_t *c, pthread_mutex_t *m))
LIBLOCKDEP_WRAPPER(int, pthread_cond_timedwait, (pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_cond_clockwait, (pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock, const struct timespec *abstime))

enum cond_call { COND_WAIT, COND_TIMEDWAIT, COND_CLOCKWAIT, CND_WAIT, CND_TIMEDWAIT };

static inline int real_cond_wait(pthread_cond_t *c, pthread_mutex_t *m, enum cond_call call,
				 const struct mutex_wait *wait)
{
	switch (call) {
	case COND_TIMEDWAIT:
		return real(pthread_cond_timedwait)(c, m, wait->abstime);
	case COND_CLOCKWAIT:
		return real(pthread_cond_clockwait)(c, m, wait->clock, wait->abstime);
	case CND_WAIT:
		return real(cnd_wait)((cnd_t *)c, (mtx_t *)m);
	case CND_TIMEDWAIT:
		return real(cnd_timedwait)((cnd_t *)c, (mtx_t *)m, wait->abstime);
	default:
		return real(pthread_cond_wait)(c, m);
	}
}

/* The mutex a wait holds again when it ends, and where the wait was called. */
struct cond_waiter {
	struct lock_entry *held;
	unsigned long ip;
};

/* glibc took the mutex back inside the wait, unseen: whether it had to wait for it
 * cannot be told, but the hold begins here. */
static void cond_wait_reacquired(void *arg)
{
	struct cond_waiter *w = arg;

	if (!w->held)
		return;
	liblockdep_acquire(w->held, 0, 0, w->ip);
	if (lock_stat_enabled())
		lock_stat_acquired(&w->held->map, w->ip);
}

/*
 * The waits are cancellation points, and stay so: a cancelled wait takes the mutex
 * again before the program's cleanup handlers run (which typically unlock it), so
 * lockdep is told of it by a cleanup handler of our own, as by a return.
 */
static int cond_wait_cancellable(pthread_cond_t *c, pthread_mutex_t *m, enum cond_call call,
				 const struct mutex_wait *wait, struct cond_waiter *w)
{
	int ret;

	pthread_cleanup_push(cond_wait_reacquired, w);
	hang_wait_begin(HANG_WAIT_COND, c);
	ret = real_cond_wait(c, m, call, wait);
	hang_wait_end();
	pthread_cleanup_pop(0);
	return ret;
}

/* Also serves C11's cnd_t and mtx_t, which glibc lays out as pthread's. */
static int cond_wait_checked(pthread_cond_t *c, pthread_mutex_t *m, enum cond_call call,
			     const struct mutex_wait *wait, unsigned long ip)
{
	struct cond_waiter w = { held_lock_entry(m), ip };
	struct lock_entry *e;
	int ret;

	e = w.held ? w.held : unlock_entry(m, LOCK_KIND_MUTEX, 0, ip);
	if (e)
		liblockdep_release(e, ip);
	ret = cond_wait_cancellable(c, m, call, wait, &w);
	/* Whatever the outcome, a mutex held before the call is held after it. */
	cond_wait_reacquired(&w);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	return cond_wait_checked(c, m, COND_WAIT, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
						     const struct timespec *abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return cond_wait_checked(c, m, COND_TIMEDWAIT, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m,
						     clockid_t clock, const struct timespec *abstime)
{
	struct mutex_wait wait = { clock, abstime };

	return cond_wait_checked(c, m, COND_CLOCKWAIT, &wait, _RET_IP_);
}
