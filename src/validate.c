/*
 * The way from a pthread wrapper into lockdep. Each entry sets the thread up on first
 * use, remembers where in the user's code it was called from (traces start there),
 * and publishes any report lockdep started. errno is the user's: the fast path never
 * touches it, and each slow path that might (allocation, output, the first call of a
 * thread) saves and restores it where it happens.
 */
struct lock_origin {
	const void *lock;
	unsigned long ip;
	enum lock_kind kind;
	bool init_call;		/* initialised by a call at ip, rather than first used there */
	int read_mode;
};

static const char *const lock_kind_names[] = {
	[LOCK_KIND_MUTEX] = "mutex",
	[LOCK_KIND_RWLOCK] = "rwlock",
	[LOCK_KIND_SPIN] = "spinlock",
	[LOCK_KIND_MAP] = "lock",
	[LOCK_KIND_ONCE] = "once",
	[LOCK_KIND_SEMAPHORE] = "semaphore",
};

/* For a lock in an array, its index (src/lock_sites.c). */
static const size_t lock_kind_sizes[] = {
	[LOCK_KIND_MUTEX] = sizeof(pthread_mutex_t),
	[LOCK_KIND_RWLOCK] = sizeof(pthread_rwlock_t),
	[LOCK_KIND_SPIN] = sizeof(pthread_spinlock_t),
	[LOCK_KIND_MAP] = sizeof(struct liblockdep_map),
	[LOCK_KIND_ONCE] = sizeof(pthread_once_t),
	[LOCK_KIND_SEMAPHORE] = sizeof(sem_t),
};

/*
 * Wait types. Blocking locks sleep; spin locks spin, and must not be held across a
 * sleep. A blocking lock may also be taken in a signal handler: blocking there is
 * legal (the thread waits, others run), and what can go wrong, a self-deadlock with
 * the interrupted code, is what lockdep's irq-state checks find. So a handler is
 * lockdep's threaded hard-irq context (src/signals.c), whose wait context is
 * LD_WAIT_CONFIG, and LD_WAIT_CONFIG is a blocking lock's outer wait type: it may be
 * taken there, still not under a spin lock, and may sleep while held.
 */
static const u8 lock_kind_wait_types[] = {
	[LOCK_KIND_MUTEX] = LD_WAIT_SLEEP,
	[LOCK_KIND_RWLOCK] = LD_WAIT_SLEEP,
	[LOCK_KIND_SPIN] = LD_WAIT_SPIN,
	[LOCK_KIND_MAP] = LD_WAIT_INV,
	[LOCK_KIND_ONCE] = LD_WAIT_INV,
	[LOCK_KIND_SEMAPHORE] = LD_WAIT_SLEEP,
};

static const u8 lock_kind_outer_wait_types[] = {
	[LOCK_KIND_MUTEX] = LD_WAIT_CONFIG,
	[LOCK_KIND_RWLOCK] = LD_WAIT_CONFIG,
	[LOCK_KIND_SPIN] = LD_WAIT_SPIN,
	[LOCK_KIND_MAP] = LD_WAIT_INV,
	[LOCK_KIND_ONCE] = LD_WAIT_INV,
	[LOCK_KIND_SEMAPHORE] = LD_WAIT_CONFIG,
};

/* The lock becomes a class of its own, for its lifetime (lock_entry_drop_own_key()). */
static struct lock_class_key *lock_entry_use_own_key(struct lock_entry *e)
{
	if (!e->own_key_registered)	/* kept for another thread's record: lock_entry_init() */
		lockdep_register_key(&e->own_key);
	e->own_key_registered = true;
	return &e->own_key;
}

/*
 * The class of a lock, as the kernel would give it: its own address when it lives in
 * static storage and nobody initialised it by a call (a static initializer), or it
 * fills a variable of its own (src/lock_sites.c); otherwise the call site that
 * initialised it, or that first locked it.
 */
static void lock_map_class(const struct lock_origin *origin, struct lock_class_key **key,
			   const char **name);

/* Whether the class is the lock's address (above). Out of line: the lookups' frames
 * stay off the stack of what follows them (stack_budget). */
