/*
 * Locks past lockdep's depth limit. Lockdep's record of a thread's held locks has
 * room for MAX_LOCK_DEPTH - 1 (63 is its ceiling: a chain's depth is kept in 6 bits);
 * one more, and it says "BUG: MAX_LOCK_DEPTH too low!" and stops validating. A
 * program that locks a whole array of one class at once gets there: Erlang's runtime
 * grows its fd table holding grow_lock and all 128 mutexes of an array. The kernel
 * takes such locks under a nest lock (mutex_lock_nest_lock()): lockdep counts each
 * one more of the class in one record (held_lock.references).
 *
 * Here, at the limit, a record that has another of its class, read mode and context
 * above it makes room: its lock is merged, counted by this thread instead, and
 * lockdep lets go of its record as of any lock released out of order. Lockdep's
 * verdicts stay what they were: a class held is still held, through the record above
 * (its recursion and wait-context checks), and the dependencies the next lock gets
 * come from the records on top, which stay. So every lock, of any class, is taken
 * through lockdep as usual, and the newest of a class, which the instance graph
 * (src/instance_nesting.c) judges the order from, has its record. Only when no
 * record can make room does a lock of the innermost record's class and mode merge
 * itself, as the kernel's nest lock would count it. A merged lock locked again is
 * reported as lockdep reports recursive locking.
 *
 * When neither can (62 locks of distinct classes or read modes held), the outermost
 * records are set aside into the same list as they are, all but the innermost half,
 * as "outer" locks, and come back below lockdep's records when it holds few (or only
 * trylocks), with the chain keys lockdep would give them: any record, in task context
 * or in a signal handler, which gives back what it set aside as it returns. Lockdep
 * takes a new lock's dependencies from the innermost held locks down to the first not
 * tried: when all its records are tried, the walk goes on into the outer ones here.
 * The checks that read every held lock are made here for the outer ones: taken
 * again, recursive locking; a lock of their class, nested by instance
 * (src/instance_nesting.c); the wait context; interrupts coming on (src/signals.c)
 * and a handler's pending signals (src/handler_usage.c), their usage marks; freed
 * while held, a held lock freed; held at the thread's end, an ended holder's
 * (src/ended_holders.c). A report's list of held locks shows them below lockdep's
 * records. While any is set aside, every entry takes
 * the slow way (src/signals.c), so the fast path never takes a lock of their class
 * past those checks.
 *
 * Lockdep's count needs a nest lock that stays held (its re-acquisition of a record
 * after an unlock out of order checks for it), which a program does not name: hence
 * the thread's own list. The unlock of a lock recorded below the innermost, while a
 * merged one of its class and mode is held, hands the record to that one instead of
 * releasing it. The innermost is released as any (the fast path pops it,
 * src/fast_path.c, and lockdep's own way does the same); merged locks of its class
 * with no record of the class left (only after the newest of a class were released
 * before the older) are then held unseen by lockdep, as locks unchecked code took. A
 * merged lock is checked as a held lock when its memory goes, in the place of a
 * record of its class; it is not listed among the held locks (that record stands for
 * it, as for a lock lockdep counts under a nest lock), nor counted by lock
 * statistics. The list grows with what the thread holds and goes when it empties.
 */
struct merged_lock {
	struct held_lock hlock;		/* lockdep's record; an outer one's as it was */
	struct lock_entry *e;
	u32 serial;			/* e's, when merged: the entry may serve another lock since */
	bool outer;			/* set aside from the bottom of lockdep's records */
};

/* Mapped by a thread's first merge: thread-local storage takes room on every thread's
 * stack (tests/checks/stack_budget.sh). In the order merged: the outer ones, outermost
 * first, go back to lockdep in that order. */
struct merged_locks {
	unsigned int nr, room, outer;
	unsigned int floor;		/* outer ones a running signal handler found */
	bool strict;			/* an outer one may wait stricter than sleeping */
	struct merged_lock locks[];
};

/* A page at first, doubled when full. */
#define MERGED_LOCKS_FIRST \
	((4096 - sizeof(struct merged_locks)) / sizeof(struct merged_lock))

static __thread struct merged_locks *merged;

