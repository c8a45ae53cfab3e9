/*
 * A per-thread fast path in front of lockdep. Once lockdep has recorded an acquisition
 * in a situation, doing nothing but bookkeeping (the chain was in its cache, the usage
 * bits were set, the wait context was fine, nothing was reported), it does exactly the
 * same bookkeeping for the same situation again, because everything its decision reads
 * only ever grows until a class is zapped: usage bits, cached chains, dependencies. The
 * fast path remembers, per thread, what lockdep wrote then (the new chain key and the
 * held_lock's bit fields) and writes it itself the next time, into lockdep's own
 * held-lock stack, without calling lockdep; the release of the innermost held lock
 * likewise. Since the records are lockdep's own, written as lockdep writes them, every
 * view of held locks (reports, assert_held, thread exit, free checks, fork, another
 * thread's dump, a signal handler's irq transitions) sees the truth at all times:
 * nothing is deferred, nothing is handed over, and reports stay byte for byte the same.
 *
 * The situation is what __lock_acquire() reads for a known chain: the chain key of the
 * held locks (their classes in order, since the last irq-context change), the depth,
 * the new lock's class, read and try mode, and the interrupt state it records
 * (hardirqs_off). Only task context is handled (hard-irq context, a signal handler,
 * changes the wait context and usage bits: lockdep decides each time), and only when
 * the innermost held lock was taken in task context too (else lockdep starts a new
 * chain). Softirqs do not exist here (linux/sched.h): softirq_context and
 * softirqs_enabled stay 0. A zap (a class key unregistered, a code range freed) can
 * remove chains and reuse classes: lockdep counts every zapped class, and a thread's
 * remembered steps are only used while that count is the one they were learned at.
 *
 * The held locks below the new one are not read: what lockdep decides from them is in
 * the chain key. One of them released unseen (by unchecked code, or another thread)
 * stays recorded until the thread next calls lockdep (src/validate.c,
 * held_locks_catch_up()), which adds nothing lockdep did not record when it learned
 * the step with locks of those classes held. So a nest of any depth costs the same
 * per lock.
 *
 * -DLIBLOCKDEP_NO_FAST_PATH builds without it (every call goes to lockdep), for
 * comparison; tests/run.sh runs every scenario that way too (FAST_PATH=off).
 */
#ifndef LIBLOCKDEP_NO_FAST_PATH
#define LIBLOCKDEP_FAST_PATH 1
#else
#define LIBLOCKDEP_FAST_PATH 0
#endif

/* One acquisition lockdep recorded: what it started from and what it wrote. */
struct fast_path_step {
	u64 chain_key;			/* the thread's chain key before */
	const struct lock_class *class;
	u64 next_chain_key;		/* after */
	u32 bits;			/* the held_lock's bit-field word (pin_count is 0) */
	u32 mode;			/* depth, read, trylock, hardirqs_off */
};

/*
 * The thread's steps: buckets of two, a cache line each. A step is learned into a free
 * place of its bucket, else of its other bucket (a second hash), and the table doubles
 * when both are full, so that a program's working set of steps fits however many
 * classes and chains it has: the inline path looks in the first bucket, the slow way
 * in both. A thread that has learned nothing uses an empty table of two buckets.
 */
#define FAST_PATH_STEPS_MIN		64		/* buckets when first needed */
#define FAST_PATH_STEPS_MAX		(1UL << 20)	/* at most (lockdep's chains are
							 * 65,536) */

#define FAST_PATH_BUCKET_BYTES		64
_Static_assert(sizeof(struct fast_path_step[2]) == FAST_PATH_BUCKET_BYTES,
	       "a bucket of two steps is a cache line");

struct fast_path_steps {
	unsigned long offsets;		/* (buckets - 1) * 64: a bucket's offset, from a hash */
	unsigned long used;
	struct fast_path_step bucket[][2];
};

/* The empty table: room for its header and two buckets. */
static const union {
	struct fast_path_steps t;
	char room[sizeof(struct fast_path_steps) + 2 * FAST_PATH_BUCKET_BYTES];
} fast_path_no_steps = { .t.offsets = FAST_PATH_BUCKET_BYTES };

/*
 * The thread's, in its task (linux/sched.h): its steps, nr_zapped_classes they were
 * learned at, and whether it is past its exit hook (it learns no more). It starts
 * with the empty table.
 */