static noinline bool lock_class_is_address(const struct lock_origin *origin, size_t size)
{
	return static_obj(origin->lock) &&
	       (!origin->init_call || lock_has_own_variable(origin->lock, size));
}

static void lock_entry_setup(struct lock_entry *e, void *arg)
{
	const struct lock_origin *origin = arg;
	const char *kind = lock_kind_names[origin->kind];
	size_t size = lock_kind_sizes[origin->kind];
	struct lock_class_key *key;
	const char *name;

	if (lock_class_is_address(origin, size)) {
		key = (struct lock_class_key *)origin->lock;
		name = lock_static_name(origin->lock, kind, size);
		lock_rules_static_name(&name);
	} else {
		struct lock_site *site = lock_site_at(origin->ip, kind, origin->lock, size,
						       origin->init_call);

		if (!site) {
			/* Out of sites, checking is off: a map that lockdep leaves alone. */
			key = &__lockdep_no_validate__;
			name = kind;
		} else {
			key = &site->key;
			name = site->name;
			if (!origin->init_call)
				WRITE_ONCE(site->first_use, true);
			/* Not for a map that names its class: the key would go unused. */
			if (site->classes == CLASSES_INSTANCE &&
			    !(origin->kind == LOCK_KIND_MAP &&
			      ((const struct liblockdep_map *)origin->lock)->key)) {
				key = lock_entry_use_own_key(e);
				name = lock_variable_name(origin->lock, size) ?: name;
			}
		}
	}
	lock_map_class(origin, &key, &name);
	task_note_lock(origin->lock);
	first_use_init(e, origin->lock, origin->init_call);
	e->kind = origin->kind;
	e->read_mode = origin->read_mode;
	lockdep_init_map_waits(&e->map, name, key, 0, lock_kind_wait_types[origin->kind],
			       lock_kind_outer_wait_types[origin->kind]);
}

static bool liblockdep_prepare_entry(unsigned long ip);
static bool signal_handler_running(void);
static void handler_takes_lock(unsigned long ip);
static void handler_takes_acquired(const struct task_struct *task, unsigned int depth);

/*
 * In a signal handler, lockdep's work runs on liblockdep's handler stack
 * (src/handler_stack.c). A handler always takes the slow way in (liblockdep_enter()),
 * so the paths below test for one only there: the fast path pays nothing.
 */
static void on_handler_stack(void (*fn)(void *), void *arg)
{
	if (signal_handler_running())
		handler_stack_run(fn, arg);
	else
		fn(arg);
}

/*
 * Whether to check this call: checking is on, and the thread is not at work inside
 * liblockdep already. What liblockdep calls meanwhile (malloc, the unwinder, symbol
 * lookup) may take locks through the very functions it checks, in the preload
 * flavour or with the program's own allocator; those go straight to the real
 * function rather than re-enter liblockdep with its own locks held.
 */
static inline bool liblockdep_check_now(void)
{
	return likely(liblockdep_checking) && likely(!liblockdep_busy);
}

/*
 * Whether the thread may take the inline fast path (src/fast_path.c), in one load
 * and compare of its gate (linux/sched.h): its entry is ready, it is not busy in
 * liblockdep, and not inside one of lockdep's sections ("interrupts off"), where a
 * lock taken by what lockdep calls (the unwinder, say, in the preload flavour) must
 * reach lockdep, which leaves it alone. entry_ready stands for every other test:
 * liblockdep_prepare_entry() (src/signals.c) sets it only while checking is on,
 * lockdep is on, no class is being zapped and the thread's steps were learned since
 * the last zap, statistics are off and no lock a signal handler took is held; a
 * change of any of them clears it on every thread (fast_path_switch_changed()).
 * A wrapper that finds the gate open goes the fast way with no other test of
 * these; one that finds it shut goes the slow way, which tests it again.
 */
static __always_inline bool liblockdep_gate_open(void)
{
	return current->gate == TASK_GATE_OPEN;
}

/*
 * Every entry into lockdep. The first of a thread, and those while a signal handler
 * runs or after the handled signals changed, prepare the thread (src/signals.c).
 * False: lockdep must be left alone, this is an unchecked signal handler.
 */
static __always_inline bool liblockdep_enter(unsigned long ip)
{
	if (unlikely(!READ_ONCE(current->entry_ready)) && !liblockdep_prepare_entry(ip))
		return false;
	liblockdep_entry_ip = ip;
	return true;
}