static size_t merged_locks_size(unsigned int room)
{
	return sizeof(struct merged_locks) + room * sizeof(struct merged_lock);
}

static inline bool merged_locks_held(void)
{
	return merged && merged->nr;
}

/* The list goes when it empties: a thread that held many once keeps nothing. */
static void merged_locks_trim(void)
{
	struct merged_locks *old = merged;

	if (!old || old->nr)
		return;
	liblockdep_busy_begin();
	merged = NULL;
	liblockdep_busy_end();
	liblockdep_pages_free(old, merged_locks_size(old->room));
}

static void merged_locks_thread_exit(void)
{
	if (merged)
		liblockdep_pages_free(merged, merged_locks_size(merged->room));
	merged = NULL;
}

/* Room for one more in the list; false when memory ran out. */
static bool merged_locks_room(void)
{
	struct merged_locks *old = merged, *new;
	unsigned int room = old ? 2 * old->room : MERGED_LOCKS_FIRST;

	if (old && old->nr < old->room)
		return true;
	new = liblockdep_pages_alloc(merged_locks_size(room));
	if (!new)
		return false;
	liblockdep_busy_begin();
	if (old)	/* its counts too */
		memcpy(new, old, merged_locks_size(old->nr));
	new->room = room;
	merged = new;
	liblockdep_busy_end();
	if (old)
		liblockdep_pages_free(old, merged_locks_size(old->room));
	return true;
}

static bool merged_lock_add(struct lock_entry *e, unsigned long ip, unsigned int class_idx,
			    int read)
{
	if (!merged_locks_room())
		return false;
	liblockdep_busy_begin();
	merged->locks[merged->nr++] = (struct merged_lock){
		.hlock = { .acquire_ip = ip, .instance = &e->map, .class_idx = class_idx,
			   .read = read, .check = 1 },
		.e = e, .serial = e->serial };
	liblockdep_busy_end();
	return true;
}

/* Whether this thread holds locks set aside from the bottom of lockdep's records. */
static bool merged_outer_held(void)
{
	return merged && merged->outer;
}

/* Whether m's lock forbids a sleep while held (a spin lock: src/validate.c). */
static bool merged_lock_strict(const struct merged_lock *m)
{
	u8 wait = lock_classes[m->hlock.class_idx].wait_type_inner;

	return wait && wait < LD_WAIT_SLEEP;
}

/* hlock's lock, set aside as it is, for lockdep to record again later. */
static bool merged_lock_add_outer(const struct held_lock *hlock)
{
	struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);
	struct merged_lock *m;

	if (!merged_lock_add(e, hlock->acquire_ip, hlock->class_idx, hlock->read))
		return false;
	liblockdep_busy_begin();
	m = &merged->locks[merged->nr - 1];
	m->hlock = *hlock;
	m->outer = true;
	merged->outer++;
	merged->strict |= merged_lock_strict(m);
	liblockdep_busy_end();
	return true;
}

/* Lockdep's record of a lock set aside, as it was: for reports, checks and to go back. */
static void merged_lock_record(const struct merged_lock *m, struct held_lock *hlock)
{
	*hlock = m->hlock;
}

static bool lock_released_unseen(const struct lock_entry *e, bool shared);
static bool held_of_class(const struct held_lock *hlock, const struct lock_entry *e,
			  unsigned int subclass);
static struct held_lock *held_lock_of(struct task_struct *task, const struct lock_entry *e,
				      unsigned int subclass);

static bool signal_handler_running(void);

/* Whether m's lock is still the one merged, and still this thread's (src/lock_owners.c):
 * in a signal handler, unless forgotten, as lockdep's records are kept there
 * (held_locks_drop_released()), whatever the owner field says of a lock the
 * interrupted code was taking. */
static bool merged_lock_live(const struct merged_lock *m)
{
	if (READ_ONCE(m->e->serial) != m->serial)
		return false;
	if (signal_handler_running())
		return READ_ONCE(m->e->lock) != NULL;
	return !lock_released_unseen(m->e, m->hlock.read);
}