#define FAST_PATH_NONE_LEARNED	{ .steps = (struct fast_path_steps *)&fast_path_no_steps.t }

/* The last 8 bytes of a held_lock: the bit fields' word, then pin_count. */
#define HELD_LOCK_TAIL(hlock)	((char *)(hlock) + sizeof(struct held_lock) - sizeof(u64))
_Static_assert(offsetof(struct held_lock, pin_count) == sizeof(struct held_lock) - sizeof(u32),
	       "struct held_lock ends with its bit fields and pin_count");

/* The trylock bit of a mode: the call's own (siblings_shown() may record a lock it
 * waited for as a trylock). */
#define FAST_PATH_MODE_TRYLOCK	(1U << 8)

static __always_inline u32 fast_path_mode(unsigned int depth, int read, int trylock)
{
	/* depth < 64: lockdep turns itself off when it reaches MAX_LOCK_DEPTH (63).
	 * hardirqs_off is lock_acquire()'s irqs_disabled_flags(flags), flags being
	 * liblockdep_irqs_off, 0 here (fast_path_usable()); liblockdep_signals_off is
	 * that and SIGNALS_PENDING (src/handler_usage.c), bits 9 and 10. */
	return depth | (u32)read << 6 | (u32)trylock << 8 | (u32)liblockdep_signals_off << 9;
}

/*
 * A situation's hash, no multiplication: lockdep's chain keys are jhash mixes, good in
 * every bit, and class structures lie hundreds of bytes apart, so that at depth 0
 * (one chain key) classes still spread. Its bits from the 6th give the first
 * bucket's offset, masked (one instruction on the inline path), from the 16th the
 * other's.
 */
static __always_inline u64 fast_path_hash(u64 chain_key, const struct lock_class *class, u32 mode)
{
	return chain_key ^ (unsigned long)class ^ mode;
}

static __always_inline struct fast_path_step *fast_path_bucket(const struct fast_path_steps *t,
							       u64 hash)
{
	return (struct fast_path_step *)((char *)t->bucket + (hash & t->offsets));
}

static __always_inline struct fast_path_step *fast_path_bucket_other(const struct fast_path_steps *t,
								     u64 hash)
{
	return (struct fast_path_step *)((char *)t->bucket + ((hash >> 10) & t->offsets));
}

static __always_inline bool fast_path_step_is(const struct fast_path_step *step, u64 chain_key,
					      const struct lock_class *class, u32 mode)
{
	return step->chain_key == chain_key && step->class == class && step->mode == mode;
}

/* The step learned for a situation, if any. An unused step (all zero) matches
 * nothing: at depth 0 the chain key is INITIAL_CHAIN_KEY, not 0; a class not cached
 * yet (NULL) was never learned. */
static __always_inline const struct fast_path_step *fast_path_step_find(u64 chain_key,
									const struct lock_class *class,
									u32 mode, bool both_buckets)
{
	u64 hash = fast_path_hash(chain_key, class, mode);
	const struct fast_path_step *step = fast_path_bucket(current->fast_path.steps, hash);

	if (!fast_path_step_is(step, chain_key, class, mode) &&
	    !fast_path_step_is(++step, chain_key, class, mode)) {
		if (!both_buckets)
			return NULL;
		step = fast_path_bucket_other(current->fast_path.steps, hash);
		if (!fast_path_step_is(step, chain_key, class, mode) &&
		    !fast_path_step_is(++step, chain_key, class, mode))
			return NULL;
	}
	return step;
}

/*
 * Lockdep would run (lockdep_enabled()), in task context, without statistics. An
 * acquisition gets here only from a wrapper, with the thread not busy in liblockdep
 * (liblockdep_check_now()): outside every section of lockdep's "interrupts off", so
 * liblockdep_irqs_off is 0 (a signal that interrupts such a section waits until it
 * ends, src/signals.c).
 */
static __always_inline bool fast_path_usable(const struct task_struct *task, unsigned int depth)
{
	return LIBLOCKDEP_FAST_PATH && lockdep_enabled() && !lock_stat_enabled() &&
	       !lockdep_hardirq_context() &&
	       (!depth || !task->held_locks[depth - 1].irq_context);
}