/* The fast way in only: false when the slow one is due, left to the caller. */
static __always_inline bool liblockdep_enter_ready(unsigned long ip)
{
	if (unlikely(!READ_ONCE(current->entry_ready)))
		return false;
	liblockdep_entry_ip = ip;
	return true;
}

/* The entry of a lock this thread holds, found among its held locks without
 * touching the shared table: the common case of an unlock, most often of the
 * innermost lock. */
static inline struct lock_entry *held_lock_entry(const void *lock)
{
	struct task_struct *task = current;
	int depth = task->lockdep_depth;

	if (likely(depth)) {
		struct lock_entry *e = container_of(task->held_locks[depth - 1].instance,
						    struct lock_entry, map);

		if (READ_ONCE(e->lock) == lock)
			return e;
	}
	for (int i = depth - 2; i >= 0; i--) {
		struct lock_entry *e = container_of(task->held_locks[i].instance,
						    struct lock_entry, map);

		if (READ_ONCE(e->lock) == lock)
			return e;
	}
	return NULL;
}

static inline struct lock_entry *lock_entry_of(const void *lock, enum lock_kind kind,
					       int read_mode, unsigned long ip);

/* Whether an unlock has anything to do: not when lockdep knows of no lock held and
 * checking is off. */
static __always_inline bool unlock_may_matter(void)
{
	return current->lockdep_depth || liblockdep_check_now();
}

static struct lock_entry *unheld_unlock_entry(const void *lock, enum lock_kind kind,
					       int read_mode, unsigned long ip);
static struct lock_entry *mutex_unlock_recheck(struct lock_entry *e, unsigned long ip);

/*
 * The entry to release at an unlock: a lock this thread holds, as lockdep knows
 * (even with checking switched off since, so that lockdep's view stays balanced),
 * unless glibc names another owner of a mutex; otherwise, while checking, what glibc
 * says of the lock decides (src/lock_owners.c); unless checking was ever off, when
 * the lock may simply have been taken unseen.
 */
static inline struct lock_entry *unlock_entry(const void *lock, enum lock_kind kind,
					      int read_mode, unsigned long ip)
{
	struct lock_entry *e = held_lock_entry(lock);

	if (e && kind == LOCK_KIND_MUTEX &&
	    unlikely(READ_ONCE(((const pthread_mutex_t *)lock)->__data.__owner) != current->pid))
		return mutex_unlock_recheck(e, ip);
	if (e || !liblockdep_check_now() || liblockdep_was_off)
		return e;
	/* Lockdep is about to report this lock's bad unlock. */
	report_subject_set((unsigned long)lock);
	return unheld_unlock_entry(lock, kind, read_mode, ip);
}

/*
 * The common unlock, with no call: of the innermost held lock, which glibc says is
 * this thread's when it is a mutex, and which lockdep would only pop. What
 * unlock_entry() and liblockdep_release() would do for it, in the fast path's way.
 * With the gate open (liblockdep_gate_open()), which the caller has found.
 */
static __always_inline bool unlock_innermost_fast(const void *lock, enum lock_kind kind,
						  unsigned long ip)
{
	struct task_struct *task = current;
	unsigned int depth = task->lockdep_depth;
	struct held_lock *hlock;

	if (!depth)
		return false;
	hlock = &task->held_locks[depth - 1];
	if (READ_ONCE(container_of(hlock->instance, struct lock_entry, map)->lock) != lock ||
	    (kind == LOCK_KIND_MUTEX &&
	     READ_ONCE(((const pthread_mutex_t *)lock)->__data.__owner) != task->pid))
		return false;
	liblockdep_entry_ip = ip;
	return fast_path_pop(task, hlock, depth);
}

static struct lock_entry *lock_entry_find(const void *lock);

struct lock_lookup {
	struct lock_origin origin;
	struct lock_entry *found;
};

static void lock_entry_lookup_here(void *arg)
{
	struct lock_lookup *l = arg;
	const void *lock = l->origin.lock;

	/* Entered first: a thread's first RCU read section comes after its start. */
	if (!liblockdep_enter(l->origin.ip))
		return;
	l->found = lock_entry_find(lock) ?: lock_table_add(lock, false, lock_entry_setup,
							   &l->origin);
	if (l->found)
		*lock_cache_slot(lock) = l->found;
}

