/*
 * Under ./lockdep, a whole tree of processes is checked, and its programs look at
 * each other's exit statuses (rsync's receiver, make's recipes, a test harness). A
 * process that printed a report exits with LIBLOCKDEP_EXITCODE, as a test built with
 * a sanitizer does, so that a harness (ctest, make check) fails that test; every
 * other process keeps its own status, and a forked child does not answer for its
 * parent's report. The processes of the tree write what they did in a record, and
 * the runner's own process (the program it ran, which has the runner's pid: the
 * runner execs it) exits with LIBLOCKDEP_EXITCODE for a report of its own or of any
 * process it started that reported before it ended; it also ends the run with the
 * record's summary line (src/runner_summary.c).
 *
 * The runner opens the file and removes its name before it execs the program, so
 * nothing is left behind however the run ends (a program that cannot start, one
 * killed). LIBLOCKDEP_RUNNER=<pid>:<fd> says which descriptor of the runner's
 * process holds it; the others reach it as /proc/<pid>/fd/<fd>. That process moves
 * the descriptor out of the program's way before main() and names the new one in the
 * variable. The descriptor stays open across exec: the runner's process may exec
 * (env, a shell's exec) and report before it does, the new image still answers for
 * the tree. A process of another pid that inherited it closes it before main.
 *
 * The record is lines, each appended with one write():
 *   D <directory>                      the runner's working directory (by the runner)
 *   S <pid>                            a checked program started (each exec too)
 *   E <pid> <classes>                  a checked process ended, with its lock classes
 *   R <pid> <dev>:<ino> <kind>\t<program>\t<where>\t<headline>
 *                                      a report: the process's program, the file it
 *                                      went to, and where that is: "in <file>", "to a
 *                                      pipe", "to /dev/null"
 */
#define RUNNER_FD_MIN	1000	/* out of the way of the program's own descriptors */
#define RUNNER_NAME	"LIBLOCKDEP_RUNNER="

static struct {
	pid_t pid;		/* the runner's process */
	int fd;			/* its descriptor of the file */
	int stderr_fd;		/* in its process: standard error kept for the summary */
	dev_t stderr_dev;	/* the file stderr_fd is */
	ino_t stderr_ino;
	pid_t ended;		/* the process that wrote its E line (not a forked child) */
	pid_t reported;		/* the process that printed a report (not a forked child) */
} runner = { .fd = -1, .stderr_fd = -1 };

/*
 * The file as this process knows it, and a descriptor of this process's own, opened
 * for appending, that reaches it whatever user the process becomes (-1: none). The
 * runner's process opens one as it starts; another process only before it changes
 * user (src/credentials.c): mariadbd, started as root, becomes mysql, which may open
 * neither /proc/<pid>/fd of root's process nor the file, and its reports were
 * missing from the runner's status and summary. Kept out of the way of the program's
 * descriptors, closed at exec (each image opens its own).
 */
static struct {
	dev_t dev;
	ino_t ino;
	int fd;
} record = { .fd = -1 };

static void runner_summary(void);
static unsigned long runner_tree_reports(void);

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

/*
 * In the runner's process: where the summary goes, its standard error as it starts,
 * as a descriptor of ours, for a program may close its own before it ends (GNU
 * coreutils do, at exit); not kept across exec (each image takes its own) nor fork.
 */
static void runner_keep_stderr(void)
{
	struct stat st;

	if (runner.fd < 0 || fstat(STDERR_FILENO, &st))
		return;
	runner.stderr_dev = st.st_dev;
	runner.stderr_ino = st.st_ino;
	runner.stderr_fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, RUNNER_FD_MIN);
	if (runner.stderr_fd < 0)
		runner.stderr_fd = STDERR_FILENO;	/* few descriptors allowed */
}

/* Is fd still the standard error kept? A server closes every descriptor above 2 as
 * it starts (varnishd's close_range()), and its own may take the number by now. */
static bool runner_is_stderr(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && st.st_dev == runner.stderr_dev &&
	       st.st_ino == runner.stderr_ino &&
	       (fd == STDERR_FILENO || fcntl(fd, F_GETFD) == FD_CLOEXEC);
}

/* Where the summary goes: the kept descriptor, else standard error if it is still
 * the same file; -1 if neither is. */
static int runner_stderr(void)
{
	if (runner.stderr_fd < 0)
		return -1;
	if (runner_is_stderr(runner.stderr_fd))
		return runner.stderr_fd;
	return runner_is_stderr(STDERR_FILENO) ? STDERR_FILENO : -1;
}

/* fork(), in the child: the runner's standard error is not its own. */
static void runner_fork_child(void)
{
	if (runner.stderr_fd > STDERR_FILENO && runner_stderr() == runner.stderr_fd)
		close(runner.stderr_fd);
	runner.stderr_fd = -1;
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
	record.dev = st.st_dev;	/* what runner.fd is, should record.fd not open */
	record.ino = st.st_ino;
	if (runner.fd >= RUNNER_FD_MIN)
		return;		/* moved by an image before an exec */
	fd = fcntl(runner.fd, F_DUPFD, RUNNER_FD_MIN);
	if (fd < 0)
		return;		/* few descriptors allowed: it stays where it is */
	close(runner.fd);
	runner.fd = fd;
	runner_name_descriptor();
}

/* Opens record.fd, through the runner's process as runner_write() does, now that
 * this process can. */
static void runner_record_open(void)
{
	struct stat st;
	char path[48];
	int fd, moved;

	runner_path(path);
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!runner_file(fd, &st)) {
		close(fd);
		return;
	}
	moved = fcntl(fd, F_DUPFD_CLOEXEC, RUNNER_FD_MIN);
	if (moved >= 0) {
		close(fd);
		fd = moved;
	}
	record.dev = st.st_dev;
	record.ino = st.st_ino;
	record.fd = fd;
}

