/*
 * pthread mutexes, checked. Each wrapper returns exactly what pthread returns. A lock
 * is validated before the real call can block, so a deadlock is reported before the
 * program hangs in it; if the call then fails (a timeout, EDEADLK, EINVAL) the
 * acquisition is forgotten again. A trylock is recorded only when it succeeds, and as
 * a trylock, which adds no ordering dependency.
 *
 * Mutex kinds follow the kernel's closest primitive: a recursive mutex re-locked by
 * its owner is not a new acquisition (only the outermost lock and unlock reach
 * lockdep); an error-checking mutex still answers EDEADLK and EPERM, and lockdep
 * reports the misuse; a robust mutex returned with EOWNERDEAD is held. An unlock or
 * destroy lockdep cannot account for (a lock taken or released by unchecked code or by
 * another thread) asks glibc who holds the lock: src/lock_owners.c.
 */
#define LIBLOCKDEP_WRAPPER(ret, name, params) LIBLOCKDEP_WRAPPER_API ret liblockdep_##name params;
LIBLOCKDEP_WRAPPER(int, pthread_mutex_init, (pthread_mutex_t *m, const pthread_mutexattr_t *attr))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_destroy, (pthread_mutex_t *m))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_lock, (pthread_mutex_t *m))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_trylock, (pthread_mutex_t *m))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_timedlock, (pthread_mutex_t *m, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_clocklock, (pthread_mutex_t *m, clockid_t clock, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_mutex_unlock, (pthread_mutex_t *m))

/* glibc keeps the kind, owner and recursion count in the mutex itself. */
static inline bool mutex_is_recursive(const pthread_mutex_t *m)
{
	return (m->__data.__kind & 3) == PTHREAD_MUTEX_RECURSIVE_NP;
}

static inline bool mutex_nested_by_owner(const pthread_mutex_t *m)
{
	return mutex_is_recursive(m) && current->pid && m->__data.__owner == current->pid;
}

/* A robust mutex whose owner died is acquired all the same. */
static inline bool mutex_acquired(int ret)
{
	return ret == 0 || ret == EOWNERDEAD;
}

struct mutex_wait {
	clockid_t clock;
	const struct timespec *abstime;
};

/* The blocking calls; C11's return thrd_* codes, in which success is 0 too. */
enum mutex_call { MUTEX_LOCK, MUTEX_TIMEDLOCK, MUTEX_CLOCKLOCK, MTX_LOCK, MTX_TIMEDLOCK };

static inline int real_mutex_lock(pthread_mutex_t *m, enum mutex_call call,
				  const struct mutex_wait *wait)
{
	switch (call) {
	case MUTEX_TIMEDLOCK:
		return real(pthread_mutex_timedlock)(m, wait->abstime);
	case MUTEX_CLOCKLOCK:
		return real(pthread_mutex_clocklock)(m, wait->clock, wait->abstime);
	case MTX_LOCK:
		return real(mtx_lock)((mtx_t *)m);
	case MTX_TIMEDLOCK:
		return real(mtx_timedlock)((mtx_t *)m, wait->abstime);
	default:
		return real(pthread_mutex_lock)(m);
	}
}

/* The fast way's, with the gate open (real_ready()). */
static inline int real_mutex_lock_ready(pthread_mutex_t *m, enum mutex_call call)
{
	return call == MTX_LOCK ? real_ready(mtx_lock)((mtx_t *)m) : real_ready(pthread_mutex_lock)(m);
}

static inline int real_mutex_trylock(pthread_mutex_t *m, bool c11)
{
	return c11 ? real(mtx_trylock)((mtx_t *)m) : real(pthread_mutex_trylock)(m);
}

static inline bool mutex_call_c11(enum mutex_call call)
{
	return call == MTX_LOCK || call == MTX_TIMEDLOCK;
}

/*
 * Every wrapper first tests whether to check at all, and with checking off goes
 * straight to pthread; the rest is a function of its own for the frequent calls
 * (lock, trylock, unlock). Inline, the rest made each call save registers before
 * the test (GCC does not shrink-wrap it): 36 instructions per lock+unlock pair over
 * pthread's 63 with checking off, against 12 this way, for 15 more with it on. The
 * lock and unlock test the thread's gate first (liblockdep_gate_open(),
 * src/validate.c), which stands for checking on and the thread not busy: open, the
 * fast way, with no other test of either.
 */

/* Also serves C11's mtx_t, which glibc lays out as a pthread mutex, and
 * liblockdep_mutex_lock_nested() (subclass: the kernel's mutex_lock_nested()). */
static __always_inline int mutex_lock_validated(pthread_mutex_t *m, enum mutex_call call,
						const struct mutex_wait *wait, unsigned int subclass,
						unsigned long ip)
{
	struct lock_entry *e;
	int ret;

	if (mutex_nested_by_owner(m) || !(e = lock_entry_of(m, LOCK_KIND_MUTEX, 0, ip)))
		return real_mutex_lock(m, call, wait);
	lock_acquire_checked(e, subclass, 0, 0, ip);
	ret = lock_stat_blocking_call(&e->map, ip, real_mutex_trylock(m, mutex_call_c11(call)),
				      mutex_call_c11(call) ? thrd_busy : EBUSY,
				      real_mutex_lock(m, call, wait), mutex_acquired);
	if (unlikely(!mutex_acquired(ret)))
		liblockdep_release(e, ip);
	return ret;
}

/* The slow way of the frequent lock: the gate shut (src/validate.c), or a lock
 * the fast path does not know. */
static noinline int mutex_lock_unready(pthread_mutex_t *m, enum mutex_call call, unsigned long ip)
{
	return mutex_lock_validated(m, call, NULL, 0, ip);
}

/*
 * The common lock, with no call before pthread's and so no register to save: of a
 * mutex of the default kind, which glibc's lock never fails (__kind 0: not recursive,
 * error-checking, robust, priority-aware, process-shared or elided), found in the
 * thread's cache or else in the table, whose acquisition the fast path knows in this
 * situation, with the gate open. Statistics are off then (src/fast_path.c): just the
 * real call.
 */
static __always_inline int mutex_lock_fast(pthread_mutex_t *m, enum mutex_call call,
					   unsigned long ip)
{
	struct lock_entry *e;

	if (likely(READ_ONCE(m->__data.__kind) == PTHREAD_MUTEX_TIMED_NP) &&
	    (e = lock_cache_find(m) ?: lock_cache_refill(m)) && lock_acquire_fast(e, 0, 0, 0, ip))
		return real_mutex_lock_ready(m, call);
	return mutex_lock_unready(m, call, ip);
}

static noinline int pthread_mutex_lock_validated(pthread_mutex_t *m, unsigned long ip)
{
	return mutex_lock_fast(m, MUTEX_LOCK, ip);
}

static noinline int mtx_lock_validated(pthread_mutex_t *m, unsigned long ip)
{
	return mutex_lock_fast(m, MTX_LOCK, ip);
}

/* The timed locks. */
static __always_inline int mutex_lock_checked(pthread_mutex_t *m, enum mutex_call call,
					      const struct mutex_wait *wait, unsigned long ip)
{
	if (!liblockdep_check_now())
		return real_mutex_lock(m, call, wait);
	return mutex_lock_validated(m, call, wait, 0, ip);
}

/* The gate shut, for the frequent lock (REAL_LOOKUP_APART). */
static REAL_LOOKUP_APART int mutex_lock_gate_shut(pthread_mutex_t *m, enum mutex_call call,
						  unsigned long ip)
{
	if (!liblockdep_check_now())
		return real_mutex_lock(m, call, NULL);
	return mutex_lock_unready(m, call, ip);
}

static __always_inline int mutex_lock_frequent(pthread_mutex_t *m, enum mutex_call call,
					       unsigned long ip)
{
	if (likely(liblockdep_gate_open()))
		return call == MUTEX_LOCK ? pthread_mutex_lock_validated(m, ip) :
					    mtx_lock_validated(m, ip);
	return mutex_lock_gate_shut(m, call, ip);
}

static noinline int mutex_trylock_validated(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	bool nested = mutex_nested_by_owner(m);
	int ret = real_mutex_trylock(m, c11);
	struct lock_entry *e;

	if (mutex_acquired(ret) && !nested &&
	    (e = lock_entry_of(m, LOCK_KIND_MUTEX, 0, ip)))
		liblockdep_acquire(e, 0, 1, ip);
	return ret;
}

static __always_inline int mutex_trylock_checked(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	if (!liblockdep_check_now())
		return real_mutex_trylock(m, c11);
	return mutex_trylock_validated(m, c11, ip);
}

static inline int real_mutex_unlock(pthread_mutex_t *m, bool c11)
{
	return c11 ? real(mtx_unlock)((mtx_t *)m) : real(pthread_mutex_unlock)(m);
}

static noinline int mutex_unlock_slow(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	struct lock_entry *e;

	if (!(mutex_nested_by_owner(m) && m->__data.__count > 1) &&
	    (e = unlock_entry(m, LOCK_KIND_MUTEX, 0, ip)))
		liblockdep_release(e, ip);
	return real_mutex_unlock(m, c11);
}

/* The common case without a call before pthread's, so without saving registers: a
 * mutex of the default kind, as for a lock (any other but a recursive one would do,
 * with a longer test), with the gate open. */
static __always_inline int mutex_unlock_fast(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	if (likely(READ_ONCE(m->__data.__kind) == PTHREAD_MUTEX_TIMED_NP) &&
	    unlock_innermost_fast(m, LOCK_KIND_MUTEX, ip))
		return c11 ? real_ready(mtx_unlock)((mtx_t *)m) : real_ready(pthread_mutex_unlock)(m);
	return mutex_unlock_slow(m, c11, ip);
}

static noinline int pthread_mutex_unlock_validated(pthread_mutex_t *m, unsigned long ip)
{
	return mutex_unlock_fast(m, false, ip);
}

static noinline int mtx_unlock_validated(pthread_mutex_t *m, unsigned long ip)
{
	return mutex_unlock_fast(m, true, ip);
}

/* The gate shut (REAL_LOOKUP_APART). */
static REAL_LOOKUP_APART int mutex_unlock_gate_shut(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	if (!unlock_may_matter())
		return real_mutex_unlock(m, c11);
	return mutex_unlock_slow(m, c11, ip);
}

static __always_inline int mutex_unlock_checked(pthread_mutex_t *m, bool c11, unsigned long ip)
{
	if (likely(liblockdep_gate_open()))
		return c11 ? mtx_unlock_validated(m, ip) : pthread_mutex_unlock_validated(m, ip);
	return mutex_unlock_gate_shut(m, c11, ip);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
	int ret = real(pthread_mutex_init)(m, attr);

	if (ret == 0)
		lock_entry_init(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_destroy(pthread_mutex_t *m)
{
	lock_entry_destroy(m, _RET_IP_);
	return real(pthread_mutex_destroy)(m);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_lock(pthread_mutex_t *m)
{
	return mutex_lock_frequent(m, MUTEX_LOCK, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return mutex_lock_checked(m, MUTEX_TIMEDLOCK, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t clock,
						      const struct timespec *abstime)
{
	struct mutex_wait wait = { clock, abstime };

	return mutex_lock_checked(m, MUTEX_CLOCKLOCK, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_trylock(pthread_mutex_t *m)
{
	return mutex_trylock_checked(m, false, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_mutex_unlock(pthread_mutex_t *m)
{
	return mutex_unlock_checked(m, false, _RET_IP_);
}