/* A lock this thread has not used lately: from the table, or created on first sight. */
static noinline struct lock_entry *lock_entry_lookup(const void *lock, enum lock_kind kind,
						     int read_mode, unsigned long ip)
{
	struct lock_lookup l = { { lock, ip, kind, false, read_mode }, NULL };

	on_handler_stack(lock_entry_lookup_here, &l);
	return l.found;
}

/* The entry for a lock about to be used. */
static inline struct lock_entry *lock_entry_of(const void *lock, enum lock_kind kind,
					       int read_mode, unsigned long ip)
{
	struct lock_entry *e = lock_cache_find(lock);

	return likely(e) ? e : lock_entry_lookup(lock, kind, read_mode, ip);
}

static void lock_entry_drop_own_key(struct lock_entry *e);
static void lock_entry_forget(const void *lock);
static void ended_holder_drop(struct lock_entry *e);
static void report_init_held(struct lock_entry *e, unsigned long ip);
static bool lock_recorded_elsewhere(const struct lock_entry *e);

static void lock_entry_init(const void *lock, enum lock_kind kind, int read_mode,
			    unsigned long ip)
{
	struct lock_origin origin = { lock, ip, kind, true, read_mode };
	struct lock_entry *old, *e;
	bool held;

	if (liblockdep_busy)
		return;
	if (!liblockdep_checking) {
		/* Unchecked, but a lock checked before at this address is gone. */
		lock_entry_forget(lock);
		return;
	}
	if (!liblockdep_enter(ip))
		return;
	/* Initialised again in place without a destroy: the old lock's class must go,
	 * unless another thread still records the old lock (lock_entry_forget()). */
	old = lock_entry_find(lock);
	ended_holder_drop(old);
	held = old && held_lock_entry(lock) == old;
	if (old && !lock_recorded_elsewhere(old))
		lock_entry_drop_own_key(old);
	e = lock_table_add(lock, true, lock_entry_setup, &origin);
	/* Named by the class this init gives it: the same for every repeat. */
	if (held && e)
		report_init_held(e, ip);
}

static void held_locks_drop_released(struct task_struct *task, unsigned long ip);

/* glibc's rwlock __readers word: the count of readers above three flag bits. */
#define GLIBC_RWLOCK_WRPHASE		1u
#define GLIBC_RWLOCK_READER_SHIFT	3

/* The common case for one held lock: glibc says a mutex or an rwlock's write lock is
 * this thread's, or some reader holds a read-held rwlock; a map's record is all
 * there is. Otherwise (a spin lock, a doubt) held_locks_drop_released() looks closer. */
static bool held_lock_ours(const struct task_struct *task, const struct held_lock *hlock)
{
	const struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);
	enum lock_kind kind = READ_ONCE(e->kind);
	const pthread_mutex_t *m;
	const pthread_rwlock_t *rw;

	/* lockdep's record is all there is; a map forgotten since has no kind */
	if (kind == LOCK_KIND_MAP)
		return true;
	m = READ_ONCE(e->lock);
	rw = (const void *)m;
	if (!m)
		return false;
	if (kind == LOCK_KIND_MUTEX)
		return READ_ONCE(m->__data.__owner) == task->pid;
	if (kind != LOCK_KIND_RWLOCK)
		return false;
	if (hlock->read)
		return READ_ONCE(rw->__data.__readers) >> GLIBC_RWLOCK_READER_SHIFT;
	return READ_ONCE(rw->__data.__cur_writer) == task->pid;
}

/* Whether every held lock is, as above. The thread holds some lock. */
static bool held_locks_all_ours(const struct task_struct *task)
{
	const struct held_lock *hlock = &task->held_locks[(unsigned int)task->lockdep_depth];

	do {
		if (!held_lock_ours(task, --hlock))
			return false;
	} while (hlock != task->held_locks);
	return true;
}