/* In order: the outer ones after it go back to lockdep in theirs. */
static void merged_lock_drop(unsigned int i)
{
	liblockdep_busy_begin();
	merged->outer -= merged->locks[i].outer;
	memmove(&merged->locks[i], &merged->locks[i + 1],
		(--merged->nr - i) * sizeof(merged->locks[0]));
	liblockdep_busy_end();
}

/* The merged lock at this address, if this thread holds one: the latest merged. */
static struct merged_lock *merged_lock_at(const void *lock)
{
	for (int i = merged ? merged->nr - 1 : -1; i >= 0; i--) {
		struct merged_lock *m = &merged->locks[i];

		if (READ_ONCE(m->e->lock) == lock && merged_lock_live(m))
			return m;
	}
	return NULL;
}

static struct lock_entry *merged_lock_of(const void *lock)
{
	struct merged_lock *m = merged_lock_at(lock);

	return m ? m->e : NULL;
}

/* For lock statistics: whether the lock of map is merged, unknown to lockdep. */
static bool merged_lock_counted(const struct lockdep_map *map)
{
	return merged_lock_of(container_of(map, struct lock_entry, map)->lock);
}

/*
 * A lock this thread holds merged, taken again: lockdep's recursive locking, in its
 * own words (unless both are reads that may recur), after its usage marks, as its
 * __lock_acquire() has them (taken in a signal handler while held with interrupts
 * on, that is first an inconsistent lock state); and counted once more, so that its
 * release balances (an error-checking mutex answers EDEADLK). True when done.
 */
static noinline bool merged_lock_again(struct lock_entry *e, int read, int trylock,
				       unsigned long ip)
{
	struct merged_lock *m = merged_lock_at(e->lock);
	struct task_struct *task = current;
	struct held_lock prev, next;
	unsigned long flags;

	if (!m || m->e != e)
		return false;
	prev = m->hlock;
	next = (struct held_lock){ .acquire_ip = ip, .instance = &e->map,
				   .class_idx = prev.class_idx, .read = read, .trylock = trylock,
				   .irq_context = task_irq_context(task), .check = 1,
				   .hardirqs_off = irqs_disabled() };
	if (!trylock && !(read == 2 && prev.read)) {
		raw_local_irq_save(flags);
		lockdep_recursion_inc();
		if (mark_usage(task, &next, 1) && graph_lock())
			print_deadlock_bug(task, &prev, &next);
		lockdep_recursion_finish();
		raw_local_irq_restore(flags);
		liblockdep_report_end();
	}
	return merged_lock_add(e, ip, next.class_idx, read);
}

/* Whether lockdep may let go of hlock's record for a merged count: not a handler's
 * lock (its chain is its own), nor a semaphore, which another thread may release for
 * this one. */
static bool merged_lock_mergeable(const struct held_lock *hlock)
{
	const struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);

	return !hlock->irq_context && !hlock->references && hlock->check &&
	       e->kind != LOCK_KIND_SEMAPHORE;
}

/* The innermost record below the top with another of its class, read mode and
 * context above it: its place, or -1. */
static int merged_lock_spare(const struct task_struct *task)
{
	for (int i = task->lockdep_depth - 2; i >= 0; i--) {
		const struct held_lock *hlock = &task->held_locks[i];

		if (!merged_lock_mergeable(hlock))
			continue;
		for (int j = i + 1; j < task->lockdep_depth; j++) {
			const struct held_lock *above = &task->held_locks[j];

			if (above->class_idx == hlock->class_idx && above->read == hlock->read &&
			    above->irq_context == hlock->irq_context && above->check)
				return i;
		}
	}
	return -1;
}

/*
 * Lockdep's records are set aside from the outermost, all but the innermost
 * MERGED_OUTER_KEEP, and those go back when it records MERGED_OUTER_BACK_AT or fewer,
 * up to MERGED_OUTER_BACK_TO: so many acquisitions or releases come between two
 * moves either way.
 */
#define MERGED_OUTER_KEEP	(MAX_LOCK_DEPTH / 2)
#define MERGED_OUTER_BACK_AT	(MAX_LOCK_DEPTH / 4)
#define MERGED_OUTER_BACK_TO	(MAX_LOCK_DEPTH / 2)

