/*
 * Locks of one class nested by instance. A class is keyed by its init call site, as
 * the kernel keys it, so the locks one call makes in a loop (redis's
 * io_threads_mutex[i], libdbus's global locks, sort's merge-tree nodes) are one class,
 * and nesting two of them is lockdep's "recursive locking" unless the code says
 * mutex_lock_nested(). Programs have no such annotations; they nest such locks in a
 * fixed order, which is correct. So an acquisition of a class the thread already
 * holds through another instance, with no subclass given, gets the subclass after
 * the highest one held of that class, as an annotation would give it, and lockdep
 * validates everything else around it as usual. Each ordered pair of instances
 * nested so is remembered; once the reverse pair was seen (the bank transfer: one
 * thread A then B, another B then A) nothing is adjusted and lockdep reports as it
 * always did. The same lock again is lockdep's to judge, and so is a trylock (it
 * never waits: lockdep checks no deadlock for it).
 *
 * Instances are the serial numbers of their entries (src/lock_table.c), never
 * reused for a lock at the same address: a freed lock's pairs match no new lock.
 * After 2^32 lock initialisations a serial comes back, and a stale pair can at worst
 * bring back today's report. A lock keeps the first few locks it was taken inside
 * in its own entry, so they go with it when it is destroyed or freed: a program that
 * makes and nests objects for ever (a tree's nodes, a connection and its session)
 * never fills anything. The rest go to a fixed table, filled with atomics, which
 * only a lock taken inside more than LOCK_NESTED_UNDER others of its class uses.
 * The fast path never gets here, and an adjusted acquisition is never one it can
 * hit (it looks up subclass 0, which lockdep never recorded nested in itself).
 */
#ifndef LIBLOCKDEP_MAX_NESTED_PAIRS
#define LIBLOCKDEP_MAX_NESTED_PAIRS	16384
#endif
#define MAX_NESTED_PAIRS	LIBLOCKDEP_MAX_NESTED_PAIRS
_Static_assert(MAX_NESTED_PAIRS > 0 && !(MAX_NESTED_PAIRS & (MAX_NESTED_PAIRS - 1)),
	       "LIBLOCKDEP_MAX_NESTED_PAIRS is a power of two");
/* Open addressing, at most half full so that a probe ends; a slot is never emptied. */
#define NESTED_PAIR_SLOTS	(2 * MAX_NESTED_PAIRS)

static u64 nested_pairs[NESTED_PAIR_SLOTS];
static unsigned int nr_nested_pairs;
static bool nested_pairs_full;

/* Outer lock's serial, then the inner's; never 0, as serials are not. */
static u64 nested_pair(const struct lock_entry *outer, const struct lock_entry *inner)
{
	return (u64)outer->serial << 32 | inner->serial;
}

static unsigned long nested_pair_slot(u64 pair)
{
	return (pair * 0x9E3779B97F4A7C15ULL) >> (64 - __builtin_ctzl(NESTED_PAIR_SLOTS));
}

static bool nested_table_seen(u64 pair)
{
	for (unsigned long i = nested_pair_slot(pair);; i = (i + 1) % NESTED_PAIR_SLOTS) {
		u64 slot = __atomic_load_n(&nested_pairs[i], __ATOMIC_RELAXED);

		if (slot == pair)
			return true;
		if (!slot)
			return false;
	}
}

/* In lockdep's words for running out; validation goes on, without new pairs. */
static noinline void nested_pairs_exhausted(void)
{
	static const char headline[] = "BUG: MAX_NESTED_PAIRS too low!";

	if (__atomic_exchange_n(&nested_pairs_full, true, __ATOMIC_RELAXED) ||
	    !liblockdep_report_begin(headline, NULL))
		return;
	printk(KERN_DEBUG "%s\n", headline);
	printk(KERN_DEBUG "liblockdep: build with -DLIBLOCKDEP_MAX_NESTED_PAIRS=N to raise it "
	       "(now %d)\n", MAX_NESTED_PAIRS);
	printk(KERN_DEBUG "locks of one class nested in a new order count as recursive locking.\n");
	dump_stack();
	liblockdep_report_end();
}

/* False when the table is full. */
static bool nested_table_note(u64 pair)
{
	for (unsigned long i = nested_pair_slot(pair);; i = (i + 1) % NESTED_PAIR_SLOTS) {
		u64 slot = __atomic_load_n(&nested_pairs[i], __ATOMIC_RELAXED);

		if (slot == pair)
			return true;
		if (slot)
			continue;
		if (__atomic_add_fetch(&nr_nested_pairs, 1, __ATOMIC_RELAXED) > MAX_NESTED_PAIRS) {
			__atomic_sub_fetch(&nr_nested_pairs, 1, __ATOMIC_RELAXED);
			nested_pairs_exhausted();
			return false;
		}
		if (__atomic_compare_exchange_n(&nested_pairs[i], &slot, pair, false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED))
			return true;
		/* Another thread took the slot, perhaps for this very pair. */
		__atomic_sub_fetch(&nr_nested_pairs, 1, __ATOMIC_RELAXED);
		if (slot == pair)
			return true;
	}
}

