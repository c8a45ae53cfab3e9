/*
 * Locks of one class nested by instance. A class is keyed by its init call site, as
 * the kernel keys it, so the locks one call makes in a loop (redis's
 * io_threads_mutex[i], libdbus's global locks, a ring of forks, an -O0 C++ guard's
 * mutexes) are one class, and nesting two of them is lockdep's "recursive locking"
 * unless the code says mutex_lock_nested(). Programs have no such annotations; they
 * nest such locks in a fixed order, which is correct. So the locks stay in their
 * class (its dependencies with other classes are exactly lockdep's) and the class
 * gets the kernel's lock comparison function (lockdep_set_lock_cmp_fn()): two
 * different instances held together are in order, as far as lockdep's recursion
 * check goes, and make no dependency of the class on itself. The same lock again is
 * recursive locking, as lockdep says.
 *
 * The order between the instances is judged here instead: each time a thread waits
 * for a lock (not a trylock, not a read lock) while it holds others of its class,
 * the held one, innermost first, down to the first it did not trylock, is an edge of
 * an instance graph, outer to inner, and a new edge is searched for a cycle of any
 * length: the bank transfer (A then B, B then A), three accounts (a→b, b→c, c→a),
 * the dining philosophers. A cycle is reported as lockdep's circular locking
 * dependency, with the locks of the cycle in order. Two read acquisitions need a writer to deadlock, and a
 * read one is never an edge: a cycle found is a deadlock whatever the modes held.
 *
 * Instances are entries of the lock table (src/lock_table.c), checked by serial
 * number, never reused for a lock at the same address: a freed lock's edges lead to
 * no new lock. A lock keeps the first few locks it was taken inside in its own entry,
 * so they go with it when it is destroyed or freed: a program that makes and nests
 * objects for ever (a tree's nodes, a connection and its session) never fills
 * anything. The rest go to a fixed table, filled with atomics, which only a lock
 * taken inside more than LOCK_NESTED_UNDER others of its class uses. The fast path
 * never learns an acquisition of a class the thread holds (src/fast_path.c): every
 * such nesting comes here.
 */
#ifndef LIBLOCKDEP_MAX_NESTED_PAIRS
#define LIBLOCKDEP_MAX_NESTED_PAIRS	16384
#endif
#define MAX_NESTED_PAIRS	LIBLOCKDEP_MAX_NESTED_PAIRS
_Static_assert(MAX_NESTED_PAIRS > 0 && !(MAX_NESTED_PAIRS & (MAX_NESTED_PAIRS - 1)),
	       "LIBLOCKDEP_MAX_NESTED_PAIRS is a power of two");
/* Open addressing, at most half full so that a probe ends; a slot is never emptied.
 * Placed by the inner lock's serial alone: the locks a lock was taken inside lie in
 * one run of slots, which ends at an empty one. */
#define NESTED_PAIR_SLOTS	(2 * MAX_NESTED_PAIRS)

static u64 nested_pairs[NESTED_PAIR_SLOTS];
static struct lock_entry *nested_pair_outers[NESTED_PAIR_SLOTS];
static unsigned int nr_nested_pairs;
static bool nested_pairs_full;

/*
 * The breadth-first search of the instance graph, under the graph lock: the locks
 * found, each with the place in the queue of the one it was taken outside of.
 * Bounded as lockdep's own search is, and as plainly said when the bound is met.
 */
#ifndef LIBLOCKDEP_MAX_INSTANCE_SEARCH
#define LIBLOCKDEP_MAX_INSTANCE_SEARCH	4096
#endif
#define MAX_INSTANCE_SEARCH	LIBLOCKDEP_MAX_INSTANCE_SEARCH

static struct instance_visit {
	struct lock_entry *e;
	int from;			/* -1 for the lock the search began at */
} instance_queue[MAX_INSTANCE_SEARCH];
static unsigned int instance_queue_len;
static u32 instance_search_mark;
static bool instance_search_full;

/* Outer lock's serial, then the inner's; never 0, as serials are not. */
static u64 nested_pair(const struct lock_entry *outer, const struct lock_entry *inner)
{
	return (u64)outer->serial << 32 | inner->serial;
}