/*
 * The thread's first depth records, moved as they are, get the chain keys lockdep
 * gives a record (a hash of those below it in its context, __lock_acquire()): each
 * record keeps its own context, trylock and interrupt state, which lockdep, making
 * them again, would take from the moment (a task's lock made again in a signal
 * handler would count as taken there). Lockdep's interrupts off.
 */
static void merged_records_rekey(struct task_struct *task, unsigned int depth)
{
	u64 key = INITIAL_CHAIN_KEY;

	for (unsigned int i = 0; i < depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];

		hlock->prev_chain_key = key;
		if (i && hlock->irq_context != hlock[-1].irq_context)
			key = INITIAL_CHAIN_KEY;
		key = iterate_chain_key(key, hlock_id(hlock));
	}
	task->lockdep_depth = depth;
	task->curr_chain_key = key;
}

/*
 * At the depth limit, with no record to merge: the outermost records, all but the
 * innermost MERGED_OUTER_KEEP, are set aside, to be checked here (instance nesting,
 * recursion, release, wait context, interrupts coming on). Lockdep takes a lock's
 * dependencies from the innermost held ones, so those it records are exactly its
 * own. Any record: a signal handler's (its context goes with it), a semaphore's
 * (another thread's post makes it not held, merged_lock_live()).
 */
static noinline void merged_outer_aside(struct task_struct *task)
{
	unsigned int depth = task->lockdep_depth, aside = 0;
	unsigned long flags;

	while (aside < depth - MERGED_OUTER_KEEP &&
	       merged_lock_add_outer(&task->held_locks[aside]))
		aside++;
	if (!aside)
		return;
	raw_local_irq_save(flags);
	memmove(&task->held_locks[0], &task->held_locks[aside],
		(depth - aside) * sizeof(struct held_lock));
	merged_records_rekey(task, depth - aside);
	raw_local_irq_restore(flags);
	/* Every entry the slow way from now on (src/signals.c): the fast path
	 * (src/fast_path.c) knows nothing of what is set aside. */
	task->entry_ready = false;
}

/*
 * Before lockdep's record of e, at the depth limit: a spare record merged to make
 * room, or else e itself counted here (true) when it is of the innermost's class and
 * mode, or else the outermost records set aside. In a signal handler, only the last:
 * lockdep's release of a record below others makes those again in the moment's
 * context. A semaphore is not merged. When e's own record was moved, e is taken
 * again (true).
 */
static noinline bool merged_lock_acquire(struct lock_entry *e, unsigned int subclass, int read,
					 int trylock, unsigned long ip)
{
	struct task_struct *task = current;
	const struct held_lock *top = &task->held_locks[task->lockdep_depth - 1];
	bool semaphore = e->kind == LOCK_KIND_SEMAPHORE;
	int spare;

	if (!READ_ONCE(debug_locks))
		return false;
	spare = semaphore || lockdep_hardirq_context() ? -1 : merged_lock_spare(task);
	if (spare >= 0) {
		struct held_lock *hlock = &task->held_locks[spare];
		struct lock_stat_release stat;

		if (merged_lock_add(container_of(hlock->instance, struct lock_entry, map),
				    hlock->acquire_ip, hlock->class_idx, hlock->read)) {
			/* Lockdep's release out of order: the records above move down. */
			lock_stat_release_begin(&stat, spare);
			lock_release(hlock->instance, hlock->acquire_ip);
			liblockdep_report_end();
			lock_stat_release_end(&stat, spare);
		}
	} else if (!semaphore && !top->irq_context && !lockdep_hardirq_context() &&
		   top->read == read && held_of_class(top, e, subclass) &&
		   !held_lock_of(task, e, subclass)) {
		return merged_lock_add(e, ip, top->class_idx, read);
	} else {
		merged_outer_aside(task);
	}
	return merged_lock_again(e, read, trylock, ip);
}

/* Whether lockdep's records still reach a lock not tried in the moment's context:
 * lockdep takes the next lock's dependencies from the records down to it, and none
 * from another context's. */