/*
 * Drops the thread's held locks released unseen, before lockdep or a report reads
 * them as a whole: the slow way of a lock, a release that re-acquires the locks above
 * it, an assertion, a report of freed memory, interrupts coming on. The fast path
 * (src/fast_path.c) takes a lock without reading those below it, which only decide
 * what lockdep records and reports, and the step it repeats was learned with locks of
 * the same classes held. Out of line, so that the walk's registers are not saved on
 * the way to lockdep, whose reports need the stack. Not in a signal handler.
 */
static noinline void held_locks_catch_up(unsigned long ip)
{
	struct task_struct *task = current;

	if (task->lockdep_depth && !held_locks_all_ours(task) && !signal_handler_running())
		held_locks_drop_released(task, ip);
}

static void instance_nesting_check(struct lock_entry *e, unsigned int subclass, int read,
				   int trylock, unsigned long ip);
static bool ended_holder_met(struct lock_entry *e, int read, int trylock, unsigned long ip);
static void ended_holder_uncache(struct lock_entry *e);
static bool siblings_hide(struct task_struct *task, const struct lock_entry *e,
			  unsigned int subclass, unsigned long *hidden);
static void siblings_shown(struct task_struct *task, const struct lock_entry *e,
			   unsigned int depth, const unsigned long *hidden);
static unsigned long nr_sibling_pairs;
static void sibling_pairs_learn(struct task_struct *task, struct lock_entry *e,
				unsigned int depth, const unsigned long *hidden, unsigned long ip);
static void sibling_cycles_check(struct task_struct *task, struct lock_entry *e,
				 unsigned int depth, const unsigned long *hidden, unsigned long ip);
static void sibling_irq_dependency_added(void);
static void sibling_irq_usage_changed(const struct held_lock *held, unsigned int n);

/* Lockdep's own way, for what the fast path (src/fast_path.c) does not know yet, and
 * for a lock's first acquisition (src/first_use.c). Locks the thread holds but
 * unchecked code or another thread released go first, not to be taken for this
 * lock's predecessors. */
static noinline void lock_acquire_slow(struct lock_entry *e, unsigned int subclass, int read,
				       int trylock, unsigned long ip)
{
	struct task_struct *task = current;
	DECLARE_BITMAP(hidden, MAX_LOCK_DEPTH);
	unsigned int depth;
	bool siblings;
	u64 chain_key;
	u32 mode;
	bool ended_holder_kept = false;
	unsigned long dependencies;

	held_locks_catch_up(ip);
	/* Held by a thread that ended (src/ended_holders.c). */
	if (unlikely(READ_ONCE(e->ended_holder)))
		ended_holder_kept = ended_holder_met(e, read, trylock, ip);
	trylock = first_use_trylock(e, trylock);
	/* Before any usage mark of this acquisition's, here or lockdep's. */
	if (unlikely(signal_handler_running()))
		handler_takes_lock(ip);
	/* Locks set aside past lockdep's depth limit go back when there is room. */
	if (unlikely(merged_outer_held()))
		merged_outer_back(task);
	/* A lock merged past lockdep's depth limit, taken again (src/merged_locks.c). */
	if (unlikely(merged_locks_held()) && merged_lock_again(e, read, trylock, ip))
		return;
	if (task->lockdep_depth || unlikely(merged_outer_held()))
		instance_nesting_check(e, subclass, read, trylock, ip);
	/* One more would be past lockdep's limit: room is made, or e merged. */
	if (unlikely(task->lockdep_depth >= MAX_LOCK_DEPTH - 1) &&
	    merged_lock_acquire(e, subclass, read, trylock, ip))
		return;
	depth = task->lockdep_depth;
	chain_key = task->curr_chain_key;
	mode = fast_path_mode(depth, read, trylock);
	graph_lock_first_use(&e->map, subclass);
	/* Wait context over locks set aside past lockdep's depth limit. */
	if (unlikely(merged_outer_held()))
		merged_outer_wait_context(e, subclass, read, trylock, ip);
	/* Siblings of e's class held: their order with e is the instance graph's. */
	siblings = depth && !trylock && siblings_hide(task, e, subclass, hidden);
	dependencies = READ_ONCE(nr_list_entries);
	lock_acquire(&e->map, subclass, trylock, read, 1, NULL, ip);
	if (unlikely(ended_holder_kept))
		ended_holder_uncache(e);
	if (likely(!reporting)) {
		if (unlikely(siblings)) {
			siblings_shown(task, e, depth, hidden);
			sibling_pairs_learn(task, e, depth, hidden, ip);
		}
		/* New dependencies of lockdep's may close a cycle through siblings. */
		if (unlikely(READ_ONCE(nr_sibling_pairs)) && depth &&
		    READ_ONCE(nr_list_entries) != dependencies) {
			if (!siblings)
				memset(hidden, 0, sizeof(hidden));
			sibling_cycles_check(task, e, depth, hidden, ip);
			sibling_irq_dependency_added();
		}
		/* A new hard-irq usage may meet a sibling pair. */
		if (unlikely(READ_ONCE(nr_sibling_pairs)) && task->lockdep_depth > depth)
			sibling_irq_usage_changed(&task->held_locks[depth], 1);
		handler_takes_acquired(task, depth);
		/* Lockdep's walk down its records may go on into those set aside. */
		if (unlikely(merged_outer_held()) && task->lockdep_depth == depth + 1)
			merged_outer_dependencies(task, &task->held_locks[depth]);
		fast_path_learn(&e->map, subclass, chain_key, depth, mode);
		return;
	}
	liblockdep_report_end();
	if (task->lockdep_depth == depth) {
		if (task->held_locks[depth].instance == &e->map) {
			dependencies_keep(task, &task->held_locks[depth]);
			if (unlikely(merged_outer_held()))
				merged_outer_dependencies(task, &task->held_locks[depth]);
		}
		lock_acquire(&e->map, subclass, trylock, read, 0, NULL, ip);
	}
	/* After the dependencies kept through the report: none from a sibling. */
	if (unlikely(siblings))
		siblings_shown(task, e, depth, hidden);
	liblockdep_report_end();
}

