/*
 * Stack traces through our unwinder (src/unwind.c), or glibc's backtrace() where it
 * cannot follow a frame. Every entry into liblockdep records the address it will
 * return to in the user's code (task.c); traces start at that frame, so the user sees
 * their own code and none of liblockdep's.
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
/* Where threads are entered: the C library's object (start_thread, clone3,
 * __libc_start_main), and the program's entry point (_start). */
static unsigned long libc_start, libc_end, program_entry;

static int graph_replay_trace(unsigned long *store, unsigned int size);
/* A stack saved before, that lockdep's next save_trace() records instead of this
 * thread's (src/handler_usage.c: a usage marked later than the take it is of). */
static __thread const struct lock_trace *stack_trace_given;

static void __attribute__((__constructor__)) stack_trace_prepare(void)
{
	struct loaded_object libc;
	void *frame;

	backtrace(&frame, 1);
	/* Linked statically, the C library is the program: no object of its own. */
	if (loaded_object_of((unsigned long)abort, &libc) && libc.path[0]) {
		libc_start = libc.start;
		libc_end = libc.end;
	}
	program_entry = getauxval(AT_ENTRY);
	WRITE_ONCE(stack_trace_ready, true);
}

/* Unwound into store itself when it has room, so that no large array is on the
 * stack; the frames from the entry frame on are then moved to its start. */
static unsigned int stack_trace_unwind(unsigned long *store, unsigned int size,
				       unsigned int skipnr)
{
	void *few[STACK_TRACE_FEW_FRAMES];
	bool direct = size >= STACK_TRACE_FEW_FRAMES;
	void **frames = direct ? (void **)store : few;
	int saved_errno = errno;
	int n = !READ_ONCE(stack_trace_ready) ? 0 :
		unwind_backtrace(frames, direct ? min(size, STACK_TRACE_MAX_FRAMES) : STACK_TRACE_FEW_FRAMES);
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

/* The stack of this thread, a given one, or the recorded one of a dependency being
 * replayed (src/graph_replay.c). */
unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	const struct lock_trace *given = stack_trace_given;
	int replayed;

	if (given) {
		replayed = min(size, given->nr_entries);
		memcpy(store, given->entries, replayed * sizeof(*store));
		return replayed;
	}
	replayed = graph_replay_trace(store, size);

	return replayed >= 0 ? (unsigned int)replayed : stack_trace_unwind(store, size, skipnr);
}

/*
 * LIBLOCKDEP_SYMBOLIZE=addr2line: "file:line" of a code address, from binutils'
 * addr2line, which also follows inlined calls back to the program's own line and
 * reads compressed debug sections (Debian's -dbg packages), as the built-in line
 * tables (src/debug_lines.c) do not. It is run by an absolute path, found once at
 * start, never through PATH:
 * whoever starts the program chooses PATH (and in a secure-execution process no
 * setting is read, so it is never run there). The file must be a regular executable
 * that only root or the user can change.
 */
static const char *addr2line_find(void)
{
	static const char *const places[] = { "/usr/bin/addr2line", "/bin/addr2line", NULL };
	struct stat st;

	for (int i = 0; places[i]; i++) {
		if (stat(places[i], &st) || !S_ISREG(st.st_mode) ||
		    (st.st_mode & (S_IWGRP | S_IWOTH)) ||
		    (st.st_uid != 0 && st.st_uid != getuid()) || access(places[i], X_OK))
			continue;
		return places[i];
	}
	printk(KERN_ERR "liblockdep: LIBLOCKDEP_SYMBOLIZE=addr2line: no usable addr2line in "
	       "/usr/bin or /bin (binutils); file:line from the line tables only\n");
	return NULL;
}

/*
 * Starts addr2line with its output into the pipe out_fd. This runs in a report, from
 * a lock wrapper or a signal handler, under lockdep's graph lock: so vfork() and
 * system calls only, as glibc's posix_spawn() does it (its file actions would
 * allocate, and fork() would run the program's atfork handlers). Every signal is
 * blocked around vfork(), with the raw system call, which blocks glibc's own signals
 * too: no handler of the program may run in the child, which shares our memory until
 * execve(); addr2line keeps them blocked and needs none. Its environment is empty but
 * for LC_ALL=C: neither LD_PRELOAD (liblockdep.so again) nor PATH reaches it.
 */
