/*
 * A thread as lockdep sees it: its task_struct lives in thread-local storage
 * (linux/sched.h) and is set up the first time the thread enters liblockdep, so no
 * init call is needed. When the thread exits, a pthread key destructor reports any
 * lock it still holds, as the kernel does for an exiting task.
 */
static LIST_HEAD(live_tasks);
static pthread_mutex_t live_tasks_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t task_exit_key;
static pthread_once_t task_process_once = PTHREAD_ONCE_INIT;

static void task_read_name(struct task_struct *task)
{
	if (prctl(PR_GET_NAME, task->comm) != 0)
		snprintf(task->comm, sizeof(task->comm), "%s", program_invocation_short_name);
}

static void held_locks_drop_released(struct task_struct *task, unsigned long ip);

static void task_exit(void *task)
{
	(void)task;
	liblockdep_busy_begin();
	if (current->lockdep_depth && READ_ONCE(debug_locks)) {
		task_read_name(current);
		liblockdep_entry_ip = 0;
		held_locks_drop_released(current, 0);
		debug_check_no_locks_held();
		liblockdep_report_end();
	}
	internal_lock(&live_tasks_mutex);
	list_del_init(&current->thread_list);
	internal_unlock(&live_tasks_mutex);
	liblockdep_rcu_thread_exit();
	liblockdep_busy_end();
}

/*
 * fork(): liblockdep's tables must be copied in a consistent state, so the forking
 * thread holds their locks across the fork. The child has one thread: the forking
 * thread, which keeps the locks it holds, as POSIX says; the other threads are gone,
 * and so are their held locks.
 */
/* In liblockdep's lock order: the side table's mutex is held while a new lock's
 * class key is registered (which takes the graph lock); a report, under the graph
 * lock, may list every thread's locks. */
static void task_fork_prepare(void)
{
	internal_lock(&lock_table_mutex);
	internal_lock(&lock_sites_mutex);
	graph_lock_fork_prepare();
	internal_lock(&live_tasks_mutex);
}

static void task_fork_parent(void)
{
	internal_unlock(&live_tasks_mutex);
	graph_lock_fork_parent();
	internal_unlock(&lock_sites_mutex);
	internal_unlock(&lock_table_mutex);
}

static void task_fork_child(void)
{
	internal_lock_reset(&live_tasks_mutex);
	internal_lock_reset(&lock_sites_mutex);
	internal_lock_reset(&lock_table_mutex);
	graph_lock_fork_child();
	INIT_LIST_HEAD(&live_tasks);
	list_add(&current->thread_list, &live_tasks);
	current->pid = (int)syscall(SYS_gettid);
	liblockdep_rcu_fork_child();
}

static void task_process_start(void)
{
	if (pthread_key_create(&task_exit_key, task_exit) != 0)
		task_exit_key = (pthread_key_t)-1;
	pthread_atfork(task_fork_prepare, task_fork_parent, task_fork_child);
}

static noinline void liblockdep_task_start(void)
{
	struct task_struct *task = current;
	int saved_errno = errno;

	task->pid = (int)syscall(SYS_gettid);
	task_read_name(task);
	lockdep_init_task(task);
	internal_lock(&live_tasks_mutex);
	list_add_tail(&task->thread_list, &live_tasks);
	internal_unlock(&live_tasks_mutex);
	pthread_once(&task_process_once, task_process_start);
	if (task_exit_key != (pthread_key_t)-1)
		pthread_setspecific(task_exit_key, task);
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