/*
 * Validates an acquisition (before the caller blocks on the real lock). When lockdep
 * reports a problem it leaves the lock out of the thread's held locks; liblockdep
 * goes on validating after reports, so it records the lock as held, unvalidated, to
 * keep the later release balanced.
 */
static __always_inline void lock_acquire_entered(struct lock_entry *e, unsigned int subclass,
						 int read, int trylock, unsigned long ip)
{
	if (unlikely(READ_ONCE(lock_plumbing_out_of_line)))
		ip = lock_plumbing_caller(ip);
	if (liblockdep_gate_open() &&
	    fast_path_acquire_anywhere(&e->map, subclass, read, trylock, ip))
		return;
	lock_acquire_slow(e, subclass, read, trylock, ip);
}

/*
 * The whole acquisition, with no call and no register to save, when the gate is open
 * (liblockdep_gate_open(), which the caller has found) and the fast path knows it.
 * False: the caller goes the slow way, lock_acquire_checked(), which looks again.
 * A signal handler that comes after the gate's test leaves the held locks as it found
 * them; a switch changed by another thread meanwhile takes effect at the thread's
 * next test, as it would had it come a moment later (fast_path_switch_changed()).
 */
static __always_inline bool lock_acquire_fast(struct lock_entry *e, unsigned int subclass,
					      int read, int trylock, unsigned long ip)
{
	/* Plumbing out of line: its caller is shown, lock_acquire_entered() finds it;
	 * a call from the user's code known as such is shown as it is. The flag read
	 * plainly, once: GCC folds such a read into its compare (a READ_ONCE() is a load
	 * and a test apart); it only ever goes from false to true. */
	if (unlikely(lock_plumbing_out_of_line) && !lock_plumbing_user_ip(ip))
		return false;
	return fast_path_acquire(&e->map, subclass, read, trylock, ip, false);
}

struct lock_call {
	struct lock_entry *e;
	unsigned int subclass;
	int read, trylock;
	unsigned long ip;
};

static void lock_acquire_prepared(void *arg)
{
	struct lock_call *c = arg;

	if (liblockdep_enter(c->ip))
		lock_acquire_entered(c->e, c->subclass, c->read, c->trylock, c->ip);
}

/* The slow way in: a preparation due, perhaps a signal handler running. */
static noinline void lock_acquire_unready(struct lock_entry *e, unsigned int subclass,
					  int read, int trylock, unsigned long ip)
{
	struct lock_call c = { e, subclass, read, trylock, ip };

	on_handler_stack(lock_acquire_prepared, &c);
}