static bool merged_outer_reached(const struct task_struct *task)
{
	unsigned int context = task_irq_context((struct task_struct *)task);

	for (int i = task->lockdep_depth - 1; i >= 0; i--) {
		const struct held_lock *hlock = &task->held_locks[i];

		if (hlock->irq_context != context || !hlock->trylock)
			return true;
	}
	return false;
}

/* How many outer locks go back, the live ones from the innermost, up to to records;
 * those released unseen since are forgotten. In a signal handler, only those it set
 * aside itself. */
static unsigned int merged_outer_count_back(unsigned int depth, unsigned int to)
{
	unsigned int back = 0, floor = signal_handler_running() ? merged->floor : 0;

	for (int i = merged->nr - 1; i >= 0 && depth + back < to && merged->outer > floor + back;
	     i--) {
		if (!merged->locks[i].outer)
			continue;
		if (merged_lock_live(&merged->locks[i]))
			back++;
		else
			merged_lock_drop(i);
	}
	return back;
}

/* The innermost back outer locks leave the list for records, in their order. */
static void merged_outer_take(unsigned int back, struct held_lock *records)
{
	unsigned int from = merged->nr, kept;

	for (unsigned int n = 0; n < back; n += merged->locks[from].outer)
		from--;
	kept = from;
	liblockdep_busy_begin();
	for (unsigned int i = from; i < merged->nr; i++) {
		if (merged->locks[i].outer)
			merged_lock_record(&merged->locks[i], records++);
		else
			merged->locks[kept++] = merged->locks[i];
	}
	merged->nr = kept;
	merged->outer -= back;
	liblockdep_busy_end();
}

/* The innermost outer locks back below lockdep's records, as many as go up to to
 * records. */
static void merged_outer_back_to(struct task_struct *task, unsigned int to)
{
	unsigned int depth = task->lockdep_depth, back;
	unsigned long flags;

	back = merged_outer_count_back(depth, to);
	if (!back)
		return;
	raw_local_irq_save(flags);
	memmove(&task->held_locks[back], &task->held_locks[0], depth * sizeof(struct held_lock));
	merged_outer_take(back, task->held_locks);
	merged_records_rekey(task, depth + back);
	raw_local_irq_restore(flags);
	merged_locks_trim();
}

/*
 * Before an acquisition, with outer locks set aside: when lockdep records few locks
 * (or, in the moment's context, only tried ones), the innermost outer ones go back
 * below them. So the next lock depends on the innermost held, as lockdep would have
 * it.
 */
static noinline void merged_outer_back(struct task_struct *task)
{
	if (READ_ONCE(debug_locks) &&
	    (task->lockdep_depth <= MERGED_OUTER_BACK_AT || !merged_outer_reached(task)))
		merged_outer_back_to(task, MERGED_OUTER_BACK_TO);
}

/*
 * A signal handler leaves the thread's records as it found them: the code it
 * interrupted may be half way through a lock call that read them (src/validate.c).
 * At its entry, the outer locks it finds stay set aside while it runs (the floor);
 * what it sets aside itself comes back as it returns, once it let go of its own
 * locks. The floor of the handler it interrupted is given back.
 */
static unsigned int merged_outer_enter(void)
{
	unsigned int floor = merged ? merged->floor : 0;

	if (merged)
		merged->floor = merged->outer;
	return floor;
}

static noinline void merged_outer_leave(unsigned int depth, unsigned int floor)
{
	struct task_struct *task = current;

	if (merged && merged->outer && task->lockdep_depth < depth)
		merged_outer_back_to(task, depth);
	if (merged)
		merged->floor = floor;
}

/* Each outer lock still held, the outermost first, as lockdep walks its records: a
 * copy of its record to fn, until fn returns false; false then. */
static bool merged_outer_each(bool (*fn)(struct held_lock *hlock, unsigned long arg),
			      unsigned long arg)
{
	for (unsigned int i = 0; merged && i < merged->nr; i++) {
		struct held_lock hlock = merged->locks[i].hlock;

		if (merged->locks[i].outer && merged_lock_live(&merged->locks[i]) && !fn(&hlock, arg))
			return false;
	}
	return true;
}

