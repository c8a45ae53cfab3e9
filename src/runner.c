/*
 * Under ./lockdep, a whole tree of processes is checked, and its programs look at
 * each other's exit statuses (rsync's receiver, make's recipes, a test harness): a
 * process must exit with its own status, or the program breaks. So each process that
 * prints a report notes its pid in a file, and only the runner's own process (the
 * program it ran, which has the runner's pid: the runner execs it) exits with
 * LIBLOCKDEP_EXITCODE, for a report of its own or of any process it started that
 * reported before it ended.
 *
 * The runner opens the file and removes its name before it execs the program, so
 * nothing is left behind however the run ends (a program that cannot start, one
 * killed). LIBLOCKDEP_RUNNER=<pid>:<fd> says which descriptor of the runner's
 * process holds it; the others reach it as /proc/<pid>/fd/<fd>. That process moves
 * the descriptor out of the program's way before main() and names the new one in the
 * variable. The descriptor stays open across exec: the runner's process may exec
 * (env, a shell's exec) and report before it does, the new image still answers for
 * the tree. A process of another pid that inherited it closes it before main.
 */
#define RUNNER_FD_MIN	1000	/* out of the way of the program's own descriptors */
#define RUNNER_NAME	"LIBLOCKDEP_RUNNER="

static struct {
	pid_t pid;		/* the runner's process */
	int fd;			/* its descriptor of the file */
	pid_t noted_by;		/* the process that noted its report (not a forked child) */
} runner = { .fd = -1 };

/* The runner's file: a regular file of ours whose name is gone. */
static bool runner_file(int fd, struct stat *st)
{
	return !fstat(fd, st) && S_ISREG(st->st_mode) && st->st_uid == geteuid() &&
	       st->st_nlink == 0;
}

/* Where a process of the tree reaches the file: no allocation, a stack buffer. */
static void runner_path(char path[48])
{
	snprintf(path, 48, "/proc/%d/fd/%d", (int)runner.pid, runner.fd);
}

/* The variable names the descriptor from now on, in the environment the program
 * and its exec()s pass on: a static string in the variable's place in environ. */
static void runner_name_descriptor(void)
{
	static char variable[sizeof(RUNNER_NAME) + 24];

	snprintf(variable, sizeof(variable), RUNNER_NAME "%d:%d", (int)runner.pid, runner.fd);
	for (char **env = environ; *env; env++) {
		if (!strncmp(*env, RUNNER_NAME, sizeof(RUNNER_NAME) - 1)) {
			*env = variable;
			return;
		}
	}
}

/* In the runner's process: the descriptor above the program's, kept across exec. */
static void runner_keep_file(void)
{
	struct stat st;
	int fd;

	if (!runner_file(runner.fd, &st)) {
		runner.fd = -1;
		return;
	}
	if (runner.fd >= RUNNER_FD_MIN)
		return;		/* moved by an image before an exec */
	fd = fcntl(runner.fd, F_DUPFD, RUNNER_FD_MIN);
	if (fd < 0)
		return;		/* few descriptors allowed: it stays where it is */
	close(runner.fd);
	runner.fd = fd;
	runner_name_descriptor();
}

/* In another process: an inherited descriptor of the file is not the program's. */
static void runner_close_inherited(void)
{
	struct stat mine, theirs;
	char path[48];

	runner_path(path);
	if (runner_file(runner.fd, &mine) && !stat(path, &theirs) &&
	    mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino)
		close(runner.fd);
}

/* LIBLOCKDEP_RUNNER=<pid>:<fd>, set by the runner (then by its process). */
static void runner_setting(const char *value)
{
	char *end;
	long pid, fd;

	if (!value)
		return;
	errno = 0;
	pid = strtol(value, &end, 10);
	fd = -1;
	if (end != value && *end == ':' && end[1] >= '0' && end[1] <= '9')
		fd = strtol(end + 1, &end, 10);
	if (errno || *end || pid <= 0 || pid > INT_MAX || fd < 0 || fd > INT_MAX) {
		setting_error("LIBLOCKDEP_RUNNER", value, "<pid>:<fd>, set by the lockdep runner");
		return;
	}
	runner.pid = (pid_t)pid;
	runner.fd = (int)fd;
	if (runner.pid == getpid())
		runner_keep_file();
	else
		runner_close_inherited();
}

/* After each report: the first of this process goes into the file. Only system
 * calls, no allocation: reports are printed from lock wrappers. The file is checked
 * once open: a descriptor the program closed may name another file by now. */
static void note_report(void)
{
	char line[64], path[48];
	struct stat st;
	pid_t pid;
	int fd, len;

	if (runner.fd < 0 || runner.noted_by == (pid = getpid()))
		return;
	runner.noted_by = pid;
	len = snprintf(line, sizeof(line), "%d (%s)\n", (int)pid, current->comm);
	runner_path(path);
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return;		/* the runner's process has ended */
	if (runner_file(fd, &st))
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

	if (runner.fd < 0)
		return own_reports;
	if (getpid() != runner.pid)
		return false;
	return own_reports || (runner_file(runner.fd, &st) && st.st_size > 0);
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
