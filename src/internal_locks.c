/*
 * liblockdep's own locks, all of them, in the order in which they nest: a thread
 * holding one may take only locks further down the list. Each is taken through
 * internal_lock() (src/reentry.c), so its sections run with cancellation disabled.
 * None is held while liblockdep waits for a lock of the program's.
 *
 * A new lock joins with one line here, at the place its nesting gives it (below
 * every lock held when it is taken, above every lock taken under it), and is taken
 * with internal_lock()/internal_unlock() like the others.
 */
static pthread_mutex_t *const internal_locks[] = {
	&hang_mutex,		/* the watchdog's view of the threads, src/hang_watchdog.c */
	&rcu_gp_lock,		/* a grace period waits for readers, who may want any lock below */
	&lock_table_mutex,	/* a new lock's entry: its call site, name and class key */
	&lock_sites_mutex,	/* a new call site: its name */
	&plumbing_frames_mutex,	/* frames of plumbing call sites, src/plumbing_sites.c */
	&graph_replay_mutex,	/* recorded dependencies replayed; takes lockdep's locks */
	&graph_mutex,		/* lockdep's graph; held by a reporter for the whole report */
	&live_tasks_mutex,	/* the threads, whose held locks a report may list */
	&rcu_registry_lock,	/* a thread's first RCU read section, under any lock above */
	&rcu_cb_lock,		/* call_rcu(), under the graph lock */
	&lock_stat_mutex,	/* a thread's statistics slot, at its start and exit */
	&sym_lock,		/* loaded objects' symbols, read while naming anything */
	&thread_lives_mutex,	/* joinable threads' records, src/thread_join.c */
	&output_mutex,		/* one write(2) of a line or a report */
	&handlers_mutex,	/* sigaction(), nothing under it: from a handler that
				 * interrupted liblockdep, under whatever the thread holds */
};

/*
 * fork(): the child gets a copy of liblockdep's tables, which must not be half way
 * through a change, and its only thread must find every lock free. So the forking
 * thread takes them all, in their order, with its signals blocked (a handler calling
 * sigaction() would wait for handlers_mutex, held by its own thread).
 *
 * Order against the program's own fork handlers: pthread_atfork() runs prepare
 * handlers in the reverse order of their registration, the others in that order.
 * A program's prepare handler may lock a mutex (checked, so it may need liblockdep's
 * locks) that another thread holds while it waits for one of liblockdep's: ours
 * must come after it. So liblockdep registers its handlers first, from its
 * constructor or its first lock operation, whichever comes first: its prepare
 * handler then runs after all the others and its parent and child handlers before
 * them, with every program lock of a prepare handler taken outside liblockdep's.
 * A handler registered before that (by another library's constructor, preloaded)
 * runs after ours and its locks go unchecked.
 */
static __thread sigset_t fork_saved_mask;

/*
 * A fork() from a signal handler that interrupted one of liblockdep's sections or
 * RCU read sections: the interrupted code may hold any of the locks, or hold up a
 * grace period, and waiting for a lock (its own, or one whose holder waits for it)
 * would never end. So the prepare handler takes none,
 * and the child, whose tables may be half way through a change, runs unchecked, as
 * one line says. (The parent's go on: they were not copied.)
 */
static __thread bool fork_in_section;

static void internal_locks_fork_prepare(void)
{
	sigset_t all;

	sigfillset(&all);
	real(pthread_sigmask)(SIG_BLOCK, &all, &fork_saved_mask);
	fork_in_section = internal_sections || rcu_in_section();
	if (fork_in_section)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(internal_locks); i++)
		internal_lock(internal_locks[i]);
}

static void internal_locks_fork_parent(void)
{
	for (size_t i = ARRAY_SIZE(internal_locks); i-- > 0 && !fork_in_section;)
		internal_unlock(internal_locks[i]);
	real(pthread_sigmask)(SIG_SETMASK, &fork_saved_mask, NULL);
}

/* The interrupted code, if the child returns to it, unlocks what it held: a mutex
 * unlocked twice stays free. */
static void fork_child_unchecked(void)
{
	WRITE_ONCE(liblockdep_checking, 0);
	liblockdep_was_off = true;
	INIT_LIST_HEAD(&live_tasks);
	liblockdep_rcu_fork_child();
	for (size_t i = 0; i < ARRAY_SIZE(internal_locks); i++)
		*internal_locks[i] = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	printk(KERN_ERR "liblockdep: fork() in a signal handler that interrupted liblockdep: "
	       "no checking in the child (pid %d)\n", (int)getpid());
}

static void internal_locks_fork_child(void)
{
	runner_fork_child();
	reports_fork_child();
	fast_path_fork_child();
	if (fork_in_section) {
		fork_child_unchecked();
	} else {
		task_fork_child();
		lock_stat_fork_child();
		liblockdep_rcu_fork_child();
		for (size_t i = ARRAY_SIZE(internal_locks); i-- > 0;)
			internal_lock_reset(internal_locks[i]);
	}
	real(pthread_sigmask)(SIG_SETMASK, &fork_saved_mask, NULL);
}

static void internal_locks_register_fork_handlers(void)
{
	pthread_atfork(internal_locks_fork_prepare, internal_locks_fork_parent,
		       internal_locks_fork_child);
}

static void internal_locks_at_fork(void)
{
	static pthread_once_t registered = PTHREAD_ONCE_INIT;

	real(pthread_once)(&registered, internal_locks_register_fork_handlers);
}

/* Before the program's constructors, which may register fork handlers of their own. */
static void __attribute__((__constructor__(101))) internal_locks_early_fork_handlers(void)
{
	internal_locks_at_fork();
}