static bool dependency_keep(struct held_lock *prev, struct held_lock *next, u16 distance,
			    struct lock_trace **trace, bool irq_usage);

/* Whether a read of next's, that may recur, finds hlock, a read of its class held:
 * then lockdep adds no dependency for next (check_deadlock()). */
static bool merged_read_recurs(const struct held_lock *hlock, const struct held_lock *next)
{
	return hlock->class_idx == next->class_idx && hlock->read && next->read == 2;
}

static bool merged_outer_read_recurs_not(struct held_lock *hlock, unsigned long next)
{
	return !merged_read_recurs(hlock, (const struct held_lock *)next);
}

/* Whether lockdep's walk for next (check_prevs_add()) went through all its records
 * below it, each tried or unchecked and in next's context, on into the outer locks. */
static bool merged_outer_walked_into(const struct task_struct *task, const struct held_lock *next)
{
	for (const struct held_lock *hlock = task->held_locks; hlock < next; hlock++) {
		if (hlock->irq_context != next->irq_context || (hlock->check && !hlock->trylock) ||
		    merged_read_recurs(hlock, next))
			return false;
	}
	return merged_outer_each(merged_outer_read_recurs_not, (unsigned long)next);
}

/* Under the graph lock: whether prev -> next is in the graph with its kind. */
static bool merged_outer_dependency_known(struct held_lock *prev, struct held_lock *next)
{
	const struct lock_list *entry;

	list_for_each_entry(entry, &hlock_class(prev)->locks_after, entry)
		if (entry->class == hlock_class(next))
			return (entry->dep | calc_dep(prev, next)) == entry->dep;
	return false;
}

/*
 * After lockdep took next's dependencies from its records (next at its place above
 * them, recorded or not): when they were all tried, lockdep's walk would have gone on
 * down into the outer locks, adding a dependency on each tried one and on the first
 * one not tried in next's context, each after its cycle and irq-usage checks, whatever
 * number of tried locks lies between. Those are added here, in that order, and kept
 * through a report of theirs as lockdep's own are (src/kept_dependencies.c). Lockdep
 * does so only for a new chain; the outer locks are no part of its chain, so each is
 * looked at every time, and one already in the graph with its kind is passed over,
 * as its checks were made when it came (and those of each lock's usage since).
 */
static noinline void merged_outer_dependencies(struct task_struct *task, struct held_lock *next)
{
	unsigned int distance = next - task->held_locks;
	struct lock_trace *trace = NULL;
	unsigned long flags;

	if (next->trylock || !next->check || !merged_outer_walked_into(task, next) ||
	    !READ_ONCE(debug_locks))
		return;
	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	if (!graph_lock())
		goto out;
	for (int i = merged->nr - 1; i >= 0; i--) {
		struct held_lock prev = merged->locks[i].hlock;

		if (!merged->locks[i].outer || !merged_lock_live(&merged->locks[i]))
			continue;
		distance++;
		if (prev.irq_context != next->irq_context)
			break;
		if (!prev.check)
			continue;
		/* None of a class on itself, as dependencies_keep() adds none. */
		if (prev.class_idx != next->class_idx && !merged_outer_dependency_known(&prev, next) &&
		    !dependency_keep(&prev, next, min(distance, (unsigned int)UINT16_MAX), &trace,
				     true))
			goto out;
		if (!prev.trylock)
			break;
	}
	graph_unlock();
out:
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
}

/* The records lockdep's list of held locks has yet to number, and by how much more;
 * whether a line of it is being printed here. */
static __thread struct {
	unsigned int left, shift;
	bool printing;
} merged_listing;

static bool merged_outer_list(struct held_lock *hlock, unsigned long number)
{
	printk(" #%d: ", (*(int *)number)++);
	print_lock(hlock);
	return true;
}

static bool merged_outer_count(struct held_lock *hlock, unsigned long count)
{
	(void)hlock;
	(*(int *)count)++;
	return true;
}

/*
 * printk()'s: lockdep's list of the thread's held locks (lockdep_print_held_locks(),
 * whoever prints it) shows the outer locks too, below its records as they are held,
 * numbered on into the records, so that every report lists every lock held, in
 * order. True when the line is printed here. Outer locks are the thread's own: the
 * list of another thread shows its records only.
 */
