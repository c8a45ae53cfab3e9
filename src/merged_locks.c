/*
 * Locks of one class past lockdep's depth limit. Lockdep's record of a thread's held
 * locks has room for MAX_LOCK_DEPTH - 1 (63 is its ceiling: a chain's depth is kept in
 * 6 bits); one more, and it says "BUG: MAX_LOCK_DEPTH too low!" and stops validating.
 * A program that locks a whole array of one class at once gets there: Erlang's
 * runtime grows its fd table holding grow_lock and all 128 mutexes of an array. The
 * kernel takes such locks under a nest lock (mutex_lock_nest_lock()): lockdep counts
 * each one more of the class in the innermost record (held_lock.references) and
 * validates nothing of it, a lock of that class being held there already.
 *
 * Here a lock that would go past the limit with the class and read mode of the
 * innermost record is counted so too, but by this thread, not in lockdep's record:
 * lockdep's count needs a nest lock that stays held (its re-acquisition of the record
 * after an unlock out of order checks for it), which a program does not name. Lockdep
 * goes on seeing the class held, as its count would keep it: the unlock of a lock
 * recorded below the innermost, while a merged one of its class and mode is held,
 * hands the record to that one instead of releasing it. The innermost is released as
 * any (the fast path pops it, src/fast_path.c, and lockdep's own way does the same);
 * merged locks of its class with no record of the class left are then held unseen by
 * lockdep, as locks unchecked code took. A merged lock is checked as a held lock when
 * its memory goes, in the place of a record of its class; it is not listed among the
 * held locks, nor counted by lock statistics.
 */
#define MERGED_LOCKS	256

struct merged_lock {
	struct lock_entry *e;
	unsigned long ip;
	u32 serial;			/* e's, when merged: the entry may serve another lock since */
	u16 class_idx;
	u8 read;
};

/* Mapped by a thread's first merge: thread-local storage takes room on every thread's
 * stack (tests/checks/stack_budget.sh). */
struct merged_locks {
	unsigned int nr;
	struct merged_lock locks[MERGED_LOCKS];
};

static __thread struct merged_locks *merged;

static inline bool merged_locks_held(void)
{
	return merged && merged->nr;
}

static void merged_locks_thread_exit(void)
{
	if (merged)
		liblockdep_pages_free(merged, sizeof(*merged));
	merged = NULL;
}

static bool lock_released_unseen(const struct lock_entry *e, bool shared);
static bool held_of_class(const struct held_lock *hlock, const struct lock_entry *e,
			  unsigned int subclass);
static struct held_lock *held_lock_of(struct task_struct *task, const struct lock_entry *e,
				      unsigned int subclass);

/* Whether m's lock is still the one merged, and still this thread's (src/lock_owners.c). */
static bool merged_lock_live(const struct merged_lock *m)
{
	return READ_ONCE(m->e->serial) == m->serial && !lock_released_unseen(m->e, m->read);
}

static void merged_lock_drop(unsigned int i)
{
	liblockdep_busy_begin();
	merged->locks[i] = merged->locks[--merged->nr];
	liblockdep_busy_end();
}

/* The merged lock at this address, if this thread holds one. */
static struct lock_entry *merged_lock_of(const void *lock)
{
	for (unsigned int i = 0; merged && i < merged->nr; i++) {
		struct merged_lock *m = &merged->locks[i];

		if (READ_ONCE(m->e->lock) == lock && merged_lock_live(m))
			return m->e;
	}
	return NULL;
}

/* For lock statistics: whether the lock of map is merged, unknown to lockdep. */
static bool merged_lock_counted(const struct lockdep_map *map)
{
	return merged_lock_of(container_of(map, struct lock_entry, map)->lock);
}

/*
 * Before lockdep's record of e, at the depth limit: true when e is counted here
 * instead. Only in task context (a signal handler's locks start a chain of their own),
 * and not a semaphore, which another thread may release for this one.
 */
static noinline bool merged_lock_acquire(struct lock_entry *e, unsigned int subclass, int read,
					 unsigned long ip)
{
	struct task_struct *task = current;
	const struct held_lock *top = &task->held_locks[task->lockdep_depth - 1];

	if (!READ_ONCE(debug_locks) || (merged && merged->nr == MERGED_LOCKS) ||
	    e->kind == LOCK_KIND_SEMAPHORE || lockdep_hardirq_context() || top->irq_context ||
	    top->read != read || !held_of_class(top, e, subclass) ||
	    held_lock_of(task, e, subclass) || merged_lock_of(e->lock) ||
	    (!merged && !(merged = liblockdep_pages_alloc(sizeof(*merged)))))
		return false;
	liblockdep_busy_begin();
	merged->locks[merged->nr++] = (struct merged_lock){ e, ip, e->serial, top->class_idx, read };
	liblockdep_busy_end();
	return true;
}

/* A merged lock of hlock's class and mode, still held: its place in the list, or -1. */
static int merged_lock_like(const struct held_lock *hlock)
{
	for (int i = merged->nr - 1; i >= 0; i--) {
		const struct merged_lock *m = &merged->locks[i];

		if (m->class_idx != hlock->class_idx || m->read != hlock->read)
			continue;
		if (merged_lock_live(m))
			return i;
		merged_lock_drop(i);
	}
	return -1;
}

/* The record hlock goes to the merged lock at i; its own lock, if still held, is
 * merged in that one's place. */
static void merged_lock_swap(struct held_lock *hlock, unsigned int i, bool keep)
{
	struct merged_lock *m = &merged->locks[i];
	struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);
	unsigned long ip = hlock->acquire_ip;

	liblockdep_busy_begin();
	hlock->instance = &m->e->map;
	hlock->acquire_ip = m->ip;
	if (keep)
		*m = (struct merged_lock){ e, ip, e->serial, hlock->class_idx, hlock->read };
	else
		merged->locks[i] = merged->locks[--merged->nr];
	liblockdep_busy_end();
}

/*
 * Before lockdep's release of e, whose record, if any, is at pos: true when the
 * release is done here. A merged lock just goes; the record of a lock below the
 * innermost goes to a merged lock of its class and mode, when there is one.
 */
static noinline bool merged_lock_release(struct lock_entry *e, int pos)
{
	struct task_struct *task = current;
	int i;

	if (pos < 0) {
		for (i = merged->nr - 1; i >= 0; i--) {
			if (merged->locks[i].e == e) {
				merged_lock_drop(i);
				return true;
			}
		}
		return false;
	}
	if (pos == task->lockdep_depth - 1 || (i = merged_lock_like(&task->held_locks[pos])) < 0)
		return false;
	merged_lock_swap(&task->held_locks[pos], i, false);
	return true;
}

/* A merged lock in memory about to go: the record of its class that it takes over,
 * to be reported as a held lock freed, or NULL. */
static struct held_lock *merged_lock_in(const void *from, unsigned long len)
{
	struct task_struct *task = current;

	for (unsigned int i = 0; i < merged->nr; i++) {
		const struct merged_lock *m = &merged->locks[i];

		if ((unsigned long)READ_ONCE(m->e->lock) - (unsigned long)from >= len ||
		    !merged_lock_live(m))
			continue;
		for (int pos = task->lockdep_depth - 1; pos >= 0; pos--) {
			struct held_lock *hlock = &task->held_locks[pos];

			if (hlock->class_idx == m->class_idx && hlock->read == m->read) {
				merged_lock_swap(hlock, i, true);
				return hlock;
			}
		}
	}
	return NULL;
}
