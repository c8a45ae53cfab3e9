/*
 * A hang explained (LIBLOCKDEP_HANG=seconds): the kernel's hung-task detector, with
 * lockdep's debug_show_all_locks(). A watchdog thread, which exists only when the
 * variable is set, looks at every thread once a second. A thread is blocked when it
 * waits for a lock (lockdep records it as held, validated, while glibc names another
 * owner: nothing to record on the lock path), or it said it waits in a condition
 * wait, a join or a once-init (hang_wait_begin(), a store when the variable is set);
 * and when its CPU time has not moved meanwhile, as the kernel's detector asks that
 * a task was not scheduled. Blocked longer than the setting, it gets the kernel's
 * "INFO: task NAME:TID blocked for more than N seconds.", once per wait, followed by
 * every thread's held locks, every thread's wait (what, held by whom), and, when the
 * waits form a cycle, the cycle as an actual deadlock (counted as a report).
 *
 * The same view on demand: liblockdep_show_all_locks(), and the signal chosen by
 * LIBLOCKDEP_SHOW_LOCKS_SIGNAL (the kernel's SysRq-d). The handler only posts a
 * semaphore (async-signal-safe) and the watchdog prints, so the signal is safe at
 * any moment. The watchdog blocks every signal, never enters liblockdep's checking,
 * and holds no lock while it sleeps, so exit and cancellation are as without it;
 * a child of fork() has none (a second thread could break a child that must stay
 * single-threaded, for unshare() say): there the signal says so once and takes its
 * default action.
 */
enum hang_wait_kind { HANG_WAIT_NONE, HANG_WAIT_LOCK, HANG_WAIT_COND, HANG_WAIT_JOIN, HANG_WAIT_ONCE };

static const char *const hang_wait_names[] = {
	[HANG_WAIT_LOCK] = "lock",
	[HANG_WAIT_COND] = "condition wait",
	[HANG_WAIT_JOIN] = "join of thread",
	[HANG_WAIT_ONCE] = "once-init",
};

static noinline void hang_wait_note(unsigned int kind, const void *object)
{
	struct liblockdep_wait *w = &current->wait;

	WRITE_ONCE(w->object, object);
	WRITE_ONCE(w->seq, w->seq + 1);
	__atomic_store_n(&w->kind, kind, __ATOMIC_RELEASE);
}

/* Around a blocking call: this thread waits in object. Nothing unless watched. */
static __always_inline void hang_wait_begin(unsigned int kind, const void *object)
{
	if (unlikely(settings.hang_seconds))
		hang_wait_note(kind, object);
}

static __always_inline void hang_wait_end(void)
{
	if (unlikely(settings.hang_seconds))
		__atomic_store_n(&current->wait.kind, HANG_WAIT_NONE, __ATOMIC_RELEASE);
}

#define HANG_THREADS_MAX	256

/* One thread as the watchdog saw it, copied under live_tasks_mutex. */
struct hang_view {
	struct task_struct *task;
	int tid;
	char comm[TASK_COMM_LEN];
	unsigned int kind;
	const void *object;
	const char *name;	/* the waited lock's class, when lockdep knows it */
	int holder;		/* the thread that holds it, 0 when none is known */
	bool blocked;		/* for longer than the setting */
	bool newly;		/* and not reported yet */
};

static struct hang_view hang_views[HANG_THREADS_MAX];	/* under hang_mutex */
static pthread_mutex_t hang_mutex = PTHREAD_MUTEX_INITIALIZER;
static sem_t hang_wakeup;
static bool hang_deadlock_reported;
static const char hang_deadlock_headline[] =
	"WARNING: deadlock: threads wait for each other in a cycle";

static u64 hang_now(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts))
		return 0;
	return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

/* The CPU clock of a thread of this process, by its id (the kernel's encoding). */
static clockid_t thread_cpu_clock(int tid)
{
	return (clockid_t)((~(unsigned int)tid << 3) | 6);
}

/*
 * Whether the thread pid waits for e, the lock on top of its held locks (lockdep
 * records a lock before the call that blocks): a mutex or an rwlock another thread
 * writes, by glibc's word (*tid); an rwlock that only readers hold, for writing
 * (*tid 0: readers are known by lockdep's records alone). A spin lock is not: its
 * waiter spins, and so is never blocked.
 */
static bool hang_lock_waited(const struct lock_entry *e, const struct held_lock *hlock,
			     int pid, int *tid)
{
	enum lock_owner owner;

	if ((e->kind != LOCK_KIND_MUTEX && e->kind != LOCK_KIND_RWLOCK) || !READ_ONCE(e->lock))
		return false;
	*tid = 0;
	owner = lock_owner(e->lock, e->kind, tid);
	if (owner == OWNER_OTHER_THREAD)
		return *tid != pid;
	*tid = 0;
	return owner == OWNER_UNKNOWN && e->kind == LOCK_KIND_RWLOCK && !hlock->read;
}