static pid_t addr2line_spawn(char *const argv[], int out_fd)
{
	static char *const envp[] = { "LC_ALL=C", NULL };
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	sigset_t all, old;
	pid_t pid;

	sigfillset(&all);
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &all, &old, _NSIG / 8);
	pid = vfork();
	if (pid == 0) {
		if (dup2(out_fd, STDOUT_FILENO) >= 0 && (null < 0 || dup2(null, STDERR_FILENO) >= 0))
			execve(settings.addr2line, argv, envp);
		_exit(127);
	}
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &old, NULL, _NSIG / 8);
	if (null >= 0)
		close(null);
	return pid;
}

static bool lock_plumbing_symbol(const char *sym);

/* The next line of fd, without its newline, into line[size] (cut to fit); false at
 * the end of the output. A byte at a time: addr2line's output is a few lines. */
static bool addr2line_line(int fd, char *line, size_t size)
{
	size_t len = 0;
	bool any = false;
	ssize_t n;
	char c;

	while ((n = read(fd, &c, 1)) > 0 || (n < 0 && errno == EINTR)) {
		if (n < 0)
			continue;
		any = true;
		if (c == '\n')
			break;
		if (len + 1 < size)
			line[len++] = c;
	}
	line[len] = '\0';
	return any;
}

/*
 * addr2line -f -i prints a function and a "file:line" (innermost first) for each
 * function inlined at the address, then its own. The line kept is the innermost one
 * outside the locking plumbing (src/lock_plumbing.c): inlined at -O2, std::mutex and
 * the guards would place every lock of the program in gthr-default.h, as their frames
 * do at -O0, which the "at:" of a lock skips. A place in a plumbing function is the
 * plumbing's, so the place kept is the one after the outermost plumbing function's;
 * the innermost when none is. (The innermost function's name is not always its own,
 * so it is not asked.)
 */
static void addr2line_read(int fd, char *out, size_t size)
{
	char function[128], discard[2], *tail;
	bool take = true;

	out[0] = '\0';
	while (addr2line_line(fd, function, sizeof(function))) {
		if (!addr2line_line(fd, take ? out : discard, take ? size : sizeof(discard)))
			break;
		take = lock_plumbing_symbol(function);
	}
	/* "dir/x.c:12 (discriminator 3)": the file and line, which may hold spaces. */
	if ((tail = strstr(out, " (discriminator ")))
		*tail = '\0';
}

/* Reports are rare, so one short-lived process per frame is fine. */
static bool addr2line_run(const char *object, const char *offset, char *out, size_t size)
{
	char *argv[] = { "addr2line", "-f", "-i", "-e", (char *)object, (char *)offset, NULL };
	int fds[2], status;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return false;
	pid = addr2line_spawn(argv, fds[1]);
	close(fds[1]);
	if (pid > 0)
		addr2line_read(fds[0], out, size);
	close(fds[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return pid > 0 && out[0] && out[0] != '?';
}

static bool addr2line(unsigned long addr, char *out, size_t size)
{
	char offset[32], exe[32];
	struct loaded_object obj;

	if (!loaded_object_of(addr, &obj))
		return false;
	/* The call instruction, not the return address; relative to a PIE or library. */
	snprintf(offset, sizeof(offset), "0x%lx", addr - 1 - obj.bias);
	/* The program itself as this process sees it (addr2line's /proc/self is its own). */
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)getpid());
	return addr2line_run(strchr(obj.path, '/') ? obj.path : exe, offset, out, size);
}

/* "file:line" of the call before the return address addr, its path as a reader wants
 * it (src/paths.c): from the line tables, or from addr2line; false when not known. */
static bool source_place(unsigned long addr, char *out, size_t size)
{
	unsigned long offset;
	bool found;

	if (!settings.source_lines)
		return false;
	if (settings.addr2line)
		found = addr2line(addr, out, size);
	else
		found = debug_line_at(addr - 1, liblockdep_symbol_at(addr - 1, &offset, NULL) ?
						addr - 1 - offset : 0, out, size);
	if (found)
		source_place_normalise(out);
	return found;
}

/* A frame with its file:line: a function of its own, so that its buffer is on the
 * stack only while a frame is printed. */
static noinline void stack_trace_print_where(unsigned long addr, int spaces)
{
	char where[512];

	if (source_place(addr, where, sizeof(where)))
		printk("%*c%pS (%s)\n", 1 + spaces, ' ', (void *)addr, where);
	else
		printk("%*c%pS\n", 1 + spaces, ' ', (void *)addr);
}