/*
 * lock_acquire(map, subclass, trylock, read, 1, NULL, ip) done here when lockdep did
 * only bookkeeping for it before. The thread counts as busy while the record is
 * written: a signal coming in between waits until it is (src/signals.c).
 *
 * Called with the thread's gate open (liblockdep_gate_open(), src/validate.c), which
 * stands for every other condition of fast_path_usable(): no handler runs
 * (src/signals.c clears entry_ready as one begins, and only an entry with no handler
 * frame left sets it again), so task context; lockdep on and outside its own
 * sections; no statistics; no lock a handler took held, so the innermost held lock
 * was taken in task context (else lockdep starts a new chain); and the steps learned
 * since the last zap (liblockdep_prepare_entry() forgets them). Without
 * both_buckets, the step is looked for in its first bucket only: a path with no call
 * has registers for no more (the caller's slow way looks in both).
 */
static __always_inline bool fast_path_acquire(struct lockdep_map *map, unsigned int subclass,
					      int read, int trylock, unsigned long ip,
					      bool both_buckets)
{
	struct task_struct *task = current;
	unsigned int depth = task->lockdep_depth;
	const struct fast_path_step *step;
	const struct lock_class *class;
	struct held_lock *hlock;
	u64 tail;

	if (!LIBLOCKDEP_FAST_PATH || subclass >= NR_LOCKDEP_CACHING_CLASSES)
		return false;
	class = READ_ONCE(map->class_cache[subclass]);
	step = fast_path_step_find(task->curr_chain_key, class,
				   fast_path_mode(depth, read, trylock), both_buckets);
	if (!step)
		return false;
	fast_path_busy_begin();
	/* depth and chain_key read again (after the barrier), rather than kept in
	 * registers that would have to be saved. */
	depth = task->lockdep_depth;
	hlock = &task->held_locks[depth];
	/* CONFIG_LOCK_STAT's time stamps are left as they are: only read with statistics
	 * on, and then lockdep writes every record itself. */
	tail = step->bits;
	memcpy(HELD_LOCK_TAIL(hlock), &tail, sizeof(tail));
	/* One store each: GCC would pair these two through a vector register. */
	WRITE_ONCE(hlock->prev_chain_key, task->curr_chain_key);
	WRITE_ONCE(hlock->acquire_ip, ip);
	hlock->instance = map;
	hlock->nest_lock = NULL;
	task->curr_chain_key = step->next_chain_key;
	task->lockdep_depth = depth + 1;
	fast_path_busy_end();
	return true;
}

/*
 * The process-wide switches the fast path depends on are not tested on its way: each
 * thread's entry_ready stands for them (liblockdep_gate_open(), src/validate.c).
 * liblockdep_prepare_entry() (src/signals.c) sets it only when fast_path_allowed(),
 * and a change of one of them clears it on every thread, its own at once and the
 * others' under live_tasks_mutex, as a change of the handled signals does
 * (fast_path_switch_changed()). So a change takes effect on every thread at once:
 *  - once the change's call has returned, each thread's next lock or unlock finds its
 *    gate shut and takes the slow way, which reads the switches themselves. A thread
 *    already past its gate's test finishes that one step, as it would had the change
 *    come a moment later (the fast path used to read the switch a few instructions
 *    before its stores, with the same window);
 *  - a thread that prepares meanwhile reads fast_path_switches before the switches
 *    and again after it has set entry_ready; a change bumps it before it clears the
 *    flags, so either the clearing comes after the store, or the second read sees the
 *    bump and the thread clears its own flag (both sequentially consistent);
 *  - a zap: every flag is cleared before lockdep removes a class, and none is set
 *    while a zap is under way (fast_path_zaps); after it, a thread's preparation
 *    forgets the steps learned before (they may name chains and classes gone);
 *  - lockdep turning itself off (out of capacity) does so inside its own work, where
 *    live_tasks_mutex may be taken already: the other threads' flags are cleared as
 *    the thread leaves liblockdep, a few microseconds later, and meanwhile their
 *    steps are ones lockdep took before it turned off, which no program can tell
 *    apart;
 *  - fork()'s child: the forking thread, alone, prepares again (a change whose
 *    clearing was left to a thread that is not in the child would be lost), and no
 *    zap is under way (fork() holds the graph lock, under which lockdep zaps).
 */
static unsigned int fast_path_switches;
static unsigned int fast_path_zaps;

static void handled_signals_tell_threads(void);
static void entry_tell_threads(void);

/* A switch changed (checking, lockdep on): every thread's entry prepares again. */
static void fast_path_switch_changed(void)
{
	__atomic_add_fetch(&fast_path_switches, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&current->entry_ready, false, __ATOMIC_SEQ_CST);
	entry_tell_threads();
}