static noinline bool merged_held_locks_print(const char *fmt, va_list ap)
{
	int depth = 0, outer = 0, number = 0, pid;
	const char *comm;
	va_list args;

	if (likely(!merged_outer_held()) || merged_listing.printing)
		return false;
	va_copy(args, ap);
	if (!strcmp(fmt, " #%d: ") && merged_listing.left) {
		merged_listing.left--;
		merged_listing.printing = true;
		printk(" #%d: ", va_arg(args, int) + merged_listing.shift);
		merged_listing.printing = false;
		va_end(args);
		return true;
	}
	if (!strcmp(fmt, "%d lock%s held by %s/%d:\n")) {
		depth = va_arg(args, int);
		va_arg(args, const char *);
	} else if (strcmp(fmt, "no locks held by %s/%d.\n")) {
		va_end(args);
		return false;
	}
	comm = va_arg(args, const char *);
	pid = va_arg(args, int);
	va_end(args);
	if (pid != current->pid)
		return false;
	merged_outer_each(merged_outer_count, (unsigned long)&outer);
	if (!outer)
		return false;
	merged_listing.printing = true;
	printk("%d lock%s held by %s/%d:\n", depth + outer, str_plural(depth + outer), comm, pid);
	merged_outer_each(merged_outer_list, (unsigned long)&number);
	merged_listing.printing = false;
	merged_listing.left = depth;
	merged_listing.shift = number;
	return true;
}

static bool merged_outer_mark(struct held_lock *hlock, unsigned long base_bit)
{
	return !hlock->check ||
	       mark_lock(current, hlock, base_bit + (hlock->read ? LOCK_USAGE_READ_MASK : 0));
}

/*
 * Interrupts coming on mark the locks held as taken with interrupts on (lockdep's
 * mark_held_locks()): those set aside too, before lockdep's records, as they lie
 * below them. So a signal handler that takes one is lockdep's inconsistent lock
 * state. False when a mark was reported: lockdep's marking stops at its first
 * report. Lockdep's interrupts off, still.
 */
static noinline bool merged_outer_irqs_on(void)
{
	bool marked;

	if (!READ_ONCE(debug_locks) || lockdep_hardirqs_enabled() || lockdep_hardirq_context())
		return true;
	lockdep_recursion_inc();
	marked = merged_outer_each(merged_outer_mark, LOCK_ENABLED_HARDIRQ) &&
		 (!current->softirqs_enabled ||
		  merged_outer_each(merged_outer_mark, LOCK_ENABLED_SOFTIRQ));
	lockdep_recursion_finish();
	return marked;
}

/*
 * Lockdep's wait-context check (check_wait_context()) over the locks set aside: the
 * strictest wait type held in the moment's context, down from the innermost record
 * and on through the outer locks while they are of that context. When an outer lock
 * is what forbids e (a mutex taken while a spin lock set aside is held), lockdep's
 * report, with that lock shown below its records as it is held; the acquisition
 * goes on, as after a report of lockdep's.
 */