/*
 * A held lock's line ends with where it was taken, lockdep's print_lock() format
 * below: it gets its file:line as a frame does ("at: bank::Ledger::audit()+0x17
 * (ledger.cc:42)"), the line a reader looks for first. Returns whether it printed
 * the line. Not inlined: its buffer is on the stack only while the line is printed.
 */
static noinline bool held_lock_at_with_line(const char *fmt, va_list ap)
{
	char where[512];
	unsigned long offset;
	va_list args;
	void *ip;

	if (!settings.source_lines || strcmp(fmt, KERN_CONT ", at: %pS\n"))
		return false;
	va_copy(args, ap);
	ip = va_arg(args, void *);
	va_end(args);
	/* A function's first byte (a thread's start routine, which its pseudo-lock is
	 * taken "at") is no return address: source_place() looks one byte back. */
	offset = 1;
	liblockdep_symbol_at((unsigned long)ip, &offset, NULL);
	if (!source_place((unsigned long)ip + !offset, where, sizeof(where)))
		return false;
	printk(KERN_CONT ", at: %pS (%s)\n", ip, where);
	return true;
}

/* liblockdep's own code between the C library and a created thread's start routine
 * (src/thread_join.c): only the outermost frames are tested, so a bound past the call
 * in it is enough. */
static void *thread_life_run(void *arg);
static int thread_life_run_c11(void *arg);
#define THREAD_ENTRY_BYTES	256

/* A frame of ours that runs a created thread: never printed, as no other frame of
 * liblockdep is. */
static bool stack_trace_own_entry_frame(unsigned long ip)
{
	return ip - (unsigned long)thread_life_run < THREAD_ENTRY_BYTES ||
	       ip - (unsigned long)thread_life_run_c11 < THREAD_ENTRY_BYTES;
}

/* A frame of the code that enters a thread and calls its start routine (or main):
 * in the C library, ours, or _start's call (a few bytes into the entry point). */
static bool stack_trace_entry_frame(unsigned long ip)
{
	return ip - libc_start < libc_end - libc_start || ip - program_entry < 64 ||
	       stack_trace_own_entry_frame(ip);
}

/*
 * The frames of a whole trace to print: those that enter the thread, outermost, are
 * left out when any of them has no name (a C library without its debug file prints
 * "libc.so.6+0x891f5" for start_thread), so that the trace stops at the thread's
 * start routine, as the kernel's stop at the task's entry. Named (libc6-dbg
 * installed), they are printed.
 */
static unsigned int stack_trace_printed(const unsigned long *trace, unsigned int nr_entries)
{
	unsigned int first_entry = nr_entries;
	bool unnamed = false;

	if (nr_entries >= STACK_TRACE_MAX_FRAMES)
		return nr_entries;	/* maybe cut short: its end is not the thread's */
	while (first_entry > 1 && stack_trace_entry_frame(trace[first_entry - 1])) {
		first_entry--;
		unnamed |= !liblockdep_symbol_at(trace[first_entry], NULL, NULL);
	}
	return unnamed ? first_entry : nr_entries;
}

void stack_trace_print(const unsigned long *trace, unsigned int nr_entries, int spaces)
{
	int saved_errno = errno;

	if (printk_report_discarded())
		return;
	nr_entries = stack_trace_printed(trace, nr_entries);
	for (unsigned int i = 0; i < nr_entries; i++) {
		if (stack_trace_own_entry_frame(trace[i]))
			continue;
		report_record_frame(trace[i]);
		if (settings.source_lines)
			stack_trace_print_where(trace[i], spaces);
		else
			printk("%*c%pS\n", 1 + spaces, ' ', (void *)trace[i]);
	}
	errno = saved_errno;
}

/* Inside a report, whose reporter holds the graph lock (src/runtime.c): one trace
 * at a time, in static storage. Never inlined: inlined into lockdep's
 * __lock_acquire, it takes the room GCC gives validate_chain there, whose frame then
 * comes on top of it on a report's path (tests/checks/stack_budget.sh). */
static noinline void dump_stack(void)
{
	static unsigned long trace[STACK_TRACE_MAX_FRAMES];
	unsigned int n;

	if (printk_report_discarded())
		return;	/* a repeated report: no need to unwind */
	n = stack_trace_save(trace, STACK_TRACE_MAX_FRAMES, 0);
	printk("Call Trace:\n");
	stack_trace_print(trace, n, 1);
}
