/*
 * A lock's first acquisition by the thread that just made it. GDAL's
 * CPLCreateOrAcquireMutexEx() creates a mutex and locks it while it holds GDAL's
 * master mutex, and for a mutex that exists releases the master first: the order
 * master -> mutex only ever happens on a brand-new mutex, which no other thread can
 * reach yet, so it cannot wait; yet with the mutexes of one class, or with one
 * holding another and asking for the master, it made a cycle (gdalwarp -multi).
 *
 * Such an acquisition is recorded as a trylock is: it adds no dependency on the
 * locks held, and later acquisitions are checked as usual. Only the first
 * acquisition of the lock by anyone, by the thread that initialised it, holding the
 * same locks it held then (the same chain of classes): a lock made early and first
 * used under another lock later is ordered like any other, and so is one another
 * thread has used.
 */

/*
 * Set up by the initialising call (under the table's mutex), or not fresh at all;
 * just before the map's init, which empties its class cache. Only lockdep's
 * acquisition caches a class again, reached in lock_acquire_slow() after
 * first_use_trylock() ended the freshness: so a fresh lock has no class cached, and
 * the fast path (src/fast_path.c), which needs the cached class, never takes its
 * first acquisition, with no test of its own.
 */
static void first_use_init(struct lock_entry *e, bool init_call)
{
	struct task_struct *task = current;

	e->fresh_chain_key = task->curr_chain_key;
	WRITE_ONCE(e->fresh_tid, init_call ? task->pid : 0);
}

static noinline bool first_use_cannot_wait(struct lock_entry *e)
{
	const struct task_struct *task = current;
	int tid = __atomic_exchange_n(&e->fresh_tid, 0, __ATOMIC_RELAXED);

	return tid == task->pid && e->fresh_chain_key == task->curr_chain_key;
}

/* An acquisition's trylock argument: 1 for the first of a fresh lock that cannot
 * wait. Any acquisition ends the lock's freshness. */
static __always_inline int first_use_trylock(struct lock_entry *e, int trylock)
{
	if (likely(!READ_ONCE(e->fresh_tid)))
		return trylock;
	return first_use_cannot_wait(e) || trylock;
}
