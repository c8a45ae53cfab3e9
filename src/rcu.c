/*
 * RCU for lockdep, whose "irqs off" sections read hash tables that it frees via
 * synchronize_rcu() and call_rcu(). Design: readers copy a global grace-period
 * counter into a thread-local word with plain stores; a writer bumps it, runs
 * membarrier(2) in place of the readers' fences, waits until no registered
 * reader holds an older copy, then runs the callbacks queued before it began.
 */

/* Not in every libc's headers, and <linux/membarrier.h> may not be included. */
#define RCU_MEMBARRIER_CMD_PRIVATE_EXPEDITED		(1 << 3)
#define RCU_MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED	(1 << 4)

/*
 * A reader's word holds its nesting depth in the low bits and, above them, the
 * grace-period counter it saw when its outermost section began. One word, so a
 * signal handler that nests a section anywhere in lock or unlock leaves it
 * consistent. The counter steps over the nesting bits; snapshots compare by
 * signed difference, so it may wrap.
 */
#define RCU_NEST_BITS	8
#define RCU_NEST_MASK	((1UL << RCU_NEST_BITS) - 1)
#define RCU_GP_STEP	(1UL << RCU_NEST_BITS)
/*
 * Words with a full nesting field that no registered thread has, so the read
 * lock's nesting-overflow test also catches a thread's first lock and the
 * locks of a thread that has gone through liblockdep_rcu_thread_exit().
 */
#define RCU_UNREGISTERED	RCU_NEST_MASK
#define RCU_EXITED		(RCU_GP_STEP | RCU_NEST_MASK)

/* At most this many rounds of "grace period, run callbacks" per call. */
#define RCU_MAX_ROUNDS	8
/* Polls of a late reader with sched_yield() before sleeping between polls. */
#define RCU_YIELDS	16
#define RCU_SLEEP_NS	50000

struct rcu_reader {
	unsigned long ctr;		/* snapshot | nesting; read by writers */
	struct rcu_reader *next;	/* registry links, under rcu_registry_lock */
	struct rcu_reader **pprev;	/* NULL while the thread is unregistered */
};

/*
 * What every reader reads, alone on its cache line so that writers taking the
 * mutexes below do not bounce it.
 */
static struct {
	unsigned long gp_ctr;
	/* membarrier(2) is unusable: readers order their word with smp_mb(). */
	bool readers_fence;
} __attribute__((__aligned__(64))) rcu_gp = { .gp_ctr = RCU_GP_STEP };

static __thread struct rcu_reader rcu_self = { .ctr = RCU_UNREGISTERED };

/*
 * Sections of threads past liblockdep_rcu_thread_exit() (later destructors,
 * signal handlers while the thread dies). Registering such a thread again
 * would leave its soon freed slot on the registry, so these sections count
 * themselves in rcu_orphans instead, with an atomic and a fence: they are
 * rare. Writers wait for the count to drop to zero.
 */
static __thread unsigned int rcu_orphan_depth;
static unsigned long rcu_orphans;

/* Registered readers; also guards the list a writer is waiting on. */
static pthread_mutex_t rcu_registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcu_reader *rcu_registry;
/* membarrier(2) is tried once, before any reader registers. */
static bool rcu_mode_decided;
/* Serializes writers. */
static pthread_mutex_t rcu_gp_lock = PTHREAD_MUTEX_INITIALIZER;
/* call_rcu() callbacks not yet claimed by a grace period, oldest first. */
static pthread_mutex_t rcu_cb_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcu_head *rcu_cb_list;
static struct rcu_head **rcu_cb_tail = &rcu_cb_list;

static void __attribute__((__noreturn__)) rcu_die(const char *why)
{
	printk(KERN_ERR "liblockdep: rcu: %s\n", why);
	abort();
}

static void rcu_list_add(struct rcu_reader **first, struct rcu_reader *r)
{
	r->next = *first;
	if (r->next)
		r->next->pprev = &r->next;
	*first = r;
	r->pprev = first;
}