static __always_inline void lock_acquire_checked(struct lock_entry *e, unsigned int subclass,
						 int read, int trylock, unsigned long ip)
{
	if (!liblockdep_enter_ready(ip)) {
		lock_acquire_unready(e, subclass, read, trylock, ip);
		return;
	}
	lock_acquire_entered(e, subclass, read, trylock, ip);
}

/* Inline, as liblockdep_release(): a call of its own is ~20 instructions per lock+unlock. */
static __always_inline void liblockdep_acquire(struct lock_entry *e, int read, int trylock,
					       unsigned long ip)
{
	lock_acquire_checked(e, 0, read, trylock, ip);
}

static bool merged_lock_release(struct lock_entry *e, int pos);

/* Where the thread holds e, or -1. */
static int held_lock_pos(const struct task_struct *task, const struct lock_entry *e)
{
	int pos = task->lockdep_depth - 1;

	while (pos >= 0 && task->held_locks[pos].instance != &e->map)
		pos--;
	return pos;
}

/* Lockdep's own way, for a release the fast path does not know. Lockdep takes the
 * locks above e again: not over one released unseen (held_locks_catch_up()). If e
 * was, it goes there as it would here, quietly. */
static noinline void lock_release_lockdep(struct lock_entry *e, unsigned long ip)
{
	struct task_struct *task = current;
	struct lock_stat_release stat;
	int depth = task->lockdep_depth, pos;
	bool reported;

	pos = held_lock_pos(task, e);
	if (pos >= 0 && pos < depth - 1) {
		held_locks_catch_up(ip);
		depth = task->lockdep_depth;
		if ((pos = held_lock_pos(task, e)) < 0)
			return;
	}
	if (merged_locks_held() && merged_lock_release(e, pos))
		return;
	lock_stat_release_begin(&stat, pos);
	lock_release(&e->map, ip);
	reported = reporting;
	liblockdep_report_end();
	lock_stat_release_end(&stat, pos);
	if (pos == depth - 2 && !reported)
		fast_path_learn_reacquired(pos);
}

/* A release the inline fast path does not know. Just below the innermost, still held
 * (std::scoped_lock's first lock), the fast path may know the rest: apart from
 * lockdep's way, so as not to save the six registers and the frame its calls need. */
static noinline void lock_release_slow(struct lock_entry *e, unsigned long ip)
{
	struct task_struct *task = current;
	int depth = task->lockdep_depth;

	if (depth >= 2 && task->held_locks[depth - 2].instance == &e->map &&
	    !merged_locks_held() && held_lock_ours(task, &task->held_locks[depth - 1]) &&
	    fast_path_release_below(task, depth))
		return;
	lock_release_lockdep(e, ip);
}

static __always_inline void lock_release_entered(struct lock_entry *e, unsigned long ip)
{
	if (liblockdep_gate_open() && fast_path_release(&e->map))
		return;
	lock_release_slow(e, ip);
}

static void lock_release_prepared(void *arg)
{
	struct lock_call *c = arg;

	first_use_end();
	if (liblockdep_enter(c->ip))
		lock_release_entered(c->e, c->ip);
}

static noinline void lock_release_unready(struct lock_entry *e, unsigned long ip)
{
	struct lock_call c = { .e = e, .ip = ip };

	on_handler_stack(lock_release_prepared, &c);
}

static __always_inline void liblockdep_release(struct lock_entry *e, unsigned long ip)
{
	if (!liblockdep_enter_ready(ip)) {
		lock_release_unready(e, ip);
		return;
	}
	lock_release_entered(e, ip);
}

/* The real call failed after lock_acquire_fast(): its record, the innermost (a signal
 * handler in between leaves the held locks as it found them), goes again, released
 * where it was acquired (the fast path keeps no entry address of its own). */
static noinline void lock_acquire_fast_undo(void)
{
	struct task_struct *task = current;
	struct held_lock *hlock = &task->held_locks[task->lockdep_depth - 1];

	liblockdep_release(container_of(hlock->instance, struct lock_entry, map),
			   hlock->acquire_ip);
}