/*
 * Around lockdep's zap of classes (a key unregistered, a range of code or keys
 * freed). The callers hold none of liblockdep's mutexes: the zap takes the graph lock
 * and waits for a grace period, so no lock below those (live_tasks_mutex) can be held.
 */
static void fast_path_zap_begin(void)
{
	__atomic_add_fetch(&fast_path_zaps, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&fast_path_switches, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&current->entry_ready, false, __ATOMIC_SEQ_CST);
	handled_signals_tell_threads();
}

static void fast_path_zap_end(void)
{
	__atomic_sub_fetch(&fast_path_zaps, 1, __ATOMIC_SEQ_CST);
}

static void fast_path_steps_forget(void);

/* Whether a lock a signal handler took is held: lockdep starts a new chain on it, and
 * a release may leave it innermost. */
static bool fast_path_handler_lock_held(const struct task_struct *task)
{
	for (int i = 0; i < task->lockdep_depth; i++)
		if (task->held_locks[i].irq_context)
			return true;
	return false;
}

/*
 * Whether the switches allow the fast path, for liblockdep_prepare_entry(), with no
 * handler frame: checking and lockdep on, no zap under way, no statistics (read once,
 * before the first entry, src/settings.c), no handler's lock held. The steps learned
 * before a zap go here.
 */
static bool fast_path_allowed(struct task_struct *task)
{
	unsigned long zapped;

	if (!READ_ONCE(liblockdep_checking) || !READ_ONCE(debug_locks) || lock_stat_enabled() ||
	    __atomic_load_n(&fast_path_zaps, __ATOMIC_SEQ_CST) ||
	    fast_path_handler_lock_held(task))
		return false;
	real_ready_resolve();
	zapped = READ_ONCE(nr_zapped_classes);
	if (current->fast_path.zapped != zapped) {
		fast_path_steps_forget();
		current->fast_path.zapped = zapped;
	}
	return true;
}

/* The thread's steps may not be used again: its next entry prepares, and forgets them
 * (the count they were learned at matches no zap count). */
static void fast_path_steps_stale(void)
{
	current->fast_path.zapped = ~0UL;
	current->entry_ready = false;
}

/* fork(), in the child: see above. */
static void fast_path_fork_child(void)
{
	fast_path_zaps = 0;
	current->entry_ready = false;
}

/* Looking in both buckets, for the slow way: out of line, so that its registers are
 * not saved on the way to lockdep, whose reports need the stack. */
static noinline bool fast_path_acquire_anywhere(struct lockdep_map *map, unsigned int subclass,
						int read, int trylock, unsigned long ip)
{
	return fast_path_acquire(map, subclass, read, trylock, ip, true);
}

/* The index of the table's last bucket. */
static unsigned long fast_path_steps_last(const struct fast_path_steps *t)
{
	return t->offsets / FAST_PATH_BUCKET_BYTES;
}

static size_t fast_path_steps_bytes(unsigned long buckets)
{
	return sizeof(struct fast_path_steps) + buckets * sizeof(struct fast_path_step[2]);
}

/* Puts step into a free place of one of its buckets in t; false if both are full. */
static bool fast_path_steps_put(struct fast_path_steps *t, const struct fast_path_step *step)
{
	u64 hash = fast_path_hash(step->chain_key, step->class, step->mode);
	struct fast_path_step *buckets[2] = {
		fast_path_bucket(t, hash), fast_path_bucket_other(t, hash),
	};

	for (int b = 0; b < 2; b++) {
		for (int i = 0; i < 2; i++) {
			struct fast_path_step *place = &buckets[b][i];

			if (place->class && !fast_path_step_is(place, step->chain_key, step->class,
							       step->mode))
				continue;
			t->used += !place->class;
			*place = *step;
			return true;
		}
	}
	return false;
}

/* A table of that many buckets, holding the steps of old; NULL when memory
 * runs out. A step that finds no place in it is left out, to be learned again. */
static struct fast_path_steps *fast_path_steps_copy(const struct fast_path_steps *old,
						    unsigned long buckets)
{
	struct fast_path_steps *t = liblockdep_pages_alloc(fast_path_steps_bytes(buckets));

	if (!t)
		return NULL;
	t->offsets = (buckets - 1) * FAST_PATH_BUCKET_BYTES;
	for (unsigned long b = 0; b <= fast_path_steps_last(old); b++)
		for (int i = 0; i < 2; i++)
			if (old->bucket[b][i].class)
				fast_path_steps_put(t, &old->bucket[b][i]);
	return t;
}