static unsigned long nested_pair_slot(const struct lock_entry *inner)
{
	return ((u64)inner->serial * 0x9E3779B97F4A7C15ULL) >> (64 - __builtin_ctzl(NESTED_PAIR_SLOTS));
}

static unsigned long nested_pair_next(unsigned long i)
{
	return (i + 1) % NESTED_PAIR_SLOTS;
}

/* The lock a link names, if its entry still serves that lock (and is written). */
static struct lock_entry *instance_outer(u32 serial, struct lock_entry *const *outer)
{
	struct lock_entry *e = __atomic_load_n(outer, __ATOMIC_ACQUIRE);

	return e && READ_ONCE(e->serial) == serial ? e : NULL;
}

/* In lockdep's words for running out. */
static noinline void instance_capacity_report(bool *said, const char *headline,
					      const char *setting, int now, const char *cost)
{
	if (__atomic_exchange_n(said, true, __ATOMIC_RELAXED) ||
	    !liblockdep_report_begin(headline, NULL))
		return;
	printk(KERN_DEBUG "%s\n", headline);
	printk(KERN_DEBUG "liblockdep: build with -D%s=N to raise it (now %d)\n", setting, now);
	printk(KERN_DEBUG "%s\n", cost);
	dump_stack();
	liblockdep_report_end();
}

static bool nested_table_seen(u64 pair, const struct lock_entry *inner)
{
	for (unsigned long i = nested_pair_slot(inner);; i = nested_pair_next(i)) {
		u64 slot = __atomic_load_n(&nested_pairs[i], __ATOMIC_RELAXED);

		if (slot == pair)
			return true;
		if (!slot)
			return false;
	}
}

