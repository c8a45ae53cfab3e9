/*
 * C11 <threads.h> mutexes and condition variables. glibc implements them on its
 * pthread mutex and condition variable layouts, so they share the pthread paths; only
 * the real calls (and their thrd_* results) are C11's own.
 */
LIBLOCKDEP_WRAPPER(int, mtx_init, (mtx_t *m, int type))
LIBLOCKDEP_WRAPPER(void, mtx_destroy, (mtx_t *m))
LIBLOCKDEP_WRAPPER(int, mtx_lock, (mtx_t *m))
LIBLOCKDEP_WRAPPER(int, mtx_trylock, (mtx_t *m))
LIBLOCKDEP_WRAPPER(int, mtx_timedlock, (mtx_t *__restrict m, const struct timespec *__restrict abstime))
LIBLOCKDEP_WRAPPER(int, mtx_unlock, (mtx_t *m))
LIBLOCKDEP_WRAPPER(int, cnd_wait, (cnd_t *c, mtx_t *m))
LIBLOCKDEP_WRAPPER(int, cnd_timedwait, (cnd_t *__restrict c, mtx_t *__restrict m, const struct timespec *__restrict abstime))

_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "glibc's mtx_t is a pthread mutex");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "glibc's cnd_t is a pthread condvar");

LIBLOCKDEP_WRAPPER_API int liblockdep_mtx_init(mtx_t *m, int type)
{
	int ret = real(mtx_init)(m, type);

	if (ret == thrd_success)
		lock_entry_init(m, LOCK_KIND_MUTEX, 0, _RET_IP_);
	return ret;
}

LIBLOCKDEP_WRAPPER_API void liblockdep_mtx_destroy(mtx_t *m)
{
	lock_entry_destroy(m, _RET_IP_);
	real(mtx_destroy)(m);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_mtx_lock(mtx_t *m)
{
	return mutex_lock_frequent((pthread_mutex_t *)m, MTX_LOCK, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_mtx_timedlock(mtx_t *__restrict m, const struct timespec *__restrict abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return mutex_lock_checked((pthread_mutex_t *)m, MTX_TIMEDLOCK, &wait, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_mtx_trylock(mtx_t *m)
{
	return mutex_trylock_checked((pthread_mutex_t *)m, true, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_mtx_unlock(mtx_t *m)
{
	return mutex_unlock_checked((pthread_mutex_t *)m, true, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_cnd_wait(cnd_t *c, mtx_t *m)
{
	return cond_wait_checked((pthread_cond_t *)c, (pthread_mutex_t *)m, CND_WAIT, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_cnd_timedwait(cnd_t *__restrict c, mtx_t *__restrict m,
					    const struct timespec *__restrict abstime)
{
	struct mutex_wait wait = { CLOCK_REALTIME, abstime };

	return cond_wait_checked((pthread_cond_t *)c, (pthread_mutex_t *)m, CND_TIMEDWAIT,
				 &wait, _RET_IP_);
}
