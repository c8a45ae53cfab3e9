/*
 * Who holds a lock, as glibc records it: what lockdep needs when a lock's operations
 * are split between checked and unchecked code, or between threads. A program may be
 * checked only in part (liblockdep.h in some of its files), and a lock may change
 * hands (a hand-off: locked in one thread, unlocked in another). Lockdep sees only
 * the checked half of such a lock's life; left alone it accuses correct code: an
 * unlock or a condition wait of a lock taken unseen is its "bad unlock balance", and
 * a lock released unseen stays among the thread's held locks, to give false
 * dependencies, a false "recursive locking" at the next lock and a false "still has
 * locks held" at exit.
 *
 * glibc writes the owner's thread id into every mutex it locks (__data.__owner, all
 * kinds; not under lock elision, which is off unless a glibc tunable turns it on) and
 * the writer's into an rwlock (__data.__cur_writer). Readers of an rwlock leave only
 * a count, and a spin lock only its locked word: for those, "somebody holds it" is
 * all there is to know, and in doubt liblockdep keeps silent and keeps its record.
 */
enum lock_owner {
	OWNER_NONE,		/* nobody holds the lock */
	OWNER_THIS_THREAD,
	OWNER_OTHER_THREAD,	/* the thread of this process whose id is *tid */
	OWNER_ELSEWHERE,	/* a thread of another process: see thread_is_ours() */
	OWNER_UNKNOWN,		/* held, perhaps by this thread: readers, a spin lock */
};

/*
 * Whether a thread id that is not this thread's names a thread of this process.
 * Not always: in a child of fork() the locks the forking thread held still name the
 * thread it was in the parent, and a process-shared lock may be held in another
 * process. The kernel answers (tgkill with no signal); a foreign id is remembered,
 * for the child that checks its inherited locks at every lock. A negative "id" names
 * no thread: the kernel refuses it (EINVAL, not ESRCH), and it was printed as
 * "thread -1010212544 took the lock".
 */
static bool thread_is_ours(int tid)
{
	static __thread int foreign_tid;
	int saved_errno = errno;
	bool ours;

	if (tid < 0 || tid == foreign_tid)
		return false;
	ours = syscall(SYS_tgkill, getpid(), tid, 0) == 0 || errno != ESRCH;
	if (!ours)
		foreign_tid = tid;
	errno = saved_errno;
	return ours;
}

/* glibc marks a mutex it elides (never writing an owner) in its kind. */
#define GLIBC_MUTEX_ELISION	256
/* glibc's x86 spin locks count down from 1 (unlocked) to take the lock; the
 * generic ones go from 0 to 1. */
#if defined(__x86_64__) || defined(__i386__)
#define GLIBC_SPIN_UNLOCKED	1
#else
#define GLIBC_SPIN_UNLOCKED	0
#endif

/* A once-init left by an exception or a cancellation is no longer in progress
 * (src/once.c); a semaphore posted unseen has a count again (src/semaphores.c). */
static bool once_in_progress(const void *once);
static bool semaphore_taken(const void *sem);

static enum lock_owner lock_owner(const void *lock, enum lock_kind kind, int *tid)
{
	const pthread_rwlock_t *rw = lock;
	int owner;

	switch (kind) {
	case LOCK_KIND_MAP:
		return OWNER_NONE;	/* the program's own lock: lockdep's record is all */
	case LOCK_KIND_ONCE:
		return once_in_progress(lock) ? OWNER_UNKNOWN : OWNER_NONE;
	case LOCK_KIND_SEMAPHORE:
		return semaphore_taken(lock) ? OWNER_UNKNOWN : OWNER_NONE;
	case LOCK_KIND_MUTEX:
		if (READ_ONCE(((const pthread_mutex_t *)lock)->__data.__kind) & GLIBC_MUTEX_ELISION)
			return OWNER_UNKNOWN;
		owner = READ_ONCE(((const pthread_mutex_t *)lock)->__data.__owner);
		break;
	case LOCK_KIND_RWLOCK:
		owner = READ_ONCE(rw->__data.__cur_writer);
		/* Readers, or a writer between taking the lock and writing its id. */
		if (!owner && (READ_ONCE(rw->__data.__readers) & ~GLIBC_RWLOCK_WRPHASE))
			return OWNER_UNKNOWN;
		break;
	default:
		return READ_ONCE(*(const pthread_spinlock_t *)lock) != GLIBC_SPIN_UNLOCKED ?
		       OWNER_UNKNOWN : OWNER_NONE;
	}
	*tid = owner;
	if (!owner)
		return OWNER_NONE;
	if (owner == current->pid)
		return OWNER_THIS_THREAD;
	return thread_is_ours(owner) ? OWNER_OTHER_THREAD : OWNER_ELSEWHERE;
}

/* Which records lock_recorded_holder() counts: any, or only a holder's (not one of a
 * thread that says it waits in the lock, src/hang_watchdog.c), or only a reader's. */
#define RECORDED_ANY		0u
#define RECORDED_HOLDING	1u
#define RECORDED_READING	2u

