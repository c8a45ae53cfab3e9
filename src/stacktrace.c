/*
 * Stack traces through glibc's backtrace(). Every entry into liblockdep records the
 * address it will return to in the user's code (task.c); traces start at that frame,
 * so the user sees their own code and none of liblockdep's.
 *
 * backtrace() loads libgcc's unwinder with dlopen() on its first call, which takes
 * the loader's lock and allocates: that first call is made at start-up, outside any
 * lock wrapper, and until then traces are empty. The unwinder then finds each
 * frame's object with _dl_find_object(), without a lock.
 */
#define STACK_TRACE_MAX_FRAMES 64
/* Room for liblockdep's and lockdep's own frames above the entry frame, when fewer
 * frames than that are asked for. */
#define STACK_TRACE_FEW_FRAMES 24

static __thread unsigned long liblockdep_entry_ip;
static bool stack_trace_ready;

static void __attribute__((__constructor__)) stack_trace_prepare(void)
{
	void *frame;

	backtrace(&frame, 1);
	WRITE_ONCE(stack_trace_ready, true);
}

/* Unwound into store itself when it has room, so that no large array is on the
 * stack; the frames from the entry frame on are then moved to its start. */
unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	void *few[STACK_TRACE_FEW_FRAMES];
	bool direct = size >= STACK_TRACE_FEW_FRAMES;
	void **frames = direct ? (void **)store : few;
	int saved_errno = errno;
	int n = !READ_ONCE(stack_trace_ready) ? 0 :
		backtrace(frames, direct ? min(size, STACK_TRACE_MAX_FRAMES) : STACK_TRACE_FEW_FRAMES);
	unsigned int first = 0, i, count = 0;

	errno = saved_errno;
	for (i = 0; i < (unsigned int)n; i++) {
		if ((unsigned long)frames[i] == liblockdep_entry_ip) {
			first = i;
			break;
		}
	}
	if (i == (unsigned int)n)	/* entry frame unknown: use lockdep's own skip */
		first = min((unsigned int)n, skipnr);
	for (i = first; i < (unsigned int)n && count < size; i++)
		store[count++] = (unsigned long)frames[i];
	return count;
}

/*
 * "file:line" of a code address, from addr2line (LIBLOCKDEP_SYMBOLIZE=addr2line):
 * reports are rare, so one short-lived process per frame is fine. posix_spawn, not
 * fork: no atfork handlers run while the reporter holds lockdep's graph lock.
 */
static bool addr2line(unsigned long addr, char *out, size_t size)
{
	char offset[32], exe[32], *argv[] = { "addr2line", "-e", NULL, offset, NULL };
	posix_spawn_file_actions_t actions;
	struct loaded_object obj;
	ssize_t len = 0, n;
	int fds[2], status;
	pid_t pid;

	if (!loaded_object_of(addr, &obj) || pipe2(fds, O_CLOEXEC))
		return false;
	/* The call instruction, not the return address; relative to a PIE or library. */
	snprintf(offset, sizeof(offset), "0x%lx", addr - 1 - obj.bias);
	/* The program itself as this process sees it (addr2line's /proc/self is its own). */
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)getpid());
	argv[2] = (char *)(strchr(obj.path, '/') ? obj.path : exe);
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	if (posix_spawnp(&pid, "addr2line", &actions, NULL, argv, environ) == 0) {
		close(fds[1]);
		while (len < (ssize_t)size - 1 &&
		       (n = read(fds[0], out + len, size - 1 - len)) > 0)
			len += n;
		waitpid(pid, &status, 0);
	} else {
		close(fds[1]);
	}
	posix_spawn_file_actions_destroy(&actions);
	close(fds[0]);
	out[len] = '\0';
	out[strcspn(out, " \n")] = '\0';
	return len > 0 && out[0] != '?';
}

/* A frame with its file:line: a function of its own, so that its buffer is on the
 * stack only with LIBLOCKDEP_SYMBOLIZE=addr2line. */
static noinline void stack_trace_print_where(unsigned long addr, int spaces)
{
	char where[512];

	if (addr2line(addr, where, sizeof(where)))
		printk("%*c%pS (%s)\n", 1 + spaces, ' ', (void *)addr, where);
	else
		printk("%*c%pS\n", 1 + spaces, ' ', (void *)addr);
}

void stack_trace_print(const unsigned long *trace, unsigned int nr_entries, int spaces)
{
	int saved_errno = errno;

	for (unsigned int i = 0; i < nr_entries; i++) {
		if (settings.addr2line)
			stack_trace_print_where(trace[i], spaces);
		else
			printk("%*c%pS\n", 1 + spaces, ' ', (void *)trace[i]);
	}
	errno = saved_errno;
}

/* Inside a report, whose reporter holds the graph lock (src/runtime.c): one trace
 * at a time, in static storage. */
static void dump_stack(void)
{
	static unsigned long trace[STACK_TRACE_MAX_FRAMES];
	unsigned int n = stack_trace_save(trace, STACK_TRACE_MAX_FRAMES, 0);

	printk("Call Trace:\n");
	stack_trace_print(trace, n, 1);
}
