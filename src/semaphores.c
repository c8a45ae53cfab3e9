/*
 * Binary semaphores used as locks (LIBLOCKDEP_SEMAPHORES=1). A sem_t initialised to
 * 1, private to the process, may be a mutex (CPython's threading.Lock is one) or a
 * signal that another thread posts. Only its use tells, so a semaphore is validated
 * as a lock only after one thread has waited for it and posted it again, with no
 * post by anyone else before; a post by a thread that did not take it makes it a
 * signal for good, and a holder's record of it goes quietly at that thread's next
 * lock; so does a wait by the thread that holds it, and a thread's end while it
 * holds it (another thread is to post it: semaphores_left_at_end()). So a signalling semaphore is never reported, and a lock is validated from
 * its second use on. Each semaphore is a class of its own (all of a program's
 * semaphore locks tend to come from one helper: CPython's PyThread_allocate_lock).
 *
 * CPython's blocking acquire tries sem_trywait() first and waits only when that
 * fails, so a trywait that succeeds on a validated semaphore orders like a wait:
 * with this option a program that takes semaphore locks out of order by trywait
 * alone is reported too. Off (the default), each call costs one test.
 */
LIBLOCKDEP_WRAPPER(int, sem_init, (sem_t *s, int pshared, unsigned int value))
LIBLOCKDEP_WRAPPER(int, sem_destroy, (sem_t *s))
LIBLOCKDEP_WRAPPER(int, sem_wait, (sem_t *s))
LIBLOCKDEP_WRAPPER(int, sem_trywait, (sem_t *s))
LIBLOCKDEP_WRAPPER(int, sem_timedwait, (sem_t *__restrict s, const struct timespec *__restrict abstime))
LIBLOCKDEP_WRAPPER(int, sem_clockwait, (sem_t *__restrict s, clockid_t clock, const struct timespec *__restrict abstime))
LIBLOCKDEP_WRAPPER(int, sem_post, (sem_t *s))

/* A semaphore's use, in its entry: free or taken (by that thread id) before it is
 * known, then a lock or a signal. */
#define SEM_UNKNOWN_FREE	0
#define SEM_LOCK		(-1)
#define SEM_SIGNAL		(-2)

static struct lock_entry *semaphore_entry(const sem_t *s, unsigned long ip)
{
	struct lock_entry *e;

	if (likely(!settings.semaphores) || !liblockdep_check_now() || !liblockdep_enter(ip))
		return NULL;
	e = lock_cache_find(s) ?: lock_entry_find(s);
	return e && e->kind == LOCK_KIND_SEMAPHORE ? e : NULL;
}

/* Held by some thread, unless posted since or known to be a signal (src/lock_owners.c). */
static bool semaphore_taken(const void *sem)
{
	struct lock_entry *e = lock_entry_find(sem);
	int value;

	if (!e || READ_ONCE(e->sem_use) == SEM_SIGNAL)
		return false;
	return !sem_getvalue((sem_t *)sem, &value) && value <= 0;
}

enum sem_call { SEM_WAIT, SEM_TRYWAIT, SEM_TIMEDWAIT, SEM_CLOCKWAIT };

static int semaphore_wait(sem_t *s, enum sem_call call, clockid_t clock,
			  const struct timespec *abstime)
{
	switch (call) {
	case SEM_TRYWAIT:
		return real(sem_trywait)(s);
	case SEM_TIMEDWAIT:
		return real(sem_timedwait)(s, abstime);
	case SEM_CLOCKWAIT:
		return real(sem_clockwait)(s, clock, abstime);
	default:
		return real(sem_wait)(s);
	}
}

/* Whether this thread holds the semaphore of e, as lockdep records it or set aside
 * past its depth limit (src/merged_locks.c). */
static bool semaphore_held_here(struct lock_entry *e)
{
	return held_lock_entry(e->lock) == e || merged_lock_of(e->lock) == e;
}