/* Whether inner was taken inside outer: first among the outers inner keeps itself. */
static bool nested_pair_seen(const struct lock_entry *outer, const struct lock_entry *inner)
{
	for (int i = 0; i < LOCK_NESTED_UNDER; i++) {
		u32 serial = __atomic_load_n(&inner->nested_under[i], __ATOMIC_RELAXED);

		if (serial == outer->serial)
			return true;
		if (!serial)
			return false;
	}
	return nested_table_seen(nested_pair(outer, inner));
}

/* False when the table is full. */
static bool nested_pair_note(const struct lock_entry *outer, struct lock_entry *inner)
{
	for (int i = 0; i < LOCK_NESTED_UNDER; i++) {
		u32 serial = __atomic_load_n(&inner->nested_under[i], __ATOMIC_RELAXED);

		if (!serial && __atomic_compare_exchange_n(&inner->nested_under[i], &serial,
							   outer->serial, false,
							   __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			return true;
		/* Taken, perhaps by another thread for this very pair. */
		if (serial == outer->serial)
			return true;
	}
	return nested_table_note(nested_pair(outer, inner));
}

static unsigned int held_lock_subclass(const struct held_lock *hlock)
{
	return lock_classes[hlock->class_idx].subclass;
}

static const struct lock_entry *held_entry_of_class(const struct held_lock *hlock,
						    const struct lock_entry *e)
{
	if (hlock->instance->key != e->map.key)
		return NULL;
	return container_of(hlock->instance, const struct lock_entry, map);
}

/*
 * The subclass for lockdep's lock_acquire() of e: the caller's, or the next one of
 * e's class when the thread holds other locks of it. Past lockdep's eighth, the lock
 * is held unchecked, in the last subclass: lockdep validates no order for it, where
 * it would call a correct ascending order (redis locking its io_threads_mutex[1..N])
 * recursive; a reverse pair is still told apart below. Unchecked is NESTED_UNCHECKED
 * in the result, not an out parameter, whose address would keep a slot in the
 * caller's frame during a report. Out of line, so that its frame is gone before
 * lockdep's deep paths run (tests/checks/stack_budget.sh).
 */
#define NESTED_UNCHECKED	0x100
static noinline unsigned int instance_nesting_subclass(struct lock_entry *e,
						       unsigned int subclass, int trylock)
{
	const struct task_struct *task = current;
	unsigned int next = 0;

	if (subclass || trylock || e->map.key == &__lockdep_no_validate__)
		return subclass;
	for (int i = 0; i < task->lockdep_depth; i++) {
		const struct held_lock *hlock = &task->held_locks[i];
		const struct lock_entry *held = held_entry_of_class(hlock, e);

		if (!held)
			continue;
		if (held == e || nested_pair_seen(e, held))
			return subclass;
		next = max(next, held_lock_subclass(hlock) + 1);
	}
	if (!next)
		return subclass;
	for (int i = 0; i < task->lockdep_depth; i++) {
		const struct lock_entry *held = held_entry_of_class(&task->held_locks[i], e);

		if (held && !nested_pair_note(held, e))
			return subclass;
	}
	if (next < MAX_LOCKDEP_SUBCLASSES)
		return next;
	return NESTED_UNCHECKED | (MAX_LOCKDEP_SUBCLASSES - 1);
}

/* The held lock of e's class right above position pos, if it was nested through e. */
static struct held_lock *held_nested_through(struct task_struct *task, int pos,
					     const struct lock_entry *e)
{
	struct held_lock *hlock = &task->held_locks[pos];
	const struct lock_entry *above;

	if (pos >= task->lockdep_depth || !(above = held_entry_of_class(hlock, e)) ||
	    !nested_pair_seen(e, above))
		return NULL;
	return hlock;
}

/*
 * After lockdep released e, which the thread held at position pos in subclass: the
 * locks of its class that were right above it, nested through it, move down to
 * subclass, subclass + 1, ..., as if taken without it. So lock coupling (take the
 * next node, release the one before) stays in two subclasses however long the list,
 * instead of climbing past lockdep's eighth. Nothing new is claimed: the locks below
 * are the ones e had below it, which already lead to e's subclass, and the order
 * among the class's subclasses stays ascending.
 */
static noinline void instance_nesting_released(const struct lock_entry *e, int pos,
					       unsigned int subclass, unsigned long ip)
{
	struct task_struct *task = current;
	struct held_lock *hlock;

	/* Above every lock of the class still held below (a trylock's shares e's). */
	for (int i = 0; i < pos; i++)
		if (held_entry_of_class(&task->held_locks[i], e))
			subclass = max(subclass, held_lock_subclass(&task->held_locks[i]) + 1);
	for (; subclass < MAX_LOCKDEP_SUBCLASSES &&
	       (hlock = held_nested_through(task, pos, e)); pos++, subclass++) {
		if (held_lock_subclass(hlock) <= subclass)
			return;
		lock_set_subclass(hlock->instance, subclass, ip);
	}
}