/*
 * A live thread but except whose held locks record e, as which asks: its id, or 0.
 * Another thread's records are read, as debug_show_all_locks() reads them, never
 * edited. Under live_tasks_mutex.
 */
static int lock_recorded_holder(const struct lock_entry *e, const struct task_struct *except,
				unsigned int which)
{
	struct task_struct *task;

	list_for_each_entry(task, &live_tasks, thread_list) {
		int depth = min(READ_ONCE(task->lockdep_depth), (int)MAX_LOCK_DEPTH);

		if (task == except)
			continue;
		if ((which & RECORDED_HOLDING) && __atomic_load_n(&task->wait.kind, __ATOMIC_ACQUIRE) &&
		    READ_ONCE(task->wait.object) == e->lock)
			continue;
		for (int i = 0; i < depth; i++)
			if (READ_ONCE(task->held_locks[i].instance) == &e->map &&
			    (!(which & RECORDED_READING) || task->held_locks[i].read))
				return task->pid;
	}
	return 0;
}

/* Whether another thread records e: its class must outlive that record, which
 * lockdep reads again when the thread releases a lock taken before it. */
static bool lock_recorded_elsewhere(const struct lock_entry *e)
{
	int holder;

	internal_lock(&live_tasks_mutex);
	holder = lock_recorded_holder(e, current, RECORDED_ANY);
	internal_unlock(&live_tasks_mutex);
	return holder != 0;
}

/*
 * Whether a lock lockdep records as held by this thread is no longer its, by
 * glibc's word: gone (its entry forgotten), held by nobody or by another thread of
 * this process. A write lock of an rwlock is gone too when only readers hold it;
 * a read lock, a spin lock and a lock inherited across fork() are kept in doubt.
 */
static bool lock_released_unseen(const struct lock_entry *e, bool shared)
{
	const void *lock = READ_ONCE(e->lock);
	int tid;

	if (!lock)
		return true;
	if (e->kind == LOCK_KIND_MAP)
		return false;	/* only its release says it is released */
	switch (lock_owner(lock, e->kind, &tid)) {
	case OWNER_NONE:
	case OWNER_OTHER_THREAD:
		return true;
	case OWNER_UNKNOWN:
		return !shared && e->kind == LOCK_KIND_RWLOCK;
	default:
		return false;
	}
}

static bool held_lock_released_unseen(const struct held_lock *hlock)
{
	return lock_released_unseen(container_of(hlock->instance, struct lock_entry, map),
				    hlock->read);
}

/*
 * Drops, quietly, the held locks this thread no longer holds. Called by the thread
 * itself: on its way into lockdep before a lock while it holds others and before a
 * report of an unbalanced unlock, and at its exit. Another thread never edits this
 * one's held locks (they are its thread-local task_struct, and lockdep's chain keys
 * depend on their order): a thread that releases a lock another holds leaves the
 * record where it is, and the holder finds it released here, by glibc's owner field,
 * at its next lock.
 *
 * Not in a signal handler (the callers test that none runs; entry_ready, false in
 * one, is also false while a lock just made is private, src/first_use.c): the
 * handler may have interrupted a lock call between lockdep's record and glibc's
 * acquisition, when the lock looks released and is not.
 */
static noinline void held_locks_drop_released(struct task_struct *task, unsigned long ip)
{
	/* Releasing an entry moves only those above it: walk from the top down. */
	for (int i = task->lockdep_depth - 1; i >= 0; i--) {
		if (held_lock_released_unseen(&task->held_locks[i])) {
			lock_release(task->held_locks[i].instance, ip);
			liblockdep_report_end();
		}
	}
}

/*
 * The thread that holds a lock, for a report about it: its name and the locks it
 * holds, each with where it took it (lockdep keeps that one frame per held lock).
 * They are read without stopping the thread, as debug_show_all_locks() does: a
 * snapshot, each entry copied before it is printed. The caller is reporting (under
 * the graph lock, which comes before live_tasks_mutex).
 */
static void print_lock_holder(const struct lock_entry *e, int tid)
{
	struct task_struct *task;
	struct held_lock hlock;
	bool seen = false;

	internal_lock(&live_tasks_mutex);
	list_for_each_entry(task, &live_tasks, thread_list) {
		int depth = min(READ_ONCE(task->lockdep_depth), (int)MAX_LOCK_DEPTH);

		if (task->pid != tid)
			continue;
		pr_warn("but %s/%d holds it; the locks it holds:\n", task->comm, tid);
		for (int i = 0; i < depth; i++) {
			memcpy(&hlock, &task->held_locks[i], sizeof(hlock));
			seen |= hlock.instance == &e->map;
			printk(" #%d: ", i);
			print_lock(&hlock);
		}
		break;
	}
	internal_unlock(&live_tasks_mutex);
	if (!seen)
		pr_warn("(thread %d took the lock where liblockdep could not see)\n", tid);
}

/*
 * Headline and the lock, as lockdep's own reports begin; false for a problem reported
 * before (src/report_once.c: the headline and the lock's class, the one class named
 * before "other info", which comes before the holder's locks for that reason).
 */