/* Works on whichever list @r is on: the registry or a writer's waiting list. */
static void rcu_list_del(struct rcu_reader *r)
{
	*r->pprev = r->next;
	if (r->next)
		r->next->pprev = r->pprev;
	r->pprev = NULL;
}

static bool rcu_membarrier(int cmd)
{
#ifdef __NR_membarrier
	return syscall(__NR_membarrier, cmd, 0, 0) == 0;
#else
	return false;
#endif
}

/*
 * Called under rcu_registry_lock before the first reader registers or the first
 * writer waits, so no reader can have started without seeing the outcome.
 */
static void rcu_decide_mode(void)
{
	if (rcu_mode_decided)
		return;
	rcu_mode_decided = true;
	if (!rcu_membarrier(RCU_MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) ||
	    !rcu_membarrier(RCU_MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		WRITE_ONCE(rcu_gp.readers_fence, true);
}

/* The writer's half of each barrier pair: on every thread, or a fence. */
static void rcu_writer_fence(void)
{
	if (rcu_gp.readers_fence)
		smp_mb();
	else if (!rcu_membarrier(RCU_MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		rcu_die("membarrier(2) failed after it had worked");
}

/* The reader's half: a compiler barrier when the writer uses membarrier(2). */
static inline void rcu_reader_fence(void)
{
	if (unlikely(READ_ONCE(rcu_gp.readers_fence)))
		smp_mb();
	else
		barrier();
}

/*
 * Registry changes block signals: a handler that entered a read-side section
 * then would find the thread half registered, or the registry lock taken.
 */
static void rcu_registry_lock_nosig(sigset_t *saved)
{
	sigset_t all;

	sigfillset(&all);
	real(pthread_sigmask)(SIG_BLOCK, &all, saved);
	internal_lock(&rcu_registry_lock);
}

static void rcu_registry_unlock_nosig(const sigset_t *saved)
{
	internal_unlock(&rcu_registry_lock);
	real(pthread_sigmask)(SIG_SETMASK, saved, NULL);
}

static bool rcu_in_section(void)
{
	return (rcu_self.pprev && (rcu_self.ctr & RCU_NEST_MASK)) ||
	       rcu_orphan_depth;
}

static void rcu_orphan_lock(void)
{
	if (rcu_orphan_depth) {
		rcu_orphan_depth++;
		return;
	}
	/* Count first: a handler arriving in between counts for itself. */
	__atomic_fetch_add(&rcu_orphans, 1, __ATOMIC_SEQ_CST);
	smp_mb();
	rcu_orphan_depth = 1;
}

static bool rcu_orphan_unlock(void)
{
	if (!rcu_orphan_depth)
		return false;
	if (--rcu_orphan_depth == 0)
		__atomic_fetch_sub(&rcu_orphans, 1, __ATOMIC_SEQ_CST);
	return true;
}

/* A thread's first read lock, a dead thread's, or one nested too deeply. */
static void task_exit_hook_arm(void);

static void __attribute__((__noinline__)) rcu_read_lock_slow(void)
{
	bool registered;
	sigset_t saved;

	if (rcu_self.pprev) {
		/* Or a signal handler registered us since our caller looked. */
		if ((rcu_self.ctr & RCU_NEST_MASK) == RCU_NEST_MASK)
			rcu_die("read-side sections nested too deeply");
		liblockdep_rcu_read_lock();
		return;
	}
	if (rcu_self.ctr == RCU_EXITED) {
		rcu_orphan_lock();
		return;
	}
	rcu_registry_lock_nosig(&saved);
	/* Unless a signal handler registered us before signals were blocked. */
	registered = !rcu_self.pprev;
	if (registered) {
		rcu_decide_mode();
		rcu_self.ctr = 0;
		rcu_list_add(&rcu_registry, &rcu_self);
	}
	rcu_registry_unlock_nosig(&saved);
	/* Its exit takes it off the registry (src/task.c), even if it never locks. */
	if (registered)
		task_exit_hook_arm();
	liblockdep_rcu_read_lock();
}

static void __attribute__((__noinline__)) rcu_read_unlock_slow(unsigned long v)
{
	if (v == RCU_EXITED && !rcu_self.pprev && rcu_orphan_unlock()) {
		if (unlikely(deferred_signals))
			deferred_signals_deliver();
		return;
	}
	if (!(v & RCU_NEST_MASK) || !rcu_self.pprev)
		rcu_die("rcu_read_unlock() without rcu_read_lock()");
	WRITE_ONCE(rcu_self.ctr, v - 1);
}

/*
 * The fast paths are plain loads and stores of our own word, and a compiler
 * barrier; the writer's membarrier(2) stands in for the fences they omit. A signal
 * that comes inside a section waits until it ends (src/signals.c): the outermost
 * unlock delivers it, looking only once the word says the section is over.
 */
static inline void liblockdep_rcu_read_lock(void)
{
	unsigned long v = rcu_self.ctr;

	if (likely(!(v & RCU_NEST_MASK))) {
		WRITE_ONCE(rcu_self.ctr, READ_ONCE(rcu_gp.gp_ctr) + 1);
		rcu_reader_fence();
	} else if (likely((v & RCU_NEST_MASK) != RCU_NEST_MASK)) {
		WRITE_ONCE(rcu_self.ctr, v + 1);
	} else {
		rcu_read_lock_slow();
	}
}

static inline void liblockdep_rcu_read_unlock(void)
{
	unsigned long v = rcu_self.ctr;

	/* Storing a constant spares the next lock a wait on this store. */
	if (likely((v & RCU_NEST_MASK) == 1)) {
		rcu_reader_fence();
		WRITE_ONCE(rcu_self.ctr, 0);
		barrier();
		if (unlikely(deferred_signals))
			deferred_signals_deliver();
	} else if (likely((v & RCU_NEST_MASK) != RCU_NEST_MASK &&
			  (v & RCU_NEST_MASK))) {
		WRITE_ONCE(rcu_self.ctr, v - 1);
	} else {
		rcu_read_unlock_slow(v);
	}
}

/* Whether @r is in a section that began before grace period @gp started. */
static bool rcu_reader_holds(struct rcu_reader *r, unsigned long gp)
{
	unsigned long v = READ_ONCE(r->ctr);

	return (v & RCU_NEST_MASK) && (long)((v & ~RCU_NEST_MASK) - gp) < 0;
}

static void rcu_backoff(unsigned int polls)
{
	struct timespec ts = { 0, RCU_SLEEP_NS };

	if (polls < RCU_YIELDS)
		sched_yield();
	else
		nanosleep(&ts, NULL);
}

/*
 * One grace period. The registry lock is held only to scan: the late readers
 * move to a list of our own, so the lock can be dropped while we sleep. Threads
 * register meanwhile (they need no waiting: taking the lock orders them after
 * our removals) or unregister from whichever list they are on.
 */
static void rcu_wait_for_readers(unsigned long gp)
{
	struct rcu_reader *waiting, *r, *n;
	unsigned int polls = 0;

	internal_lock(&rcu_registry_lock);
	waiting = rcu_registry;
	if (waiting)
		waiting->pprev = &waiting;
	rcu_registry = NULL;
	for (;;) {
		for (r = waiting; r; r = n) {
			n = r->next;
			if (!rcu_reader_holds(r, gp)) {
				rcu_list_del(r);
				rcu_list_add(&rcu_registry, r);
			}
		}
		if (!waiting && !__atomic_load_n(&rcu_orphans, __ATOMIC_ACQUIRE))
			break;
		internal_unlock(&rcu_registry_lock);
		rcu_backoff(polls++);
		internal_lock(&rcu_registry_lock);
	}
	internal_unlock(&rcu_registry_lock);
}

/* Writers take turns: each waits with the late readers off the registry. */
static void rcu_grace_period(void)
{
	unsigned long gp;

	internal_lock(&rcu_gp_lock);
	internal_lock(&rcu_registry_lock);
	rcu_decide_mode();
	internal_unlock(&rcu_registry_lock);
	/* Readers that start after this see the caller's removals... */
	rcu_writer_fence();
	gp = rcu_gp.gp_ctr + RCU_GP_STEP;
	WRITE_ONCE(rcu_gp.gp_ctr, gp);
	/* ...and readers that started before it have their word visible now. */
	rcu_writer_fence();
	rcu_wait_for_readers(gp);
	/* Order the readers' last accesses before whatever the caller frees. */
	rcu_writer_fence();
	internal_unlock(&rcu_gp_lock);
}

static struct rcu_head *rcu_take_callbacks(void)
{
	struct rcu_head *list;

	internal_lock(&rcu_cb_lock);
	list = rcu_cb_list;
	rcu_cb_list = NULL;
	rcu_cb_tail = &rcu_cb_list;
	internal_unlock(&rcu_cb_lock);
	return list;
}

/* With no lock of ours held: callbacks take other locks and may call_rcu(). */
static void rcu_run_callbacks(struct rcu_head *list)
{
	struct rcu_head *head, *n;

	for (head = list; head; head = n) {
		n = head->next;
		head->func(head);
	}
}

/*
 * Precondition: the caller is not in a read-side section; waiting for our own
 * section would never end, so that is reported as the caller's bug. Callbacks
 * queued meanwhile (by callbacks too) get another grace period, a bounded
 * number of times so other threads' call_rcu() cannot hold one caller hostage;
 * what is left runs at the next synchronize_rcu().
 */
static void synchronize_rcu(void)
{
	struct rcu_head *batch;
	int round;

	if (unlikely(rcu_in_section()))
		rcu_die("synchronize_rcu() called inside a read-side section");
	/* One section, cancellation disabled: a thread cancelled here would take the
	 * batch it claimed with it, and lockdep's delayed frees would never run again
	 * (its classes would run out). */
	internal_section_begin();
	batch = rcu_take_callbacks();
	for (round = 1; ; round++) {
		rcu_grace_period();
		rcu_run_callbacks(batch);
		if (round == RCU_MAX_ROUNDS)
			break;
		batch = rcu_take_callbacks();
		if (!batch)
			break;
	}
	internal_section_end();
}

/* Callers may be in a read-side section and hold locks: it only queues. */
static void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	head->func = func;
	head->next = NULL;
	internal_lock(&rcu_cb_lock);
	*rcu_cb_tail = head;
	rcu_cb_tail = &head->next;
	internal_unlock(&rcu_cb_lock);
}

/*
 * A thread can only be exiting inside a section if it was made to exit from a
 * signal handler; that section never resumes, so it is forgotten. Sections
 * that run after this are orphans (see rcu_orphans); calling it again is fine.
 */
static void liblockdep_rcu_thread_exit(void)
{
	sigset_t saved;

	rcu_registry_lock_nosig(&saved);
	if (rcu_self.pprev)
		rcu_list_del(&rcu_self);
	rcu_self.ctr = RCU_EXITED;
	rcu_registry_unlock_nosig(&saved);
}

/*
 * Only the calling thread survives fork(): the registry holds just it (its locks
 * are reset with the others, src/internal_locks.c), and pending callbacks stay
 * queued (a batch another thread had claimed is lost with that thread: at worst a
 * leak).
 */
static void liblockdep_rcu_fork_child(void)
{
	rcu_registry = NULL;
	if (rcu_self.pprev)
		rcu_list_add(&rcu_registry, &rcu_self);
	rcu_orphans = rcu_orphan_depth ? 1 : 0;
	/* The parent may have forked in the middle of a call_rcu(). */
	rcu_cb_tail = &rcu_cb_list;
	while (*rcu_cb_tail)
		rcu_cb_tail = &(*rcu_cb_tail)->next;
	/* Cheap with one thread; readers fence themselves if it fails. */
	if (rcu_mode_decided && !rcu_gp.readers_fence &&
	    !rcu_membarrier(RCU_MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED))
		rcu_gp.readers_fence = true;
}