static int sem_wait_checked(sem_t *s, enum sem_call call, clockid_t clock,
			    const struct timespec *abstime, unsigned long ip)
{
	struct lock_entry *e = semaphore_entry(s, ip);
	int use = e ? READ_ONCE(e->sem_use) : SEM_SIGNAL, unknown = SEM_UNKNOWN_FREE, ret;

	if (use == SEM_LOCK && semaphore_held_here(e)) {
		/* Waited for again by its holder: somebody else is to post it. */
		WRITE_ONCE(e->sem_use, SEM_SIGNAL);
		liblockdep_release(e, ip);
		use = SEM_SIGNAL;
	}
	if (use == SEM_LOCK && call != SEM_TRYWAIT) {
		lock_acquire_checked(e, 0, 0, 0, ip);
		hang_wait_begin(HANG_WAIT_LOCK, s);	/* glibc names no holder */
	}
	ret = semaphore_wait(s, call, clock, abstime);
	if (use == SEM_LOCK && call != SEM_TRYWAIT)
		hang_wait_end();
	if (use == SEM_LOCK && call == SEM_TRYWAIT && !ret)
		lock_acquire_checked(e, 0, 0, 0, ip);
	else if (use == SEM_LOCK && call != SEM_TRYWAIT && ret)
		liblockdep_release(e, ip);
	else if (use >= SEM_UNKNOWN_FREE && !ret &&
		 !__atomic_compare_exchange_n(&e->sem_use, &unknown, current->pid, false,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		WRITE_ONCE(e->sem_use, SEM_SIGNAL);	/* taken twice without a post */
	return ret;
}

/* The first wait and post by one thread make it a lock, of its own class. */
static void semaphore_posted(struct lock_entry *e, unsigned long ip)
{
	int use = READ_ONCE(e->sem_use);

	if (use == SEM_LOCK) {
		if (semaphore_held_here(e))
			liblockdep_release(e, ip);
		else
			WRITE_ONCE(e->sem_use, SEM_SIGNAL);
	} else if (use == current->pid) {
		if (!e->own_key_registered)
			set_class(e, lock_entry_use_own_key(e), NULL);
		WRITE_ONCE(e->sem_use, SEM_LOCK);
	} else {
		WRITE_ONCE(e->sem_use, SEM_SIGNAL);
	}
}

/* A semaphore set aside past lockdep's depth limit, at its holder's end. */
static bool semaphore_left_outer(struct held_lock *hlock, unsigned long unused)
{
	struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);

	(void)unused;
	if (READ_ONCE(e->kind) == LOCK_KIND_SEMAPHORE)
		WRITE_ONCE(e->sem_use, SEM_SIGNAL);
	return true;
}

/*
 * A thread at its end: a semaphore it still holds is left for another thread to
 * post, so it is a signal, not a lock (it is never "still held" at exit), and its
 * record goes quietly, before any lock below it is released: lockdep would re-acquire
 * the record, whose semaphore another thread may have posted and destroyed by then.
 * From the top down, so that no released record is re-acquired.
 */
static void semaphores_left_at_end(struct task_struct *task, unsigned long ip)
{
	/* Those set aside past lockdep's depth limit (src/merged_locks.c): no longer
	 * held, as a signal. */
	if (unlikely(merged_outer_held()))
		merged_outer_each(semaphore_left_outer, 0);
	for (int i = task->lockdep_depth - 1; i >= 0; i--) {
		struct lockdep_map *map = task->held_locks[i].instance;
		struct lock_entry *e = container_of(map, struct lock_entry, map);

		if (READ_ONCE(e->kind) != LOCK_KIND_SEMAPHORE)
			continue;
		WRITE_ONCE(e->sem_use, SEM_SIGNAL);
		lock_release(map, ip);
		liblockdep_report_end();
	}
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_init(sem_t *s, int pshared, unsigned int value)
{
	int ret = real(sem_init)(s, pshared, value);
	struct lock_entry *e;

	if (ret || !settings.semaphores || !liblockdep_check_now())
		return ret;
	if (pshared || value != 1) {
		lock_entry_forget(s);
		return ret;
	}
	lock_entry_init(s, LOCK_KIND_SEMAPHORE, 0, _RET_IP_);
	e = lock_entry_find(s);
	if (e)
		WRITE_ONCE(e->sem_use, SEM_UNKNOWN_FREE);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_destroy(sem_t *s)
{
	if (settings.semaphores)
		lock_entry_destroy(s, _RET_IP_);
	return real(sem_destroy)(s);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_wait(sem_t *s)
{
	return sem_wait_checked(s, SEM_WAIT, 0, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_trywait(sem_t *s)
{
	return sem_wait_checked(s, SEM_TRYWAIT, 0, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_timedwait(sem_t *__restrict s, const struct timespec *__restrict abstime)
{
	return sem_wait_checked(s, SEM_TIMEDWAIT, 0, abstime, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_clockwait(sem_t *__restrict s, clockid_t clock,
					    const struct timespec *__restrict abstime)
{
	return sem_wait_checked(s, SEM_CLOCKWAIT, clock, abstime, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sem_post(sem_t *s)
{
	struct lock_entry *e = semaphore_entry(s, _RET_IP_);

	if (e)
		semaphore_posted(e, _RET_IP_);
	return real(sem_post)(s);
}
