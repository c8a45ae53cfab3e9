/*
 * Stack traces through glibc's backtrace(). Every entry into liblockdep records the
 * address it will return to in the user's code (task.c); traces start at that frame,
 * so the user sees their own code and none of liblockdep's.
 */
#define STACK_TRACE_MAX_FRAMES 64

static __thread unsigned long liblockdep_entry_ip;

unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	void *frames[STACK_TRACE_MAX_FRAMES];
	int saved_errno = errno;
	int n = backtrace(frames, STACK_TRACE_MAX_FRAMES);
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
	const ElfW(Ehdr) *ehdr;
	ssize_t len = 0, n;
	Dl_info info;
	int fds[2], status;
	pid_t pid;

	if (!dladdr((void *)addr, &info) || !info.dli_fname || pipe2(fds, O_CLOEXEC))
		return false;
	/* The call instruction, not the return address; relative to a PIE or library. */
	ehdr = info.dli_fbase;
	snprintf(offset, sizeof(offset), "0x%lx", addr - 1 -
		 (ehdr->e_type == ET_DYN ? (unsigned long)info.dli_fbase : 0));
	/* The program itself as this process sees it (addr2line's /proc/self is its own). */
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)getpid());
	argv[2] = (char *)(strchr(info.dli_fname, '/') && strcmp(info.dli_fname,
		   program_invocation_name) ? info.dli_fname : exe);
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

void stack_trace_print(const unsigned long *trace, unsigned int nr_entries, int spaces)
{
	int saved_errno = errno;
	char where[PATH_MAX];

	if (printk_report_discarded())
		return;
	for (unsigned int i = 0; i < nr_entries; i++) {
		if (settings.addr2line && addr2line(trace[i], where, sizeof(where)))
			printk("%*c%pS (%s)\n", 1 + spaces, ' ', (void *)trace[i], where);
		else
			printk("%*c%pS\n", 1 + spaces, ' ', (void *)trace[i]);
	}
	errno = saved_errno;
}

static void dump_stack(void)
{
	unsigned long trace[STACK_TRACE_MAX_FRAMES];
	unsigned int n;

	if (printk_report_discarded())
		return;	/* a repeated report: no need to unwind */
	n = stack_trace_save(trace, STACK_TRACE_MAX_FRAMES, 0);
	printk("Call Trace:\n");
	stack_trace_print(trace, n, 1);
}