static bool print_owner_report_head(const char *headline, const char *doing,
				    struct lock_entry *e, unsigned long ip)
{
	size_t len = strlen(headline);

	if (!liblockdep_report_begin(headline, e->lock))
		return false;
	pr_warn("\n");
	pr_warn("%.*s\n", (int)len, "==========================================================");
	pr_warn("%s\n", headline);
	print_kernel_ident();
	pr_warn("%.*s\n", (int)len, "----------------------------------------------------------");
	pr_warn("%s/%d is %s lock (", current->comm, task_pid_nr(current), doing);
	print_lockdep_cache(&e->map);
	pr_cont(") at: %pS\n", (void *)ip);
	pr_warn("\nother info that might help us debug this:\n");
	return true;
}

static void print_owner_report_tail(void)
{
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
	liblockdep_report_end();
}

/*
 * A release of a lock another thread holds: undefined for pthread mutexes, yet a
 * common hand-off idiom. Reported once per class; lockdep records nothing here, and
 * the holder drops its record at its next lock (held_locks_drop_released()).
 */
static void report_release_by_other(struct lock_entry *e, int holder, unsigned long ip)
{
	if (!print_owner_report_head("WARNING: lock released by a thread that does not hold it!",
				     "releasing", e, ip))
		return;
	print_lock_holder(e, holder);
	print_owner_report_tail();
}

/*
 * An init of a lock this thread holds (the kernel's locking-selftest "init held",
 * which its debug mutexes catch as memory freed with a held lock in it): the lock's
 * state is overwritten under its holder. Reported once per class; the record left
 * held is dropped at the next lock, as glibc now says nobody holds the lock.
 */
static void report_init_held(struct lock_entry *e, unsigned long ip)
{
	if (print_owner_report_head("WARNING: held lock re-initialized!", "re-initializing",
				    e, ip))
		print_owner_report_tail();
}

/* Before a report at this thread: not to list its locks released unseen. */
static void held_locks_drop_released_before_report(void)
{
	struct task_struct *task = current;

	if (task->lockdep_depth && !signal_handler_running())
		held_locks_drop_released(task, liblockdep_entry_ip);
}

/*
 * An unlock (or a condition wait) of a lock lockdep does not see this thread hold.
 * If glibc says the thread holds it (or may: readers, spin locks, another process),
 * unchecked code took it: the unlock passes unrecorded, and so does a condition
 * wait's re-acquisition. Held by nobody, it is lockdep's bad unlock balance,
 * reported by releasing the lock's entry; held by another thread, a release by a
 * thread that does not hold it. Returns the entry lockdep is to release, or NULL.
 */
static noinline struct lock_entry *unheld_unlock_entry(const void *lock, enum lock_kind kind,
						      int read_mode, unsigned long ip)
{
	enum lock_owner owner;
	struct lock_entry *e;
	int holder;

	if (!liblockdep_enter(ip))
		return NULL;
	/* Merged past the depth limit: released as lockdep's are (src/merged_locks.c). */
	if ((e = merged_lock_of(lock)))
		return e;
	owner = lock_owner(lock, kind, &holder);
	if (owner != OWNER_NONE && owner != OWNER_OTHER_THREAD)
		return NULL;
	held_locks_drop_released_before_report();
	e = lock_entry_of(lock, kind, read_mode, ip);
	if (owner == OWNER_NONE || !e)
		return e;
	report_release_by_other(e, holder, ip);
	return NULL;
}

/*
 * An unlock of a mutex lockdep sees held but whose owner field names another
 * thread. Its record may be stale: then unchecked code (or another thread) released
 * the mutex already, the record goes quietly and the unlock is judged as one of a
 * lock this thread does not hold (a double unlock is a bad unlock balance). A lock
 * kept in doubt (inherited across fork(), elided) is released as usual.
 */
static noinline struct lock_entry *mutex_unlock_recheck(struct lock_entry *e, unsigned long ip)
{
	const void *lock = e->lock;

	if (!liblockdep_enter(ip) || !lock_released_unseen(e, false))
		return e;
	lock_release(&e->map, ip);
	liblockdep_report_end();
	if (!liblockdep_check_now() || liblockdep_was_off)
		return NULL;
	return unheld_unlock_entry(lock, LOCK_KIND_MUTEX, 0, ip);
}

/*
 * A destroy of a lock still held (EBUSY for a mutex, undefined for all). When
 * another thread holds it, the report is the destroyer's, once per class, if checked.
 * The lock keeps its entry whoever holds it, so the holder's unlock stays balanced.
 * Returns whether the lock is held.
 */
static bool lock_destroyed_while_held(struct lock_entry *e, bool checked, unsigned long ip)
{
	int holder;

	switch (lock_owner(e->lock, e->kind, &holder)) {
	case OWNER_NONE:
		return false;
	case OWNER_OTHER_THREAD:
		if (!checked)
			return true;
		held_locks_drop_released_before_report();
		if (print_owner_report_head("WARNING: destroying a lock held by another thread!",
					    "destroying", e, ip)) {
			print_lock_holder(e, holder);
			print_owner_report_tail();
		}
		return true;
	default:
		return true;
	}
}