/* What a thread waits in: its own word, or the lock on top of its held locks when
 * glibc says it is not the thread's. Under live_tasks_mutex. */
static void hang_view_wait(struct hang_view *v)
{
	struct task_struct *task = v->task;
	unsigned int kind = __atomic_load_n(&task->wait.kind, __ATOMIC_ACQUIRE);
	int depth = min(READ_ONCE(task->lockdep_depth), (int)MAX_LOCK_DEPTH);
	const struct lock_entry *e = NULL;
	int tid = 0;

	v->kind = HANG_WAIT_NONE;
	if (kind != HANG_WAIT_NONE) {
		v->kind = kind;
		v->object = READ_ONCE(task->wait.object);
		if (kind != HANG_WAIT_COND && v->object) {
			liblockdep_rcu_read_lock();
			e = lock_table_find(v->object);
			liblockdep_rcu_read_unlock();
		}
	} else if (depth) {
		struct held_lock *hlock = &task->held_locks[depth - 1];

		e = container_of(READ_ONCE(hlock->instance), struct lock_entry, map);
		if (!hang_lock_waited(e, hlock, task->pid, &tid))
			return;
		v->kind = HANG_WAIT_LOCK;
		v->object = e->lock;
		v->holder = tid;
	}
	if (e) {
		v->name = READ_ONCE(e->map.name);
		if (!v->holder)
			v->holder = lock_recorded_holder(e, task, RECORDED_HOLDING |
						 (e->kind == LOCK_KIND_RWLOCK ? RECORDED_READING : 0));
	}
}

/* Whether the thread has waited in the same wait, without running, for long enough. */
static bool hang_blocked(struct hang_view *v, u64 now, unsigned int *seconds)
{
	struct liblockdep_wait *w = &v->task->wait;
	u64 cputime = hang_now(thread_cpu_clock(v->tid));
	unsigned int seq = READ_ONCE(w->seq);

	if (v->kind == HANG_WAIT_NONE) {
		w->seen_kind = HANG_WAIT_NONE;
		return false;
	}
	if (w->seen_kind != v->kind || w->seen_object != v->object || w->seen_seq != seq ||
	    w->seen_cputime != cputime) {
		w->seen_kind = v->kind;
		w->seen_object = v->object;
		w->seen_seq = seq;
		w->seen_cputime = cputime;
		w->seen_since = now;
		w->reported = false;
		return false;
	}
	*seconds = (unsigned int)((now - w->seen_since) / 1000000000ull);
	return *seconds >= settings.hang_seconds;
}

/* Every thread's state, copied, and how many are newly blocked; returns how many. */
static unsigned int hang_views_take(u64 now, unsigned int *newly)
{
	struct task_struct *task;
	unsigned int n = 0, seconds;

	*newly = 0;
	internal_lock(&live_tasks_mutex);
	list_for_each_entry(task, &live_tasks, thread_list) {
		struct hang_view *v = &hang_views[n];

		if (n == HANG_THREADS_MAX)
			break;
		memset(v, 0, sizeof(*v));
		v->task = task;
		v->tid = task->pid;
		memcpy(v->comm, task->comm, sizeof(v->comm));
		v->comm[TASK_COMM_LEN - 1] = '\0';
		hang_view_wait(v);
		v->blocked = now && hang_blocked(v, now, &seconds);
		if (v->blocked && !task->wait.reported) {
			task->wait.reported = true;
			v->newly = true;
			(*newly)++;
		}
		n++;
	}
	internal_unlock(&live_tasks_mutex);
	return n;
}

static struct hang_view *hang_view_of(unsigned int n, int tid)
{
	for (unsigned int i = 0; tid && i < n; i++)
		if (hang_views[i].tid == tid)
			return &hang_views[i];
	return NULL;
}

static void hang_print_wait(const struct hang_view *v, unsigned int n)
{
	const struct hang_view *holder = hang_view_of(n, v->holder);

	printk("%s/%d waits in %s %px", v->comm, v->tid, hang_wait_names[v->kind], v->object);
	if (v->name)
		printk(KERN_CONT " (%s)", v->name);
	if (holder)
		printk(KERN_CONT ", held by %s/%d\n", holder->comm, holder->tid);
	else if (v->holder)
		printk(KERN_CONT ", held by thread %d\n", v->holder);
	else
		printk(KERN_CONT "\n");
}

/* Follows "waits for a lock held by" from v; prints the cycle when it comes back. */
static bool hang_print_cycle(struct hang_view *v, unsigned int n)
{
	struct hang_view *at = v;
	unsigned int steps = 0;

	do {
		at = at->blocked ? hang_view_of(n, at->holder) : NULL;
	} while (at && at != v && ++steps < n);
	if (at != v)
		return false;
	printk("\n======================================================\n");
	printk("%s\n", hang_deadlock_headline);
	printk("%s %s %s\n", init_utsname()->release, init_utsname()->version, print_tainted());
	printk("------------------------------------------------------\n");
	do {
		hang_print_wait(at, n);
		at = hang_view_of(n, at->holder);
	} while (at != v);
	printk("\n *** DEADLOCK ***\n\n");
	return true;
}