static noinline void merged_outer_wait_context(struct lock_entry *e, unsigned int subclass,
					       int read, int trylock, unsigned long ip)
{
	struct task_struct *task = current;
	unsigned int context = task_irq_context(task), depth = task->lockdep_depth;
	u8 outer = e->map.wait_type_outer ?: e->map.wait_type_inner;
	short inner = task_wait_context(task);
	const struct merged_lock *culprit = NULL;
	struct lock_class *class;
	struct held_lock next;
	unsigned long flags;
	bool strict = false;
	int i;

	if (!merged->strict || !e->map.wait_type_inner || trylock || !READ_ONCE(debug_locks))
		return;
	for (i = depth - 1; i >= 0; i--) {
		struct held_lock *hlock = &task->held_locks[i];

		if (hlock->irq_context != context)
			return;
		if (hlock_class(hlock)->wait_type_inner)
			inner = min_t(short, inner, hlock_class(hlock)->wait_type_inner);
	}
	if (outer > inner)
		return;		/* lockdep's own check reports it */
	for (i = merged->nr - 1; i >= 0; i--) {
		const struct merged_lock *m = &merged->locks[i];

		if (!m->outer || !merged_lock_live(m))
			continue;
		if (m->hlock.irq_context != context)
			break;
		if (!merged_lock_strict(m))
			continue;
		strict = true;
		if (lock_classes[m->hlock.class_idx].wait_type_inner < inner) {
			inner = lock_classes[m->hlock.class_idx].wait_type_inner;
			culprit = m;
		}
	}
	if (i < 0)
		merged->strict = strict;	/* none left: no walk until one is set aside */
	if (!culprit || outer <= inner)
		return;
	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	class = register_lock_class(&e->map, subclass, 0);
	if (class) {
		next = (struct held_lock){ .acquire_ip = ip, .instance = &e->map,
					   .class_idx = class - lock_classes, .read = read,
					   .irq_context = context, .check = 1 };
		/* Lockdep's array has room for one more above its records: the outer
		 * lock is shown below them for the report. */
		memmove(&task->held_locks[1], &task->held_locks[0], depth * sizeof(next));
		task->held_locks[0] = culprit->hlock;
		task->lockdep_depth = depth + 1;
		print_lock_invalid_wait_context(task, &next);
		task->lockdep_depth = depth;
		memmove(&task->held_locks[0], &task->held_locks[1], depth * sizeof(next));
	}
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
	liblockdep_report_end();
}

/* A merged lock of hlock's class and mode, still held: its place in the list, or -1. */
static int merged_lock_like(const struct held_lock *hlock)
{
	for (int i = merged->nr - 1; i >= 0; i--) {
		const struct merged_lock *m = &merged->locks[i];

		if (m->hlock.class_idx != hlock->class_idx || m->hlock.read != hlock->read ||
		    m->hlock.irq_context != hlock->irq_context)
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
	hlock->acquire_ip = m->hlock.acquire_ip;
	if (keep) {
		merged->outer -= m->outer;
		*m = (struct merged_lock){
			.hlock = { .acquire_ip = ip, .instance = &e->map,
				   .class_idx = hlock->class_idx, .read = hlock->read, .check = 1 },
			.e = e, .serial = e->serial };
	}
	liblockdep_busy_end();
	if (!keep)
		merged_lock_drop(i);
}

/*
 * Before lockdep's release of e, whose record, if any, is at pos: true when the
 * release is done here. A merged lock just goes; the record of a lock below the
 * innermost goes to a merged lock of its class and mode, when there is one.
 */
static noinline bool merged_lock_release(struct lock_entry *e, int pos)
{
	struct task_struct *task = current;
	bool done = false;
	int i;

	if (pos < 0) {
		for (i = merged->nr - 1; i >= 0 && !done; i--) {
			if (merged->locks[i].e == e) {
				merged_lock_drop(i);
				done = true;
			}
		}
	} else if (pos != task->lockdep_depth - 1 &&
		   (i = merged_lock_like(&task->held_locks[pos])) >= 0) {
		merged_lock_swap(&task->held_locks[pos], i, false);
		done = true;
	}
	merged_locks_trim();
	return done;
}

/* A merged lock in memory about to go: the record of its class that it takes over,
 * or one set aside, as it was (in *aside), to be reported as a held lock freed; or
 * NULL. */
static struct held_lock *merged_lock_in(const void *from, unsigned long len,
					struct held_lock *aside)
{
	struct task_struct *task = current;

	for (unsigned int i = 0; i < merged->nr; i++) {
		const struct merged_lock *m = &merged->locks[i];

		if ((unsigned long)READ_ONCE(m->e->lock) - (unsigned long)from >= len ||
		    !merged_lock_live(m))
			continue;
		if (m->outer) {
			merged_lock_record(m, aside);
			return aside;
		}
		for (int pos = task->lockdep_depth - 1; pos >= 0; pos--) {
			struct held_lock *hlock = &task->held_locks[pos];

			if (hlock->class_idx == m->hlock.class_idx && hlock->read == m->hlock.read) {
				merged_lock_swap(hlock, i, true);
				return hlock;
			}
		}
	}
	return NULL;
}
