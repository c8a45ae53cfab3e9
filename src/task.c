/*
 * A thread as lockdep sees it: its task_struct lives in thread-local storage
 * (linux/sched.h) and is set up the first time the thread enters liblockdep, so no
 * init call is needed. When the thread exits, a pthread key destructor leaves a
 * record on each lock it still holds, reported if another thread waits for the lock
 * (src/ended_holders.c).
 */
/* The thread's task as it starts: "interrupts" off (linux/irqflags.h), no steps
 * learned (src/fast_path.c), an empty lock cache (src/lock_table.c). */
static __thread struct task_struct liblockdep_task = {
	.signals_off = 1,
	.fast_path = FAST_PATH_NONE_LEARNED,
	.lock_cache = LOCK_CACHE_EMPTY,
};

static LIST_HEAD(live_tasks);
static pthread_mutex_t live_tasks_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t task_exit_key;
static pthread_once_t task_process_once = PTHREAD_ONCE_INIT;

/* The thread's name as the kernel keeps it; reports print its control bytes escaped
 * (a \x01 would otherwise read as a printk level), JSON as JSON escapes them. */
static void task_read_name(struct task_struct *task)
{
	if (prctl(PR_GET_NAME, task->comm) != 0)
		snprintf(task->comm, sizeof(task->comm), "%s", process_name());
}

static void held_locks_drop_released(struct task_struct *task, unsigned long ip);
static void semaphores_left_at_end(struct task_struct *task, unsigned long ip);
static bool signal_handler_running(void);
static void forget_locks_of_ended(const void *from, unsigned long len);
static void ended_holders_leave(struct task_struct *task);

/*
 * A thread's stack dies with it, and glibc gives the memory to a later thread as is:
 * a lock there that the later thread takes at the same address must not find the
 * ended one's entry (its class and dependencies). So the thread notes the lowest lock
 * it makes between its stack pointer and its descriptor (pthread_self(), at the top
 * of its stack, above its thread-local storage), and its exit forgets the locks from
 * there up, as free() does. A stack pointer farther than TASK_STACK_SPAN below the
 * descriptor is on another stack (a coroutine's, the main thread's), and a signal
 * handler may run on one: neither notes anything.
 */
#define TASK_STACK_SPAN		(8UL << 20)	/* glibc's usual default thread stack */

static __thread unsigned long task_stack_locks_from;

static void task_note_lock(const void *lock)
{
	unsigned long addr = (unsigned long)lock, top = (unsigned long)pthread_self();
	unsigned long sp = (unsigned long)__builtin_frame_address(0);

	if (addr >= sp && addr < top && top - sp <= TASK_STACK_SPAN &&
	    (!task_stack_locks_from || addr < task_stack_locks_from) &&
	    !signal_handler_running())
		task_stack_locks_from = addr;
}

static void task_stack_locks_end(void)
{
	unsigned long from = task_stack_locks_from;

	if (from)
		forget_locks_of_ended((const void *)from, (unsigned long)pthread_self() - from);
	task_stack_locks_from = 0;
}

/*
 * The thread's last code is its thread-specific-data destructors, which glibc runs in
 * up to PTHREAD_DESTRUCTOR_ITERATIONS rounds, each in key order, while any value is
 * set. This one sets its value again until the last round, so that it comes after
 * the destructors of every round before, which may still take locks and keep them.
 */
static __thread unsigned int task_exit_rounds;

static void merged_locks_thread_exit(void);
static bool merged_outer_held(void);
static void merged_outer_back(struct task_struct *task);

static void task_exit(void *task)
{
	if (++task_exit_rounds < PTHREAD_DESTRUCTOR_ITERATIONS) {
		pthread_setspecific(task_exit_key, task);
		return;
	}
	liblockdep_busy_begin();
	/* Locks set aside past lockdep's depth limit are held too. */
	if (merged_outer_held())
		merged_outer_back(current);
	if (current->lockdep_depth && READ_ONCE(debug_locks)) {
		task_read_name(current);
		liblockdep_entry_ip = 0;
		semaphores_left_at_end(current, 0);
		held_locks_drop_released(current, 0);
		ended_holders_leave(current);
	}
	task_stack_locks_end();
	if (current->pid) {
		internal_lock(&live_tasks_mutex);
		list_del_init(&current->thread_list);
		internal_unlock(&live_tasks_mutex);
	}
	lock_stat_thread_exit();
	merged_locks_thread_exit();
	liblockdep_rcu_thread_exit();
	handler_stack_thread_exit();
	fast_path_thread_exit();
	plumbing_memos_thread_exit();
	liblockdep_busy_end();
}

/*
 * fork(), in the child (src/internal_locks.c holds every lock across the fork): the
 * forking thread is the only one left, and the other threads' held locks and handler
 * stacks are gone with them. A thread that never entered liblockdep stays unknown to it.
 */
static void task_fork_child(void)
{
	struct task_struct *task;

	list_for_each_entry(task, &live_tasks, thread_list)
		if (task != current)
			handler_stack_unmap(task);
	INIT_LIST_HEAD(&live_tasks);
	if (!current->pid)
		return;
	list_add(&current->thread_list, &live_tasks);
	current->pid = (int)syscall(SYS_gettid);
}

static void internal_locks_at_fork(void);

static void task_process_start(void)
{
	if (pthread_key_create(&task_exit_key, task_exit) != 0)
		task_exit_key = (pthread_key_t)-1;
	internal_locks_at_fork();
}

/* The thread's exit runs task_exit(): also for a thread that never locks but reads
 * lockdep's tables (a key's registration), which makes it one of RCU's readers. */
static void task_exit_hook_arm(void)
{
	real(pthread_once)(&task_process_once, task_process_start);
	if (task_exit_key != (pthread_key_t)-1)
		pthread_setspecific(task_exit_key, current);
}

/* One section: a thread cancelled half way would stay listed without its exit hook. */
static noinline void liblockdep_task_start(void)
{
	struct task_struct *task = current;
	int saved_errno = errno;

	internal_section_begin();
	task->pid = (int)syscall(SYS_gettid);
	task_read_name(task);
	lockdep_init_task(task);
	lock_stat_thread_start();
	internal_lock(&live_tasks_mutex);
	list_add_tail(&task->thread_list, &live_tasks);
	internal_unlock(&live_tasks_mutex);
	task_exit_hook_arm();
	internal_section_end();
	errno = saved_errno;
}

/*
 * Lockdep's "all locks held in the system", printed when a thread runs out of lock
 * depth. Like the kernel, it reads other threads' held locks without stopping them:
 * a snapshot for the reader, not a consistent state.
 */
void debug_show_all_locks(void)
{
	struct task_struct *task;

	if (unlikely(!debug_locks)) {
		pr_warn("INFO: lockdep is turned off.\n");
		return;
	}
	pr_warn("\nShowing all locks held in the system:\n");
	internal_lock(&live_tasks_mutex);
	list_for_each_entry(task, &live_tasks, thread_list)
		if (READ_ONCE(task->lockdep_depth))
			lockdep_print_held_locks(task);
	internal_unlock(&live_tasks_mutex);
	pr_warn("\n");
	pr_warn("=============================================\n\n");
}