/* False when the table is full. */
static bool nested_table_note(struct lock_entry *outer, const struct lock_entry *inner)
{
	u64 pair = nested_pair(outer, inner);

	for (unsigned long i = nested_pair_slot(inner);; i = nested_pair_next(i)) {
		u64 slot = __atomic_load_n(&nested_pairs[i], __ATOMIC_RELAXED);

		if (slot == pair)
			return true;
		if (slot)
			continue;
		if (__atomic_add_fetch(&nr_nested_pairs, 1, __ATOMIC_RELAXED) > MAX_NESTED_PAIRS) {
			__atomic_sub_fetch(&nr_nested_pairs, 1, __ATOMIC_RELAXED);
			instance_capacity_report(&nested_pairs_full, "BUG: MAX_NESTED_PAIRS too low!",
				"LIBLOCKDEP_MAX_NESTED_PAIRS", MAX_NESTED_PAIRS,
				"a pair of locks of one class not remembered is recursive locking.");
			return false;
		}
		if (__atomic_compare_exchange_n(&nested_pairs[i], &slot, pair, false,
						__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
			__atomic_store_n(&nested_pair_outers[i], outer, __ATOMIC_RELEASE);
			return true;
		}
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
		u32 serial = __atomic_load_n(&inner->nested_under[i].serial, __ATOMIC_RELAXED);

		if (serial == outer->serial)
			return true;
		if (!serial)
			return false;
	}
	return nested_table_seen(nested_pair(outer, inner), inner);
}

/* False when the table is full. */
static bool nested_pair_note(struct lock_entry *outer, struct lock_entry *inner)
{
	for (int i = 0; i < LOCK_NESTED_UNDER; i++) {
		struct instance_link *link = &inner->nested_under[i];
		u32 serial = __atomic_load_n(&link->serial, __ATOMIC_RELAXED);

		if (!serial && __atomic_compare_exchange_n(&link->serial, &serial, outer->serial,
							   false, __ATOMIC_RELAXED,
							   __ATOMIC_RELAXED)) {
			__atomic_store_n(&link->outer, outer, __ATOMIC_RELEASE);
			return true;
		}
		/* Taken, perhaps by another thread for this very pair. */
		if (serial == outer->serial)
			return true;
	}
	return nested_table_note(outer, inner);
}

/* Queues an outer lock the search has not met yet; false when the queue is full. */
static bool instance_search_queue(struct lock_entry *outer, int from)
{
	if (!outer || outer->search_mark == instance_search_mark)
		return true;
	if (instance_queue_len == MAX_INSTANCE_SEARCH) {
		instance_capacity_report(&instance_search_full, "BUG: MAX_INSTANCE_SEARCH too low!",
			"LIBLOCKDEP_MAX_INSTANCE_SEARCH", MAX_INSTANCE_SEARCH,
			"a cycle of locks of one class past the locks searched is not found.");
		return false;
	}
	outer->search_mark = instance_search_mark;
	instance_queue[instance_queue_len++] = (struct instance_visit){ outer, from };
	return true;
}

/* Every lock the lock at queue place pos was taken inside. */
static bool instance_search_outers(int pos)
{
	struct lock_entry *inner = instance_queue[pos].e;
	unsigned long i;

	for (int n = 0; n < LOCK_NESTED_UNDER; n++) {
		struct instance_link *link = &inner->nested_under[n];
		u32 serial = __atomic_load_n(&link->serial, __ATOMIC_RELAXED);

		if (!serial)
			return true;
		if (!instance_search_queue(instance_outer(serial, &link->outer), pos))
			return false;
	}
	for (i = nested_pair_slot(inner);; i = nested_pair_next(i)) {
		u64 slot = __atomic_load_n(&nested_pairs[i], __ATOMIC_RELAXED);

		if (!slot)
			return true;
		if ((u32)slot == inner->serial &&
		    !instance_search_queue(instance_outer(slot >> 32, &nested_pair_outers[i]), pos))
			return false;
	}
}

/*
 * Under the graph lock. The place in the queue where to turns up among the locks
 * held, directly or through others of the class, was taken inside: a path from to
 * to held. -1 for none.
 */
static int instance_path_find(struct lock_entry *held, const struct lock_entry *to)
{
	instance_search_mark = instance_search_mark + 1 ?: 1;
	instance_queue_len = 0;
	instance_search_queue(held, -1);
	for (unsigned int pos = 0; pos < instance_queue_len; pos++) {
		if (instance_queue[pos].e == to)
			return pos;
		if (!instance_search_outers(pos))
			break;
	}
	return -1;
}

/* One lock of a cycle: its address, the variable it lives in if any, its class. */
static void print_instance(struct lock_entry *e)
{
	const char *variable = lock_variable_name(e->lock, lock_kind_sizes[e->kind]);

	printk(KERN_CONT " %px %s%s(", e->lock, variable ?: "", variable ? " " : "");
	print_lockdep_cache(&e->map);
	printk(KERN_CONT ")\n");
}

/* The head of both reports below, as lockdep's own begin; false for a repeat. */
static bool instance_report_head(const char *headline, struct lock_entry *e,
				 struct held_lock *hlock, unsigned long ip)
{
	static const char rule[] = "======================================================";
	struct task_struct *task = current;
	int len = strlen(headline);

	if (!liblockdep_report_begin(headline, e->lock))
		return false;
	pr_warn("\n");
	pr_warn("%.*s\n", len, rule);
	pr_warn("%s\n", headline);
	print_kernel_ident();
	pr_warn("%.*s\n", len, "------------------------------------------------------");
	pr_warn("%s/%d is trying to acquire lock:\n", task->comm, task_pid_nr(task));
	printk(KERN_CONT "%px (", e->lock);
	print_lockdep_cache(&e->map);
	printk(KERN_CONT "), at: %pS\n", (void *)ip);
	pr_warn("\nbut task is already holding lock:\n");
	print_lock(hlock);
	return true;
}

static void instance_report_tail(void)
{
	pr_warn("\n *** DEADLOCK ***\n\n");
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
	liblockdep_report_end();
}

/*
 * A cycle of locks of one class, as lockdep's circular locking dependency between
 * classes, the locks in its order: from e, at the queue place found, on to the held
 * one, each was taken inside the one before it, and e is being taken inside the last.
 */
static noinline void instance_cycle_report(struct lock_entry *e, struct held_lock *hlock,
					   int found, unsigned long ip)
{
	if (!instance_report_head("WARNING: possible circular locking dependency detected",
				  e, hlock, ip))
		return;
	pr_warn("\nwhich lock already depends on the new lock, instance by instance:\n"
		"each of these locks of one class was taken holding the one before it,\n"
		"and the first is being taken holding the last\n\n");
	for (; found >= 0; found = instance_queue[found].from)
		print_instance(instance_queue[found].e);
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn(" Each thread holds one lock of the cycle and waits for the next one.\n");
	instance_report_tail();
}

/* A pair liblockdep could not remember, or the same lock again: judged as lockdep
 * judges a class taken inside itself. */
static noinline void instance_pair_report(struct lock_entry *e, struct held_lock *hlock,
					  unsigned long ip)
{
	if (!instance_report_head("WARNING: possible recursive locking detected", e, hlock, ip))
		return;
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn(" May be due to missing lock nesting notation\n");
	instance_report_tail();
}

/* Under the graph lock: remembers that e was taken inside held, and whether that
 * closes a cycle. */
static void instance_edge_add(struct lock_entry *e, struct held_lock *hlock, unsigned long ip)
{
	struct lock_entry *held = container_of(hlock->instance, struct lock_entry, map);
	int found;

	if (nested_pair_seen(held, e))
		return;
	if (!nested_pair_note(held, e)) {
		instance_pair_report(e, hlock, ip);
		return;
	}
	found = instance_path_find(held, e);
	if (found >= 0)
		instance_cycle_report(e, hlock, found, ip);
}

/* Distinct instances of a class are in order for lockdep: this file judges them. */
static int instance_order_cmp(const struct lockdep_map *a, const struct lockdep_map *b)
{
	return a == b ? 0 : -1;
}

static bool held_of_class(const struct held_lock *hlock, const struct lock_entry *e,
			  unsigned int subclass)
{
	return hlock->instance->key == e->map.key &&
	       lock_classes[hlock->class_idx].subclass == subclass;
}

/*
 * The same lock again, waited for: lockdep's recursive locking, which lockdep looks
 * for only in a chain of classes new to it. With two locks of the class nested
 * before, which the comparison function let pass, the chain is known: then the
 * report is made here, as lockdep would make it.
 */
static noinline void instance_relock_check(struct lock_entry *e, struct held_lock *hlock,
					   int read, unsigned long ip)
{
	u64 chain_key = iterate_chain_key(current->curr_chain_key,
					  hlock->class_idx | (u32)read << MAX_LOCKDEP_KEYS_BITS);
	bool known;

	if (read == 2 && hlock->read)
		return;
	liblockdep_rcu_read_lock();
	known = lookup_chain_cache(chain_key);
	liblockdep_rcu_read_unlock();
	if (known)
		instance_pair_report(e, hlock, ip);
}

/* The thread's hold of e in this subclass, if any. */
static struct held_lock *held_lock_of(struct task_struct *task, const struct lock_entry *e,
				      unsigned int subclass)
{
	for (int i = 0; i < task->lockdep_depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];

		if (hlock->instance == &e->map && held_of_class(hlock, e, subclass))
			return hlock;
	}
	return NULL;
}

