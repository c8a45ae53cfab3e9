/*
 * Which signal handlers are interrupts, and for which locks.
 *
 * Lockdep has one hard-irq context and, per lock class, the usage bits "used in hard
 * irq" and "held with hard irqs enabled" (read and write apart); it reports a class
 * with both, and a safe class ordered with an unsafe one. A handler that takes no lock
 * can deadlock with no lock, so it is no interrupt: PowerDNS's SIGABRT crash handler
 * must not make the locks its SIGALRM handler takes, with SIGABRT deliverable, "taken
 * with interrupts on". So the bits are given a meaning per handler that locks:
 *
 * - A signal is *locking* from the first lock its installed handler takes (checked).
 *   "Used in hard irq" is only ever learned from such a handler's locks.
 * - A thread has interrupts on while its mask lets in a locking handler's signal
 *   (src/signals.c): "held with interrupts enabled" means held where a handler that
 *   locks could arrive.
 * - Until a handler has locked, nobody knows that it will. Its signal is *pending*
 *   where it is deliverable, and the takes it could interrupt are kept per class: the
 *   pending signals deliverable at some take (and at each change of mask or handlers,
 *   for the locks held then), read and write apart, with the stack of a take. When
 *   the handler takes its first lock, every class taken with its signal deliverable
 *   gets lockdep's mark "held with hard irqs enabled" (or its read form) with that
 *   stack, through lockdep's own mark_lock(), as if the mark had been made at the
 *   take: from then on lockdep judges as if it had known from the start.
 * - Only takes while the handler is installed count: a signal's record is forgotten
 *   when its handler is replaced or removed (installing the same function again keeps
 *   it). A libcrypto lock taken at start-up, before the SIGALRM handler that takes it
 *   existed, was never taken where that handler could arrive, and stays quiet; one
 *   taken after, with SIGALRM deliverable, is reported.
 *
 * Why not defer marking until a locking handler exists, and nothing more: the handler
 * usually runs once, at the end (h2o's and iperf's SIGTERM and SIGINT handlers lock
 * the mutex their threads took all along, then the program exits or resets the
 * handler): the takes before that run are the evidence, so they must be kept.
 *
 * The record is one entry per class, like lockdep's own per-class arrays; it is
 * written on lockdep's slow path only, under the graph lock, when a take brings a
 * signal the class has not seen. The fast path (src/fast_path.c) does no work for
 * it: a thread's remembered steps are learned with the record written, and are
 * dropped when its pending signals grow past those they were learned with.
 *
 * What stays approximate: all locking handlers share lockdep's one context, so a lock
 * used in one locking handler and held where another locking handler can arrive is
 * reported, whichever of the two takes it. The stack kept for a class is the latest
 * take that brought a new signal; when that take's signals do not include the one
 * whose handler locks, the mark carries the stack of the handler's first lock.
 */

static void sibling_irq_usage_changed(const struct held_lock *held, unsigned int n);

/* A class's takes with pending signals deliverable: [0] write, [1] read. */
struct handler_takes {
	const struct lockdep_subclass_key *key;	/* of the class it is of */
	unsigned long signals[2];		/* pending at some take */
	unsigned long trace_signals[2];		/* pending at the take whose stack is kept */
	struct lock_trace *trace[2];
};

static struct handler_takes handler_takes[MAX_LOCKDEP_KEYS];
/* Signals whose installed handler has taken a lock (checked). */
static unsigned long locking_signals;
/* Signals some record holds: only those need forgetting. */
static unsigned long recorded_signals;
/* Signals whose handler was replaced: their records to forget. */
static unsigned long replaced_signals;

/* This thread's pending signals (handled, not locking, deliverable), and those its
 * fast-path steps were learned with: all of them were learned with at least these. */
static __thread unsigned long pending_signals;
static __thread unsigned long pending_cover;

/* Under the graph lock: the record of class idx, cleared if the class was reused. */
static struct handler_takes *handler_takes_of(unsigned int idx)
{
	struct handler_takes *t = &handler_takes[idx];

	if (t->key != lock_classes[idx].key) {
		memset(t, 0, sizeof(*t));
		t->key = lock_classes[idx].key;
	}
	return t;
}

/* Lockdep's context for its graph: interrupts off, its recursion counted. */
static void handler_takes_record(const struct held_lock *hlock, unsigned long signals)
{
	const struct handler_takes *seen = &handler_takes[hlock->class_idx];
	unsigned int rw = !!hlock->read;
	struct handler_takes *t;
	struct lock_trace *trace;

	if (!hlock->check || (!(signals & ~READ_ONCE(seen->signals[rw])) &&
			      READ_ONCE(seen->key) == lock_classes[hlock->class_idx].key))
		return;
	if (!graph_lock())
		return;
	t = handler_takes_of(hlock->class_idx);
	if (signals & ~t->signals[rw]) {
		trace = save_trace();
		if (!trace)
			return;		/* lockdep is off, its graph lock dropped */
		t->trace[rw] = trace;
		t->trace_signals[rw] = signals;
		WRITE_ONCE(t->signals[rw], t->signals[rw] | signals);
		__atomic_or_fetch(&recorded_signals, signals, __ATOMIC_RELAXED);
	}
	graph_unlock();
}

static bool handler_takes_record_outer(struct held_lock *hlock, unsigned long signals)
{
	handler_takes_record(hlock, signals);
	return true;
}