static void fast_path_steps_free(struct fast_path_steps *t)
{
	if (t != &fast_path_no_steps.t)
		liblockdep_pages_free(t, fast_path_steps_bytes(fast_path_steps_last(t) + 1));
}

/*
 * Learns a step, the table doubled while both its buckets are full. The table is
 * the thread's own: a signal handler never reads it (the fast path runs with the
 * thread's entry ready, and learns in task context only).
 */
static void fast_path_steps_add(const struct fast_path_step *step)
{
	struct fast_path_steps *t = current->fast_path.steps, *bigger;

	if (current->fast_path.retired)
		return;
	while (t == &fast_path_no_steps.t || !fast_path_steps_put(t, step)) {
		if (fast_path_steps_last(t) + 1 >= FAST_PATH_STEPS_MAX)
			return;
		bigger = fast_path_steps_copy(t, t == &fast_path_no_steps.t ?
					      FAST_PATH_STEPS_MIN : 2 * (fast_path_steps_last(t) + 1));
		if (!bigger)
			return;
		current->fast_path.steps = bigger;
		fast_path_steps_free(t);
		t = bigger;
	}
}

/* Every step goes (a zap): each may name a chain or a class that is gone. */
static void fast_path_steps_forget(void)
{
	struct fast_path_steps *t = current->fast_path.steps;

	if (t == &fast_path_no_steps.t)
		return;
	memset(t->bucket, 0, fast_path_steps_bytes(fast_path_steps_last(t) + 1) - sizeof(*t));
	t->used = 0;
}

/* The thread's exit: its table is given back, and no step is learned after it. */
static void fast_path_thread_exit(void)
{
	struct fast_path_steps *t = current->fast_path.steps;

	current->fast_path.retired = true;
	current->fast_path.steps = (struct fast_path_steps *)&fast_path_no_steps.t;
	fast_path_steps_free(t);
}

/* Whether the thread holds another lock of the class, or of a sibling of it
 * (src/lock_makers.c), below depth: every such acquisition waited for goes to the
 * instance check (src/instance_nesting.c), never the fast path, which would only see
 * the class. A trylock adds no edge there, and lockdep checks nothing of it against
 * the held locks (validate_chain()): whichever lock of the class it takes, lockdep
 * does the same bookkeeping, which the fast path may repeat (std::lock() tries the
 * second of two shards of one class while it holds the first). */
static bool fast_path_class_held(const struct task_struct *task, unsigned int depth,
				 const struct held_lock *hlock)
{
	for (unsigned int i = 0; i < depth; i++) {
		const struct held_lock *held = &task->held_locks[i];

		if (held->class_idx == hlock->class_idx ||
		    (lock_classes[held->class_idx].subclass == lock_classes[hlock->class_idx].subclass &&
		     lock_sites_siblings(held->instance->key, hlock->instance->key)))
			return true;
	}
	return false;
}

/*
 * After lockdep recorded an acquisition from the state (chain_key, depth, mode), with
 * no report: remembers what it wrote, when the situation is one the fast path knows.
 */
static void fast_path_learn(struct lockdep_map *map, unsigned int subclass, u64 chain_key,
			    unsigned int depth, u32 mode)
{
	struct task_struct *task = current;
	const struct lock_class *class = READ_ONCE(map->class_cache[subclass]);
	const struct held_lock *hlock = &task->held_locks[depth];
	struct fast_path_step step;
	unsigned long zapped = READ_ONCE(nr_zapped_classes);
	u64 tail;

	if (subclass >= NR_LOCKDEP_CACHING_CLASSES || !fast_path_usable(task, depth) ||
	    task->lockdep_depth != depth + 1 || !class ||
	    hlock->class_idx != class - lock_classes || hlock->instance != map ||
	    hlock->nest_lock || hlock->references || hlock->pin_count ||
	    hlock->prev_chain_key != chain_key || hlock->irq_context ||
	    (!(mode & FAST_PATH_MODE_TRYLOCK) && fast_path_class_held(task, depth, hlock)))
		return;
	if (current->fast_path.zapped != zapped) {
		fast_path_steps_forget();
		current->fast_path.zapped = zapped;
	}
	memcpy(&tail, HELD_LOCK_TAIL(hlock), sizeof(tail));
	step.chain_key = chain_key;
	step.class = class;
	step.next_chain_key = task->curr_chain_key;
	step.bits = (u32)tail;
	step.mode = mode;
	fast_path_steps_add(&step);
}

