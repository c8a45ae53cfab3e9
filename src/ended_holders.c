/*
 * Locks left held by threads that ended. The kernel reports a task that exits with a
 * lock held, at once ("still has locks held!"): no kernel task is meant to. A program
 * may be: a thread that ends holding a lock while its process shuts down harms nobody
 * (OpenJDK's VM thread keeps a monitor locked on purpose as the VM ends, so that no
 * Java thread runs on), and a process's end (exit(), a return from main) is silent
 * however many locks its threads hold. What hangs is another thread that then waits
 * for such a lock: that one never gets it.
 *
 * So an ending thread leaves a record on each lock it still holds: its name and id,
 * lockdep's held_lock and the stack it ended on. The report, with the kernel's
 * headline naming the ended thread, comes when a thread then waits for the lock: a
 * blocking acquisition after the end (a trylock never waits; a read of a lock the
 * ended thread read-held does not either). A thread already waiting as the holder
 * ends is not reported: that is how OpenJDK's VM thread stops the JVM's daemon
 * threads for good as the process exits (the hang watchdog, LIBLOCKDEP_HANG,
 * explains such a wait that does hang a program). Each record is one report at most, and goes with its lock: when the lock
 * turns out released or taken by another (glibc's owner field, src/lock_owners.c),
 * and when it is destroyed, freed or initialised again.
 *
 * A later acquisition must reach lockdep's slow way to be seen: the record clears
 * the lock's cached classes, which the fast path (src/fast_path.c) needs, so the
 * fast path costs nothing more. Records are rare, a page each of liblockdep's own
 * memory, given back with the record; a thread reads a record only once it has
 * taken it off its lock (an atomic exchange), so that no other frees it meanwhile.
 */
struct ended_holder {
	char comm[TASK_COMM_LEN];
	int pid;
	struct held_lock hlock;		/* the ended thread's record of the lock */
	unsigned int nr_entries;
	unsigned long entries[STACK_TRACE_MAX_FRAMES];	/* where it ended */
};

static const char ended_holder_subject[] = "ended holder";

/* Sends the lock's next acquisition, by any thread, to lock_acquire_slow(). */
static void ended_holder_uncache(struct lock_entry *e)
{
	for (int i = 0; i < NR_LOCKDEP_CACHING_CLASSES; i++)
		WRITE_ONCE(e->map.class_cache[i], NULL);
}

static void ended_holder_free(struct ended_holder *h)
{
	if (h)
		liblockdep_pages_free(h, sizeof(*h));
}

/* The lock is gone, or no longer the ended thread's: its record goes. */
static void ended_holder_drop(struct lock_entry *e)
{
	if (e && READ_ONCE(e->ended_holder))
		ended_holder_free(__atomic_exchange_n(&e->ended_holder, NULL, __ATOMIC_ACQ_REL));
}

/* Whether glibc still names the ended thread tid (or, in doubt, someone) as the holder. */
static bool ended_holder_holds(int ended_tid, const struct lock_entry *e)
{
	int tid = 0;

	if (e->kind == LOCK_KIND_MAP)
		return true;	/* the program's own lock: only its release says */
	switch (lock_owner(e->lock, e->kind, &tid)) {
	case OWNER_NONE:
		return false;
	case OWNER_UNKNOWN:
		return true;	/* readers, a spin lock: nobody else released it seen */
	default:
		return tid == ended_tid;
	}
}

/*
 * The kernel's report, about the ended thread: its lock and the stack it ended on;
 * then this thread, which waits for the lock: its held locks and stack.
 */
static void ended_holder_report(const struct ended_holder *h, struct lock_entry *e,
				unsigned long ip)
{
	struct held_lock hlock = h->hlock;

	if (!liblockdep_report_begin(ended_holder_subject, e->lock))
		return;
	pr_warn("\n");
	pr_warn("====================================\n");
	pr_warn("WARNING: %s/%d still has locks held!\n", h->comm, h->pid);
	print_kernel_ident();
	pr_warn("------------------------------------\n");
	printk("1 lock held by %s/%d:\n", h->comm, h->pid);
	printk(" #0: ");
	print_lock(&hlock);
	pr_warn("\nstack backtrace:\n");
	printk("Call Trace:\n");
	stack_trace_print(h->entries, h->nr_entries, 1);
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn("%s/%d waits for the lock, held since %s/%d ended, at: %pS\n",
		current->comm, current->pid, h->comm, h->pid, (void *)ip);
	lockdep_print_held_locks(current);
	pr_warn("\nwaiter's stack backtrace:\n");
	dump_stack();
}

/* One lock this ending thread still holds: its record. */
static void ended_holder_leave(struct held_lock *hlock, const struct ended_holder *ending)
{
	struct lock_entry *e = container_of(hlock->instance, struct lock_entry, map);
	struct ended_holder *h;

	if (!READ_ONCE(e->lock) || !(h = liblockdep_pages_alloc(sizeof(*h))))
		return;
	memcpy(h, ending, sizeof(*h));
	h->hlock = *hlock;
	WRITE_ONCE(e->ended_tid, h->pid);
	WRITE_ONCE(e->ended_read, h->hlock.read != 0);
	ended_holder_free(__atomic_exchange_n(&e->ended_holder, h, __ATOMIC_ACQ_REL));
	ended_holder_uncache(e);
}

static bool ended_holder_leave_outer(struct held_lock *hlock, unsigned long ending)
{
	ended_holder_leave(hlock, (const struct ended_holder *)ending);
	return true;
}

/* At the thread's end (src/task.c), for the locks it still holds, those set aside
 * past lockdep's depth limit too (src/merged_locks.c): what their records share is
 * gathered once, off the stack. */
static noinline void ended_holders_leave(struct task_struct *task)
{
	struct ended_holder *ending;

	if (!task->lockdep_depth || !(ending = liblockdep_pages_alloc(sizeof(*ending))))
		return;
	memcpy(ending->comm, task->comm, sizeof(ending->comm));
	ending->pid = task->pid;
	ending->nr_entries = stack_trace_save(ending->entries, STACK_TRACE_MAX_FRAMES, 0);
	if (unlikely(merged_outer_held()))
		merged_outer_each(ended_holder_leave_outer, (unsigned long)ending);
	for (int i = 0; i < task->lockdep_depth; i++)
		ended_holder_leave(&task->held_locks[i], ending);
	ended_holder_free(ending);
}

/*
 * An acquisition, in lockdep's slow way, of a lock an ended thread left held. A
 * blocking one that conflicts waits for ever: reported, once. One that does not wait
 * (a trylock succeeded, the lock was released) drops the record. A read of a lock
 * the ended thread read-held keeps it, for a writer to come: true, and the caller
 * clears the cache lockdep fills again (ended_holder_uncache()).
 */
static noinline bool ended_holder_met(struct lock_entry *e, int read, int trylock,
				      unsigned long ip)
{
	struct ended_holder *h;

	if (!READ_ONCE(e->ended_holder))
		return false;
	if (!trylock && read && READ_ONCE(e->ended_read) &&
	    ended_holder_holds(READ_ONCE(e->ended_tid), e))
		return true;
	h = __atomic_exchange_n(&e->ended_holder, NULL, __ATOMIC_ACQ_REL);
	if (h && !trylock && ended_holder_holds(h->pid, e)) {
		ended_holder_report(h, e, ip);
		liblockdep_report_end();
	}
	ended_holder_free(h);
	return false;
}
