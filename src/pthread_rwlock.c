/*
 * pthread rwlocks, checked like mutexes (see pthread_mutex.c). A read lock is
 * lockdep's recursive read (read=2), as for the kernel's rwlock_t: glibc's default
 * rwlock prefers readers, so a thread may take a read lock it already holds even while
 * a writer waits, and only a cycle through a write acquisition can deadlock. An
 * rwlock of the writer-preferring non-recursive kind behaves like the kernel's
 * rw_semaphore instead, and its reads are lockdep's plain read (read=1).
 */
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_init, (pthread_rwlock_t *rw, const pthread_rwlockattr_t *attr))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_destroy, (pthread_rwlock_t *rw))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_rdlock, (pthread_rwlock_t *rw))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_wrlock, (pthread_rwlock_t *rw))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *rw))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_trywrlock, (pthread_rwlock_t *rw))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_timedrdlock, (pthread_rwlock_t *rw, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_timedwrlock, (pthread_rwlock_t *rw, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_clockrdlock, (pthread_rwlock_t *rw, clockid_t clock, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_clockwrlock, (pthread_rwlock_t *rw, clockid_t clock, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_rwlock_unlock, (pthread_rwlock_t *rw))

/* glibc keeps the rwlock's kind in the lock itself, for static initializers too. */
static int rwlock_read_mode(const pthread_rwlock_t *rw)
{
	return rw->__data.__flags == PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP ? 1 : 2;
}

static struct lock_entry *rwlock_entry(pthread_rwlock_t *rw, unsigned long ip)
{
	return lock_entry_of(rw, LOCK_KIND_RWLOCK, rwlock_read_mode(rw), ip);
}

enum rwlock_call {
	RWLOCK_RD, RWLOCK_WR, RWLOCK_TRYRD, RWLOCK_TRYWR,
	RWLOCK_TIMEDRD, RWLOCK_TIMEDWR, RWLOCK_CLOCKRD, RWLOCK_CLOCKWR,
};

static inline int real_rwlock_lock(pthread_rwlock_t *rw, enum rwlock_call call,
				   const struct mutex_wait *wait)
{
	switch (call) {
	case RWLOCK_RD:		return real(pthread_rwlock_rdlock)(rw);
	case RWLOCK_WR:		return real(pthread_rwlock_wrlock)(rw);
	case RWLOCK_TRYRD:	return real(pthread_rwlock_tryrdlock)(rw);
	case RWLOCK_TRYWR:	return real(pthread_rwlock_trywrlock)(rw);
	case RWLOCK_TIMEDRD:	return real(pthread_rwlock_timedrdlock)(rw, wait->abstime);
	case RWLOCK_TIMEDWR:	return real(pthread_rwlock_timedwrlock)(rw, wait->abstime);
	case RWLOCK_CLOCKRD:	return real(pthread_rwlock_clockrdlock)(rw, wait->clock, wait->abstime);
	default:		return real(pthread_rwlock_clockwrlock)(rw, wait->clock, wait->abstime);
	}
}

static inline bool rwlock_call_writes(enum rwlock_call call)
{
	return call == RWLOCK_WR || call == RWLOCK_TRYWR || call == RWLOCK_TIMEDWR ||
	       call == RWLOCK_CLOCKWR;
}

/* Validate, then block in the real call; forget the acquisition if it failed. A
 * trylock is recorded only once it succeeded. Subclass: the kernel's
 * down_read_nested()/down_write_nested(), for liblockdep_rw*lock_nested(). */
static __always_inline int rwlock_lock_validated(pthread_rwlock_t *rw, enum rwlock_call call,
						 const struct mutex_wait *wait,
						 unsigned int subclass, unsigned long ip)
{
	bool trylock = call == RWLOCK_TRYRD || call == RWLOCK_TRYWR;
	struct lock_entry *e = rwlock_entry(rw, ip);
	int ret;

	if (!e)
		return real_rwlock_lock(rw, call, wait);
	if (trylock) {
		ret = real_rwlock_lock(rw, call, wait);
		if (ret == 0)
			liblockdep_acquire(e, rwlock_call_writes(call) ? 0 : e->read_mode, 1, ip);
		return ret;
	}
	lock_acquire_checked(e, subclass, rwlock_call_writes(call) ? 0 : e->read_mode, 0, ip);
	ret = lock_stat_blocking_call(&e->map, ip,
				      real_rwlock_lock(rw, rwlock_call_writes(call) ? RWLOCK_TRYWR :
							       RWLOCK_TRYRD, NULL),
				      EBUSY, real_rwlock_lock(rw, call, wait), lock_stat_call_ok);
	if (unlikely(ret))
		liblockdep_release(e, ip);
	return ret;
}

/* The frequent calls, split from their wrappers as pthread_mutex_lock() is. */
static noinline int rwlock_rdlock_slow(pthread_rwlock_t *rw, unsigned long ip)
{
	return rwlock_lock_validated(rw, RWLOCK_RD, NULL, 0, ip);
}

static noinline int rwlock_wrlock_slow(pthread_rwlock_t *rw, unsigned long ip)
{
	return rwlock_lock_validated(rw, RWLOCK_WR, NULL, 0, ip);
}

/* The common case, as for a mutex (src/pthread_mutex.c), with no register to save
 * and the gate open, a lock missing from the thread's cache found in the table: a
 * failure of the real call is undone without knowing the lock. */
static __always_inline int rwlock_lock_fast(pthread_rwlock_t *rw, enum rwlock_call call,
					    unsigned long ip)
{
	struct lock_entry *e = lock_cache_find(rw) ?: lock_cache_refill(rw);
	int ret;

	if (unlikely(!e) ||
	    !lock_acquire_fast(e, 0, rwlock_call_writes(call) ? 0 : e->read_mode, 0, ip))
		return call == RWLOCK_RD ? rwlock_rdlock_slow(rw, ip) : rwlock_wrlock_slow(rw, ip);
	ret = real_rwlock_lock(rw, call, NULL);
	if (unlikely(ret))
		lock_acquire_fast_undo();
	return ret;
}

static noinline int rwlock_rdlock_validated(pthread_rwlock_t *rw, unsigned long ip)
{
	return rwlock_lock_fast(rw, RWLOCK_RD, ip);
}

static noinline int rwlock_wrlock_validated(pthread_rwlock_t *rw, unsigned long ip)
{
	return rwlock_lock_fast(rw, RWLOCK_WR, ip);
}

static __always_inline int rwlock_lock_checked(pthread_rwlock_t *rw, enum rwlock_call call,
					       const struct mutex_wait *wait, unsigned long ip)
{
	if (likely(liblockdep_gate_open())) {
		if (call == RWLOCK_RD)
			return rwlock_rdlock_validated(rw, ip);
		if (call == RWLOCK_WR)
			return rwlock_wrlock_validated(rw, ip);
	}
	if (!liblockdep_check_now())
		return real_rwlock_lock(rw, call, wait);
	if (call == RWLOCK_RD)
		return rwlock_rdlock_slow(rw, ip);
	if (call == RWLOCK_WR)
		return rwlock_wrlock_slow(rw, ip);
	return rwlock_lock_validated(rw, call, wait, 0, ip);
}

static noinline int rwlock_unlock_slow(pthread_rwlock_t *rw, unsigned long ip)
{
	struct lock_entry *e = unlock_entry(rw, LOCK_KIND_RWLOCK, rwlock_read_mode(rw), ip);

	if (e)
		liblockdep_release(e, ip);
	return real(pthread_rwlock_unlock)(rw);
}

/* The innermost held lock's unlock, with no call before pthread's, the gate open. */
static noinline int rwlock_unlock_validated(pthread_rwlock_t *rw, unsigned long ip)
{
	if (unlock_innermost_fast(rw, LOCK_KIND_RWLOCK, ip))
		return real(pthread_rwlock_unlock)(rw);
	return rwlock_unlock_slow(rw, ip);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_init(pthread_rwlock_t *rw, const pthread_rwlockattr_t *attr)
{
	int ret = real(pthread_rwlock_init)(rw, attr);

	if (ret == 0)
		lock_entry_init(rw, LOCK_KIND_RWLOCK, rwlock_read_mode(rw), _RET_IP_);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_destroy(pthread_rwlock_t *rw)
{
	lock_entry_destroy(rw, _RET_IP_);
	return real(pthread_rwlock_destroy)(rw);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_rdlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, RWLOCK_RD, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_wrlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, RWLOCK_WR, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_tryrdlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, RWLOCK_TRYRD, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_trywrlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, RWLOCK_TRYWR, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_timedrdlock(pthread_rwlock_t *rw, const struct timespec *abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return rwlock_lock_checked(rw, RWLOCK_TIMEDRD, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_timedwrlock(pthread_rwlock_t *rw, const struct timespec *abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return rwlock_lock_checked(rw, RWLOCK_TIMEDWR, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_clockrdlock(pthread_rwlock_t *rw, clockid_t clock,
							 const struct timespec *abstime)
{
	struct mutex_wait wait = { clock, abstime };

	return rwlock_lock_checked(rw, RWLOCK_CLOCKRD, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_clockwrlock(pthread_rwlock_t *rw, clockid_t clock,
							 const struct timespec *abstime)
{
	struct mutex_wait wait = { clock, abstime };

	return rwlock_lock_checked(rw, RWLOCK_CLOCKWR, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_rwlock_unlock(pthread_rwlock_t *rw)
{
	if (likely(liblockdep_gate_open()))
		return rwlock_unlock_validated(rw, _RET_IP_);
	if (!unlock_may_matter())
		return real(pthread_rwlock_unlock)(rw);
	return rwlock_unlock_slow(rw, _RET_IP_);
}
