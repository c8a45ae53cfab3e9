/*
 * pthread mutexes, checked. Each wrapper returns exactly what pthread returns. A lock
 * is validated before the real call can block, so a deadlock is reported before the
 * program hangs in it; a trylock is recorded only when it succeeds, and as a trylock,
 * which adds no ordering dependency.
 */
LIBLOCKDEP_API int liblockdep_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
LIBLOCKDEP_API int liblockdep_pthread_mutex_destroy(pthread_mutex_t *m);
LIBLOCKDEP_API int liblockdep_pthread_mutex_lock(pthread_mutex_t *m);
LIBLOCKDEP_API int liblockdep_pthread_mutex_trylock(pthread_mutex_t *m);
LIBLOCKDEP_API int liblockdep_pthread_mutex_unlock(pthread_mutex_t *m);

LIBLOCKDEP_API int liblockdep_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
	int ret = real_pthread_mutex_init(m, attr);

	if (ret == 0 && liblockdep_checking)
		lock_entry_init(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
	return ret;
}

LIBLOCKDEP_API int liblockdep_pthread_mutex_destroy(pthread_mutex_t *m)
{
	if (liblockdep_checking)
		lock_entry_destroy(m, _RET_IP_);
	return real_pthread_mutex_destroy(m);
}

LIBLOCKDEP_API int liblockdep_pthread_mutex_lock(pthread_mutex_t *m)
{
	struct lock_entry *e;
	int ret;

	if (unlikely(!liblockdep_checking))
		return real_pthread_mutex_lock(m);
	e = lock_entry_of(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
	if (unlikely(!e))
		return real_pthread_mutex_lock(m);
	liblockdep_acquire(e, 0, 0, _RET_IP_);
	ret = real_pthread_mutex_lock(m);
	if (unlikely(ret))
		liblockdep_release(e, _RET_IP_);
	return ret;
}

LIBLOCKDEP_API int liblockdep_pthread_mutex_trylock(pthread_mutex_t *m)
{
	struct lock_entry *e;
	int ret = real_pthread_mutex_trylock(m);

	if (ret || unlikely(!liblockdep_checking))
		return ret;
	e = lock_entry_of(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
	if (likely(e))
		liblockdep_acquire(e, 0, 1, _RET_IP_);
	return ret;
}

LIBLOCKDEP_API int liblockdep_pthread_mutex_unlock(pthread_mutex_t *m)
{
	struct lock_entry *e;

	if (likely(liblockdep_checking)) {
		e = held_lock_entry(m);
		if (!e)
			e = lock_entry_of(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
		if (likely(e))
			liblockdep_release(e, _RET_IP_);
	}
	return real_pthread_mutex_unlock(m);
}
