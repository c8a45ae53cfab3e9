/*
 * A lock's first acquisition by the thread that just made it. GDAL's
 * CPLCreateOrAcquireMutexEx() creates a mutex and locks it while it holds GDAL's
 * master mutex, and for a mutex that exists releases the master first: the order
 * master -> mutex only ever happens on a brand-new mutex, which no other thread can
 * reach yet, so it cannot wait; yet with the mutexes of one class, or with one
 * holding another and asking for the master, it made a cycle (gdalwarp -multi).
 *
 * Such an acquisition is recorded as a trylock is: it adds no dependency on the
 * locks held, and later acquisitions are checked as usual. Only where no other
 * thread can hold the lock, which liblockdep proves from what it sees:
 *  - the lock does not live in static storage, where any thread reaches it by name
 *    (a global initialised by a call is as public before its first lock as after);
 *  - nobody has acquired it since its initialisation;
 *  - the call that acquires it is the very next call of its initialiser that
 *    liblockdep sees: no lock taken or let go, no thread started (no semaphore
 *    used, with LIBLOCKDEP_SEMAPHORES=1) in between. A pointer to the new lock
 *    reaches another thread only if the initialiser publishes it after the
 *    initialisation and the other thread synchronises with that, through a lock or
 *    a thread's start, which liblockdep sees. GDAL's CPLCreateMutexInternal()
 *    initialises the mutex and locks it at once, so the rule holds for it. What
 *    liblockdep cannot see is a hand-over through an atomic variable, a pipe or a
 *    condition variable signalled with no mutex held, between the initialisation
 *    and that first lock: a program that does so is checked as if the lock were
 *    private (the limit of this rule);
 *  - neither the initialisation nor the acquisition runs in a signal handler:
 *    there the acquisition is what makes the lock hard-irq safe, which a trylock is
 *    not (the kernel's irqsafe selftests with the handler's step first).
 * "The very next call" is kept by the thread's entry: the initialisation leaves
 * entry_ready false, so the calls that follow take the slow way in
 * (liblockdep_prepare_entry(), src/signals.c), which follows them by their call
 * site; the fast path pays nothing.
 */

/* The lock this thread initialised last, while nothing since ends its privacy; the
 * call site of the first call seen after it (0: none yet). */
static __thread struct {
	struct lock_entry *lock;
	unsigned long ip;
} first_use_pending;

/*
 * Set up by the initialising call (under the table's mutex), or not fresh at all;
 * just before the map's init, which empties its class cache. Only lockdep's
 * acquisition caches a class again, reached in lock_acquire_slow() after
 * first_use_trylock() ended the freshness: so a fresh lock has no class cached, and
 * the fast path (src/fast_path.c), which needs the cached class, never takes its
 * first acquisition, with no test of its own.
 */
static void first_use_init(struct lock_entry *e, const void *lock, bool init_call)
{
	struct task_struct *task = current;
	bool fresh = init_call && !lockdep_hardirq_context() && !static_obj(lock);

	WRITE_ONCE(e->fresh_tid, fresh ? task->pid : 0);
	if (!fresh)
		return;
	first_use_pending.lock = e;
	first_use_pending.ip = 0;
	task->entry_ready = false;
}

/*
 * An entry into liblockdep with entry_ready false, at call site ip: whether a lock
 * this thread made is still private, and so its next entry must come this way too.
 * Every entry of one call has the call's site: another site is another call.
 */
static bool first_use_entry(unsigned long ip)
{
	if (!first_use_pending.lock)
		return false;
	if (!first_use_pending.ip)
		first_use_pending.ip = ip;
	else if (first_use_pending.ip != ip)
		first_use_pending.lock = NULL;
	return first_use_pending.lock;
}

/* A lock taken or let go: a hand-over, unless it is the private lock's first. */
static void first_use_end(void)
{
	first_use_pending.lock = NULL;
}

static noinline bool first_use_cannot_wait(struct lock_entry *e)
{
	const struct task_struct *task = current;
	int tid = __atomic_exchange_n(&e->fresh_tid, 0, __ATOMIC_RELAXED);

	return tid == task->pid && first_use_pending.lock == e && !lockdep_hardirq_context();
}

/* An acquisition's trylock argument: 1 for the first of a fresh lock that cannot
 * wait. Any acquisition ends the lock's freshness, and the privacy of the lock this
 * thread made last. */
static __always_inline int first_use_trylock(struct lock_entry *e, int trylock)
{
	bool cannot_wait = READ_ONCE(e->fresh_tid) && first_use_cannot_wait(e);

	if (unlikely(first_use_pending.lock))
		first_use_end();
	return cannot_wait || trylock;
}
