/*
 * Under ./lockdep, a whole tree of processes is checked, and its programs look at
 * each other's exit statuses (rsync's receiver, make's recipes, a test harness): a
 * process must exit with its own status, or the program breaks. So each process that
 * prints a report notes its pid in a file, and only the runner's own process (the
 * program it ran, which has the runner's pid: the runner execs it) exits with
 * LIBLOCKDEP_EXITCODE, for a report of its own or of any process it started that
 * reported before it ended.
 *
 * The runner makes the file (mktemp) and says where, in LIBLOCKDEP_RUNNER=<pid>:<file>.
 * So that nothing is left behind however the program ends, its process keeps the file
 * open, removes it at once, and rewrites the variable in place, before main(), to name
 * its open descriptor (/proc/<pid>/fd/<n>, never longer than mktemp's name): the file
 * then goes away with the process, and later processes can no longer note anything.
 */
#define RUNNER_FD_MIN	1000	/* out of the way of the program's own descriptors */

static struct {
	pid_t pid;		/* the runner's process */
	char *file;		/* in the environment: rewritten there by that process */
	int fd;			/* that process's descriptor of the file */
	pid_t noted_by;		/* the process that noted its report (not a forked child) */
} runner = { .fd = -1 };

static void runner_keep_file(void)
{
	int fd = output_openat(AT_FDCWD, runner.file, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return;
	runner.fd = fcntl(fd, F_DUPFD_CLOEXEC, RUNNER_FD_MIN);
	close(fd);
	if (runner.fd < 0 || fstat(runner.fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid()) {
		runner.fd = -1;
		return;
	}
	unlink(runner.file);
	/* "/proc/4194304/fd/1000000" is 24 bytes; mktemp's names are longer. */
	if (snprintf(NULL, 0, "/proc/%d/fd/%d", (int)runner.pid, runner.fd) <=
	    (int)strlen(runner.file))
		sprintf(runner.file, "/proc/%d/fd/%d", (int)runner.pid, runner.fd);
}

/* LIBLOCKDEP_RUNNER: the variable's own storage, since its process rewrites it. */
static void runner_setting(char *value)
{
	char *end;
	long pid;

	if (!value)
		return;
	errno = 0;
	pid = strtol(value, &end, 10);
	if (errno || end == value || pid <= 0 || pid > INT_MAX || *end != ':' || end[1] != '/') {
		setting_error("LIBLOCKDEP_RUNNER", value, "<pid>:<file>, set by the lockdep runner");
		return;
	}
	runner.pid = (pid_t)pid;
	runner.file = end + 1;
	if (runner.pid == getpid())
		runner_keep_file();
}

/* After each report: the first of this process goes into the file. Only system
 * calls, no allocation: reports are printed from lock wrappers. A magic link in
 * /proc is the one link followed. */
static void note_report(void)
{
	char line[64];
	pid_t pid;
	int fd, len;

	if (!runner.file || runner.noted_by == (pid = getpid()))
		return;
	runner.noted_by = pid;
	len = snprintf(line, sizeof(line), "%d (%s)\n", (int)pid, current->comm);
	if (pid == runner.pid && runner.fd >= 0) {
		write_all(runner.fd, line, len);
		return;
	}
	fd = output_openat(AT_FDCWD, runner.file, O_WRONLY | O_APPEND | O_CLOEXEC |
		  (strncmp(runner.file, "/proc/", 6) ? O_NOFOLLOW : 0));
	if (fd < 0)
		return;		/* the runner's process has ended */
	write_all(fd, line, len);
	close(fd);
}

/* Does this process's exit status tell of reports? Its own decide, without a runner;
 * under one, its process answers for the whole tree and the others keep their own
 * status. An error in the rules file counts as a report (src/rules.c). */
static bool reports_in_exit_status(unsigned long own_reports)
{
	struct stat st;

	own_reports += lock_rules_errors;

	if (!runner.file)
		return own_reports;
	if (getpid() != runner.pid)
		return false;
	return own_reports || (runner.fd >= 0 && !fstat(runner.fd, &st) && st.st_size > 0);
}

#ifdef LIBLOCKDEP_PRELOAD
/*
 * A program that ends with _exit() (a shell does) runs no exit handler: the runner's
 * process sets its status here instead. It is what glibc's _exit does, exit_group.
 */
LIBLOCKDEP_API void _exit(int status)
{
	if (reports_in_exit_status(READ_ONCE(liblockdep_reports)) && settings.exitcode)
		status = settings.exitcode;
	for (;;)
		syscall(SYS_exit_group, status);
}

LIBLOCKDEP_API void _Exit(int status) __attribute__((__alias__("_exit")));
#endif