/* Before this process changes user (src/credentials.c): errno as it was. */
static void runner_record_keep(void)
{
	int saved_errno = errno;

	if (runner.fd >= 0 && record.fd < 0)
		runner_record_open();
	errno = saved_errno;
}

/* fd is still the record: the program may have closed it, and the number may name
 * one of its own files by now. */
static bool runner_is_record(int fd)
{
	struct stat st;

	return fd >= 0 && !fstat(fd, &st) && st.st_dev == record.dev &&
	       st.st_ino == record.ino && st.st_nlink == 0;
}

/* The preloaded copy, when the program has its own (src/two_copies.c): the record,
 * the exit status and the summary are the program's copy's. runner.fd is shared with
 * it and stays open; record.fd is this copy's own. */
static void runner_stand_aside(void)
{
	if (record.fd >= 0)
		close(record.fd);
	record.fd = -1;
	runner.fd = -1;
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

/* Appends one line to the record. Only system calls, no allocation: reports are
 * printed from lock wrappers. The file is checked once open: a descriptor the
 * program closed may name another file by now. */
static void runner_write(const char *line, int len, size_t size)
{
	char path[48];
	struct stat st;
	int fd;

	if (runner.fd < 0 || len <= 0)
		return;
	if (runner_is_record(record.fd)) {
		write_all(record.fd, line, min((size_t)len, size - 1));
		return;
	}
	runner_path(path);
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return;		/* the runner's process has ended */
	if (runner_file(fd, &st))
		write_all(fd, line, min((size_t)len, size - 1));
	close(fd);
}

/* A checked program starts: its settings are read, validation is on. */
static void runner_note_start(void)
{
	char line[32];

	if (liblockdep_checking)
		runner_write(line, snprintf(line, sizeof(line), "S %d\n", (int)getpid()),
			     sizeof(line));
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
	if (runner.pid == getpid()) {
		runner_keep_file();
		runner_keep_stderr();
		if (runner.fd >= 0)
			runner_record_open();
	} else
		runner_close_inherited();
	runner_note_start();
}

/* A checked process ends, by exit() (exiting) or _exit(); the runner's own process
 * says the summary instead. */
static void runner_note_end(bool exiting)
{
	char line[48];
	pid_t pid = getpid();

	if (runner.fd < 0 || runner.ended == pid)
		return;
	runner.ended = pid;
	if (pid == runner.pid) {
		if (exiting)
			fflush(NULL);	/* the program's output before the line, as exit() did */
		runner_summary();
		return;
	}
	runner_write(line, snprintf(line, sizeof(line), "E %d %lu\n", (int)pid,
				    nr_lock_classes), sizeof(line));
}

/*
 * Where a report went, for the summary: "in <file>" (a test harness's log), "to a
 * pipe", ..., and which file that is, which the summary compares with its own
 * standard error. The buffers are static, as report paths keep their stack small:
 * callers hold output_mutex.
 */
static const char *report_where(struct stat *st)
{
	static char where[PATH_MAX + 16], target[PATH_MAX];
	char path[48];
	ssize_t len;
	int fd = log_file_fd();

	if (fstat(fd, st))
		return "nowhere";
	if (S_ISFIFO(st->st_mode))
		return "to a pipe";
	if (S_ISSOCK(st->st_mode))
		return "to a socket";
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	len = readlink(path, target, sizeof(target) - 1);
	if (len <= 0)
		return "elsewhere";
	target[len] = '\0';
	strcpy(where, S_ISREG(st->st_mode) ? "in " : "to ");
	text_escape(where + 3, sizeof(where) - 3, target, "");
	return where;
}

/* After each report printed: its kind, the program, where it went and its headline. */
static void note_report(const char *kind, const char *headline)
{
	static char line[PATH_MAX + 256], program[NAME_MAX + 1];
	struct stat st = { 0 };
	const char *where;

	if (runner.fd < 0)
		return;
	internal_lock(&output_mutex);
	WRITE_ONCE(runner.reported, getpid());
	where = report_where(&st);
	text_escape(program, sizeof(program), process_name(), "");
	runner_write(line, snprintf(line, sizeof(line), "R %d %lu:%lu %s\t%s\t%s\t%s\n",
				    (int)getpid(), (unsigned long)st.st_dev,
				    (unsigned long)st.st_ino, kind, program, where, headline),
		     sizeof(line));
	internal_unlock(&output_mutex);
}

/* Does this process's exit status tell of reports? Its own decide, without a runner;
 * under one, its process answers for the whole tree, and another process for the
 * reports it printed itself. An error in the rules file counts as a report
 * (src/rules.c), in the runner's process only: every process of the tree reads it. */
static bool reports_in_exit_status(unsigned long own_reports)
{
	own_reports += lock_rules_errors;

	if (runner.fd < 0)
		return own_reports;
	if (getpid() != runner.pid)
		return READ_ONCE(runner.reported) == getpid();
	return own_reports || runner_tree_reports();
}

#ifdef LIBLOCKDEP_PRELOAD
/*
 * A program that ends with _exit() (a shell does) runs no exit handler: the runner's
 * process sets its status here instead. It is what glibc's _exit does, exit_group.
 */
LIBLOCKDEP_API void _exit(int status)
{
	runner_note_end(false);
	if (reports_in_exit_status(READ_ONCE(liblockdep_reports)) && settings.exitcode)
		status = settings.exitcode;
	for (;;)
		syscall(SYS_exit_group, status);
}

LIBLOCKDEP_API void _Exit(int status) __attribute__((__alias__("_exit")));
#endif
