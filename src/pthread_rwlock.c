/*
 * pthread rwlocks, checked like mutexes (see pthread_mutex.c). A read lock is
 * lockdep's recursive read (read=2), as for the kernel's rwlock_t: glibc's default
 * rwlock prefers readers, so a thread may take a read lock it already holds even while
 * a writer waits, and only a cycle through a write acquisition can deadlock. An
 * rwlock of the writer-preferring non-recursive kind behaves like the kernel's
 * rw_semaphore instead, and its reads are lockdep's plain read (read=1).
 */
LIBLOCKDEP_API int liblockdep_pthread_rwlock_init(pthread_rwlock_t *rw, const pthread_rwlockattr_t *attr);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_destroy(pthread_rwlock_t *rw);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_rdlock(pthread_rwlock_t *rw);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_wrlock(pthread_rwlock_t *rw);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_tryrdlock(pthread_rwlock_t *rw);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_trywrlock(pthread_rwlock_t *rw);
LIBLOCKDEP_API int liblockdep_pthread_rwlock_unlock(pthread_rwlock_t *rw);

/* glibc keeps the rwlock's kind in the lock itself, for static initializers too. */
static int rwlock_read_mode(const pthread_rwlock_t *rw)
{
	return rw->__data.__flags == PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP ? 1 : 2;
}

static struct lock_entry *rwlock_entry(pthread_rwlock_t *rw, unsigned long ip)
{
	return lock_entry_of(rw, LOCK_KIND_RWLOCK, rwlock_read_mode(rw), ip);
}

/* Validate, then block in the real call; forget the acquisition if it failed. */
static int rwlock_lock_checked(pthread_rwlock_t *rw, bool write, int (*real)(pthread_rwlock_t *),
			  unsigned long ip)
{
	struct lock_entry *e;
	int ret;

	if (unlikely(!liblockdep_checking) || !(e = rwlock_entry(rw, ip)))
		return real(rw);
	liblockdep_acquire(e, write ? 0 : e->read_mode, 0, ip);
	ret = real(rw);
	if (unlikely(ret))
		liblockdep_release(e, ip);
	return ret;
}

static int rwlock_trylock_checked(pthread_rwlock_t *rw, bool write,
			      int (*real)(pthread_rwlock_t *), unsigned long ip)
{
	struct lock_entry *e;
	int ret = real(rw);

	if (ret == 0 && likely(liblockdep_checking) && (e = rwlock_entry(rw, ip)))
		liblockdep_acquire(e, write ? 0 : e->read_mode, 1, ip);
	return ret;
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_init(pthread_rwlock_t *rw, const pthread_rwlockattr_t *attr)
{
	int ret = real_pthread_rwlock_init(rw, attr);

	if (ret == 0 && liblockdep_checking)
		lock_entry_init(rw, LOCK_KIND_RWLOCK, rwlock_read_mode(rw), _RET_IP_);
	return ret;
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_destroy(pthread_rwlock_t *rw)
{
	if (liblockdep_checking)
		lock_entry_destroy(rw, _RET_IP_);
	return real_pthread_rwlock_destroy(rw);
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_rdlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, false, real_pthread_rwlock_rdlock, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_wrlock(pthread_rwlock_t *rw)
{
	return rwlock_lock_checked(rw, true, real_pthread_rwlock_wrlock, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_tryrdlock(pthread_rwlock_t *rw)
{
	return rwlock_trylock_checked(rw, false, real_pthread_rwlock_tryrdlock, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_trywrlock(pthread_rwlock_t *rw)
{
	return rwlock_trylock_checked(rw, true, real_pthread_rwlock_trywrlock, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_pthread_rwlock_unlock(pthread_rwlock_t *rw)
{
	struct lock_entry *e;

	if (likely(liblockdep_checking)) {
		e = held_lock_entry(rw);
		if (!e)
			e = rwlock_entry(rw, _RET_IP_);
		if (likely(e))
			liblockdep_release(e, _RET_IP_);
	}
	return real_pthread_rwlock_unlock(rw);
}
