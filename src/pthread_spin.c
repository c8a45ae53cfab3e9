/*
 * pthread spin locks, checked as their own lock type: lockdep's spinning wait type,
 * so that blocking on a sleeping lock (a mutex, an rwlock, a condition variable's
 * mutex) while a spin lock is held is the kernel's "Invalid wait context" report.
 */
LIBLOCKDEP_WRAPPER(int, pthread_spin_init, (pthread_spinlock_t *s, int pshared))
LIBLOCKDEP_WRAPPER(int, pthread_spin_destroy, (pthread_spinlock_t *s))
LIBLOCKDEP_WRAPPER(int, pthread_spin_lock, (pthread_spinlock_t *s))
LIBLOCKDEP_WRAPPER(int, pthread_spin_trylock, (pthread_spinlock_t *s))
LIBLOCKDEP_WRAPPER(int, pthread_spin_unlock, (pthread_spinlock_t *s))

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_spin_init(pthread_spinlock_t *s, int pshared)
{
	int ret = real(pthread_spin_init)(s, pshared);

	if (ret == 0)
		lock_entry_init((const void *)s, LOCK_KIND_SPIN, 0, _RET_IP_);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_spin_destroy(pthread_spinlock_t *s)
{
	lock_entry_destroy((const void *)s, _RET_IP_);
	return real(pthread_spin_destroy)(s);
}

/* Split from their wrappers as pthread_mutex_lock() is. */
static noinline int spin_lock_validated(pthread_spinlock_t *s, unsigned long ip)
{
	struct lock_entry *e = lock_entry_of((const void *)s, LOCK_KIND_SPIN, 0, ip);
	int ret;

	if (!e)
		return real(pthread_spin_lock)(s);
	liblockdep_acquire(e, 0, 0, ip);
	ret = lock_stat_blocking_call(&e->map, ip, real(pthread_spin_trylock)(s), EBUSY,
				      real(pthread_spin_lock)(s), lock_stat_call_ok);
	if (unlikely(ret))
		liblockdep_release(e, ip);
	return ret;
}

static noinline int spin_trylock_validated(pthread_spinlock_t *s, unsigned long ip)
{
	int ret = real(pthread_spin_trylock)(s);
	struct lock_entry *e;

	if (ret == 0 && (e = lock_entry_of((const void *)s, LOCK_KIND_SPIN, 0, ip)))
		liblockdep_acquire(e, 0, 1, ip);
	return ret;
}

static noinline int spin_unlock_validated(pthread_spinlock_t *s, unsigned long ip)
{
	struct lock_entry *e = unlock_entry((const void *)s, LOCK_KIND_SPIN, 0, ip);

	if (e)
		liblockdep_release(e, ip);
	return real(pthread_spin_unlock)(s);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_spin_lock(pthread_spinlock_t *s)
{
	if (!liblockdep_check_now())
		return real(pthread_spin_lock)(s);
	return spin_lock_validated(s, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_spin_trylock(pthread_spinlock_t *s)
{
	if (!liblockdep_check_now())
		return real(pthread_spin_trylock)(s);
	return spin_trylock_validated(s, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_spin_unlock(pthread_spinlock_t *s)
{
	if (!unlock_may_matter())
		return real(pthread_spin_unlock)(s);
	return spin_unlock_validated(s, _RET_IP_);
}