/*
 * Before lockdep's lock_acquire() of e: a class held through another instance gets
 * the comparison function, and a wait for e adds its edges to the instance graph.
 * Out of line, so that its frame is gone before lockdep's deep paths run
 * (tests/checks/stack_budget.sh).
 */
static noinline void instance_nesting_check(struct lock_entry *e, unsigned int subclass,
					    int read, int trylock, unsigned long ip)
{
	struct task_struct *task = current;
	bool waits = !read && !trylock && e->map.key != &__lockdep_no_validate__;
	struct held_lock *again = held_lock_of(task, e, subclass);
	bool locked = false;

	if (again) {
		if (!trylock)
			instance_relock_check(e, again, read, ip);
		return;
	}
	for (int i = task->lockdep_depth - 1; i >= 0; i--) {
		struct held_lock *hlock = &task->held_locks[i];
		struct lock_class *class = &lock_classes[hlock->class_idx];

		if (!held_of_class(hlock, e, subclass))
			continue;
		if (READ_ONCE(class->cmp_fn) != instance_order_cmp)
			WRITE_ONCE(class->cmp_fn, instance_order_cmp);
		if (!waits)
			return;
		if (!locked) {
			liblockdep_graph_lock();
			locked = true;
		}
		instance_edge_add(e, hlock, ip);
		if (!hlock->trylock)
			break;
	}
	if (locked)
		liblockdep_graph_unlock();
}