/* The thread's held locks from depth from on (from 0: those set aside past lockdep's
 * depth limit too, src/merged_locks.c). */
static void handler_takes_record_held(unsigned int from, unsigned long signals)
{
	struct task_struct *curr = current;
	unsigned long flags;

	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	if (!from && unlikely(merged_outer_held()))
		merged_outer_each(handler_takes_record_outer, signals);
	for (unsigned int i = from; i < curr->lockdep_depth; i++)
		handler_takes_record(&curr->held_locks[i], signals);
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
}

/*
 * The thread's pending signals are now pending (fresh: the handlers changed, records
 * may have been forgotten). The locks it holds are taken with them deliverable, as
 * the kernel marks held locks when interrupts come on; its fast-path steps go when
 * they were learned with fewer.
 */
static void handler_takes_follow(unsigned long pending, bool fresh)
{
	unsigned long gained = fresh ? pending : pending & ~pending_signals;

	if (fresh || (pending & ~pending_cover)) {
		fast_path_steps_stale();
		pending_cover = ~0UL;
	}
	pending_signals = pending;
	if (gained && current->lockdep_depth)
		handler_takes_record_held(0, pending);
}

/* After lockdep's acquisition of the lock now at depth (src/validate.c). */
static noinline void handler_takes_acquired(const struct task_struct *task, unsigned int depth)
{
	unsigned long pending = pending_signals;

	if (likely(!pending))
		return;
	if (!lockdep_hardirq_context())
		pending_cover &= pending;	/* a step may be learned now */
	if (task->lockdep_depth > depth)
		handler_takes_record_held(depth, pending);
}

/* "Held with hard irqs enabled" for every class taken with sig deliverable, each
 * with the stack of its take. A report found here is lockdep's, at this mark. */
static void handler_takes_mark(unsigned long sig)
{
	static const enum lock_usage_bit bits[2] = { LOCK_ENABLED_HARDIRQ,
						     LOCK_ENABLED_HARDIRQ_READ };
	unsigned long flags;

	if (!(__atomic_load_n(&recorded_signals, __ATOMIC_RELAXED) & sig))
		return;
	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	for (unsigned long i = 0; i <= READ_ONCE(max_lock_class_idx); i++) {
		const struct handler_takes *t = &handler_takes[i];

		for (unsigned int rw = 0; rw < 2; rw++) {
			struct held_lock hlock = { .class_idx = i, .read = rw, .check = 1 };
			struct lock_trace *trace = READ_ONCE(t->trace[rw]);

			if (!(READ_ONCE(t->signals[rw]) & sig) || !t->key ||
			    READ_ONCE(t->key) != READ_ONCE(lock_classes[i].key))
				continue;
			if (!(READ_ONCE(t->trace_signals[rw]) & sig))
				trace = NULL;
			if (trace && trace->nr_entries)
				hlock.acquire_ip = trace->entries[0];
			stack_trace_given = trace;
			mark_lock(current, &hlock, bits[rw]);
			stack_trace_given = NULL;
		}
	}
	sibling_irq_usage_changed(NULL, 0);
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
}

/* A handler running for sig takes a lock: true when sig has just become locking
 * (the caller tells the threads). */
static bool handler_usage_locks(unsigned long sig)
{
	if (__atomic_load_n(&locking_signals, __ATOMIC_RELAXED) & sig)
		return false;
	if (__atomic_fetch_or(&locking_signals, sig, __ATOMIC_SEQ_CST) & sig)
		return false;
	handler_takes_mark(sig);
	return true;
}

/* A signal's handler was replaced or removed: true when there is work for
 * handler_usage_forget() (outside liblockdep). */
static bool handler_usage_replaced(unsigned long sig)
{
	unsigned long before = __atomic_fetch_and(&locking_signals, ~sig, __ATOMIC_SEQ_CST);

	if (__atomic_load_n(&recorded_signals, __ATOMIC_RELAXED) & sig)
		__atomic_or_fetch(&replaced_signals, sig, __ATOMIC_RELAXED);
	return (before & sig) || (replaced_signals & sig);
}

/*
 * Under the graph lock, not to be called from inside liblockdep (a handler that
 * interrupted it), which may hold it: the records of replaced handlers' signals go;
 * when no locking handler is left, so does every class's usage in hard-irq context.
 * Nothing is lost for good: a handler that locks again marks its locks again, and
 * its conflict with a lock taken meanwhile with its signal deliverable is found then.
 */
static void handler_usage_forget(void)
{
	unsigned long replaced = __atomic_exchange_n(&replaced_signals, 0, __ATOMIC_RELAXED);
	bool none_locks = !__atomic_load_n(&locking_signals, __ATOMIC_SEQ_CST);

	liblockdep_graph_lock();
	for (size_t i = 0; i < ARRAY_SIZE(lock_classes); i++) {
		if (none_locks)
			lock_classes[i].usage_mask &= ~LOCKF_USED_IN_IRQ_ALL;
		if (!replaced || !handler_takes[i].key)
			continue;
		for (unsigned int rw = 0; rw < 2; rw++) {
			handler_takes[i].signals[rw] &= ~replaced;
			handler_takes[i].trace_signals[rw] &= ~replaced;
		}
	}
	__atomic_and_fetch(&recorded_signals, ~replaced, __ATOMIC_RELAXED);
	liblockdep_graph_unlock();
}