/*
 * lock_release() of the innermost held lock (hlock, at depth - 1), when lockdep would
 * only pop it (__lock_release(): found on top, no references, not pinned). The chain
 * key goes back first: a signal handler coming in between sees the lock still held
 * with the chain key before it, which its own locks never use (they start a chain
 * of their own, in hard-irq context) and restore as they found it. With the gate
 * open, as for fast_path_acquire(): lockdep on and outside its sections, no
 * statistics.
 */
static __always_inline bool fast_path_pop(struct task_struct *task, const struct held_lock *hlock,
					  unsigned int depth)
{
	if (!LIBLOCKDEP_FAST_PATH || hlock->references || hlock->pin_count)
		return false;
	WRITE_ONCE(task->curr_chain_key, hlock->prev_chain_key);
	barrier();
	WRITE_ONCE(task->lockdep_depth, depth - 1);
	return true;
}

/* lock_release(map, ip), when map is the innermost held lock and lockdep would only pop it. */
static __always_inline bool fast_path_release(const struct lockdep_map *map)
{
	struct task_struct *task = current;
	unsigned int depth = task->lockdep_depth;

	return depth && task->held_locks[depth - 1].instance == map &&
	       fast_path_pop(task, &task->held_locks[depth - 1], depth);
}

/*
 * lock_release() of the lock just below the innermost (std::scoped_lock releases two
 * mutexes in the order it took them). Lockdep pops both and takes the innermost
 * again where the released one was (reacquire_held_locks()): __lock_acquire() with
 * the innermost's own fields, in the released lock's situation. When the fast path
 * has that step, learned with exactly these fields (bits), lockdep would do that
 * step's bookkeeping again: done here. The caller has checked that the innermost is
 * still held (lockdep takes it again) and that no lock is set aside past the depth
 * limit. Task context only, as the fast path's acquisitions: the lock below the
 * released one, if any, too (else lockdep starts a new chain). A release's slow way
 * has not tested the thread's gate, so the conditions it stands for are tested here,
 * the steps' zap count among them.
 */
static bool fast_path_release_below(struct task_struct *task, unsigned int depth)
{
	struct held_lock *below = &task->held_locks[depth - 2], *top = below + 1;
	const struct fast_path_step *step;
	u64 tail;

	if (below->references || below->pin_count || top->nest_lock ||
	    !fast_path_usable(task, depth - 2) ||
	    current->fast_path.zapped != READ_ONCE(nr_zapped_classes))
		return false;
	step = fast_path_step_find(below->prev_chain_key, &lock_classes[top->class_idx],
				   fast_path_mode(depth - 2, top->read, top->trylock), true);
	memcpy(&tail, HELD_LOCK_TAIL(top), sizeof(tail));
	/* Equal bits: no references, not pinned, lockdep's own hardirqs_off. */
	if (!step || tail != step->bits)
		return false;
	fast_path_busy_begin();
	WRITE_ONCE(below->acquire_ip, top->acquire_ip);
	below->instance = top->instance;
	below->nest_lock = NULL;
	memcpy(HELD_LOCK_TAIL(below), &tail, sizeof(tail));
	task->curr_chain_key = step->next_chain_key;
	task->lockdep_depth = depth - 1;
	fast_path_busy_end();
	return true;
}

/*
 * After lockdep released the lock below the innermost and took the innermost again
 * at depth, with no report: the step of that re-acquisition, which
 * fast_path_release_below() and a new acquisition in the same situation repeat. Only
 * when its arguments were those of a new one (checked, lockdep's hardirqs_off now).
 */
static void fast_path_learn_reacquired(unsigned int depth)
{
	const struct task_struct *task = current;
	const struct held_lock *hlock = &task->held_locks[depth];
	const struct lock_class *class = &lock_classes[hlock->class_idx];

	if (task->lockdep_depth != depth + 1 || !hlock->check ||
	    hlock->hardirqs_off != (liblockdep_signals_off & 1))
		return;
	fast_path_learn(hlock->instance, class->subclass, hlock->prev_chain_key, depth,
			fast_path_mode(depth, hlock->read, hlock->trylock));
}