/* Held locks of every thread, then every thread's wait: the view on demand too. */
static void hang_show(unsigned int n)
{
	debug_show_all_locks();
	for (unsigned int i = 0; i < n; i++)
		if (hang_views[i].kind != HANG_WAIT_NONE)
			hang_print_wait(&hang_views[i], n);
}

static void hang_check(void)
{
	unsigned int newly, n;

	internal_lock(&hang_mutex);
	n = hang_views_take(hang_now(CLOCK_MONOTONIC), &newly);
	if (!newly)
		goto out;
	for (unsigned int i = 0; i < n; i++) {
		if (!hang_views[i].newly)
			continue;
		printk("INFO: task %s:%d blocked for more than %u seconds.\n",
		       hang_views[i].comm, hang_views[i].tid, settings.hang_seconds);
		printk("      %s %s %s\n", init_utsname()->release, init_utsname()->version,
		       print_tainted());
	}
	hang_show(n);
	for (unsigned int i = 0; i < n && !hang_deadlock_reported; i++) {
		if (hang_views[i].blocked && hang_print_cycle(&hang_views[i], n)) {
			hang_deadlock_reported = true;
			__atomic_add_fetch(&liblockdep_reports, 1, __ATOMIC_RELAXED);
			note_report("deadlock", hang_deadlock_headline);
		}
	}
out:
	internal_unlock(&hang_mutex);
}

static void hang_show_now(void)
{
	internal_lock(&hang_mutex);
	hang_show(hang_views_take(0, &(unsigned int){ 0 }));
	internal_unlock(&hang_mutex);
}

static void *hang_watchdog_run(void *unused)
{
	struct timespec next;
	sigset_t all;

	sigfillset(&all);
	real(pthread_sigmask)(SIG_BLOCK, &all, NULL);
	prctl(PR_SET_NAME, "lockdep-watch");
	liblockdep_busy_begin();	/* whatever it calls goes unchecked */
	for (;;) {
		clock_gettime(CLOCK_REALTIME, &next);
		next.tv_sec += 1;
		if (!settings.hang_seconds) {
			if (!real(sem_wait)(&hang_wakeup))
				hang_show_now();
		} else if (!real(sem_timedwait)(&hang_wakeup, &next)) {
			hang_show_now();
		} else if (errno == ETIMEDOUT) {
			hang_check();
		}
	}
	return unused;
}

/* The process whose watchdog prints: a child of fork() has none. */
static pid_t hang_watchdog_pid;

/*
 * The signal in a child of fork(), where no watchdog would print: the child says so
 * once and gets the signal's default action, as it would without liblockdep. The
 * line goes straight to stderr when this thread may hold output_mutex already.
 */
static void hang_show_locks_in_child(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	char line[200];
	size_t len;

	len = liblockdep_snprintk(line, sizeof(line),
				  "liblockdep: LIBLOCKDEP_SHOW_LOCKS_SIGNAL=%d: no held locks "
				  "shown in pid %d, a child of fork() (no watchdog thread); "
				  "the signal takes its default action\n", sig, (int)getpid());
	if (liblockdep_busy)
		write_all(STDERR_FILENO, line, len);
	else
		liblockdep_output(line, len);
	real(sigaction)(sig, &dfl, NULL);
	raise(sig);	/* blocked in this handler: acts as it returns */
}

static void hang_show_locks_signal(int sig)
{
	int saved_errno = errno;

	if (getpid() == hang_watchdog_pid)
		real(sem_post)(&hang_wakeup);
	else
		hang_show_locks_in_child(sig);
	errno = saved_errno;
}

/* From the settings' first reading, so before main() or at the first lock. */
static void hang_watchdog_start(void)
{
	struct sigaction sa = { .sa_handler = hang_show_locks_signal, .sa_flags = SA_RESTART };
	pthread_attr_t attr;
	pthread_t thread;

	if (!settings.hang_seconds && !settings.show_locks_signal)
		return;
	real(sem_init)(&hang_wakeup, 0, 0);
	/* Resolved now (preload: dlsym()), not first in the signal handler. */
	real(sem_post)(&hang_wakeup);
	real(sem_wait)(&hang_wakeup);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	if (real(pthread_create)(&thread, &attr, hang_watchdog_run, NULL)) {
		printk(KERN_ERR "liblockdep: cannot start the hang watchdog\n");
		settings.hang_seconds = 0;
	} else if (settings.show_locks_signal) {
		hang_watchdog_pid = getpid();
		sigfillset(&sa.sa_mask);
		real(sigaction)(settings.show_locks_signal, &sa, NULL);
	}
	pthread_attr_destroy(&attr);
}

LIBLOCKDEP_API void liblockdep_show_all_locks(void)
{
	liblockdep_busy_begin();
	hang_show_now();
	liblockdep_busy_end();
}