static bool held_lock_released_unseen(const struct held_lock *hlock);
static struct held_lock *merged_lock_in(const void *from, unsigned long len,
					struct held_lock *aside);

/*
 * The lock this thread holds in [from, from + len): not one that unchecked code or
 * another thread released since (src/lock_owners.c). A lock merged past the depth
 * limit has a record of its class, one set aside its own, made in *aside
 * (src/merged_locks.c).
 */
static struct held_lock *held_lock_in(struct task_struct *task, const void *from,
				      unsigned long len, struct held_lock *aside)
{
	for (int i = 0; i < task->lockdep_depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];
		const struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);

		if ((unsigned long)e->lock - (unsigned long)from < len &&
		    !held_lock_released_unseen(hlock))
			return hlock;
	}
	return merged_locks_held() ? merged_lock_in(from, len, aside) : NULL;
}

/*
 * Lockdep's "held lock freed": does this thread hold a lock that lies in the memory
 * about to go? (Lockdep's own check looks for its lockdep_maps there; ours are in the
 * side table, so the user's lock addresses are checked instead.) The report lists
 * the held locks: first those released unseen go, which moves the records above them.
 */
static void check_no_held_lock_in(const void *from, unsigned long len)
{
	struct task_struct *task = current;
	struct held_lock *found, aside;

	if (!held_lock_in(task, from, len, &aside))
		return;
	held_locks_catch_up(liblockdep_entry_ip);
	found = held_lock_in(task, from, len, &aside);
	if (!found)
		return;		/* released meanwhile by another thread */
	report_subject_set((unsigned long)container_of(found->instance, struct lock_entry, map)->lock);
	print_freed_lock_bug(task, from, (const char *)from + len, found);
	liblockdep_report_end();
}

/*
 * Unregisters a class key, which zaps its classes. Lockdep sets up the lists a zap
 * uses when its first class registers; a key may go before that.
 */
/*
 * One section, cancellation disabled: lockdep marks its delayed free scheduled under
 * its lock and queues the callback after dropping it; a thread cancelled in between
 * would leave it marked for ever, and no class would be freed again.
 */
static void class_key_unregister(struct lock_class_key *key)
{
	internal_section_begin();
	liblockdep_graph_lock();
	init_data_structures_once();
	liblockdep_graph_unlock();
	fast_path_zap_begin();
	lockdep_unregister_key(key);
	fast_path_zap_end();
	internal_section_end();
}

/* A lock's own class dies with it: lockdep frees the class after a grace period. */
static void lock_entry_drop_own_key(struct lock_entry *e)
{
	if (e->own_key_registered) {
		class_key_unregister(&e->own_key);
		e->own_key_registered = false;
	}
}

static struct lock_entry *lock_entry_find(const void *lock)
{
	struct lock_entry *e;

	liblockdep_rcu_read_lock();
	e = lock_table_find(lock);
	liblockdep_rcu_read_unlock();
	return e;
}

/*
 * The lock at this address is gone (destroyed, or its memory freed): forget it.
 * Unless another thread's held locks still record it (a semaphore it took, which
 * this one posted, src/semaphores.c): that thread lets go of its record only at its
 * next lock or its end, and lockdep would read a class freed meanwhile. The entry,
 * class and all, then stays until a lock is initialised at its address.
 */
static void lock_entry_forget(const void *lock)
{
	struct lock_entry *e = lock_entry_find(lock);

	ended_holder_drop(e);
	if (e && !lock_recorded_elsewhere(e)) {
		lock_entry_drop_own_key(e);
		lock_table_remove(lock);
	}
}

static bool lock_destroyed_while_held(struct lock_entry *e, bool checked, unsigned long ip);

/* A lock still held keeps its entry, for its holder's unlock (src/lock_owners.c).
 * With checking switched off, nothing is reported, then or later. */
static void lock_entry_destroy(const void *lock, unsigned long ip)
{
	bool checked = liblockdep_checking;
	struct lock_entry *e;

	if (liblockdep_busy || !liblockdep_enter(ip) || !(e = lock_entry_find(lock)))
		return;
	if (checked)
		check_no_held_lock_in(lock, 1);
	ended_holder_drop(e);
	if (!lock_destroyed_while_held(e, checked, ip))
		lock_entry_forget(lock);
}
