/*
 * LIBLOCKDEP_LOG: reports go to a file instead of standard error, appended; each %p
 * in its name is the pid, so the processes of a run write apart. The machine-readable
 * outputs, LIBLOCKDEP_JSON and LIBLOCKDEP_SARIF, are named the same way and opened
 * the same way (struct pattern_file).
 *
 * The file is opened at the first report, not at start: a program that reports
 * nothing creates no file, and a FIFO that nobody reads cannot hold up a correct
 * program; with a report, a FIFO without a reader is an error line, not a hang
 * (output_file_open() opens without blocking). With %p, a child forked without exec
 * opens its own file at its first report: its pid is not the one that opened the
 * parent's. Without %p it appends to the file it inherited.
 *
 * Opening happens under output_mutex, from a lock wrapper or a signal handler, so
 * it allocates nothing: the name was copied at start into storage of our own.
 *
 * A program may close every descriptor it did not open (a daemon's close_range(3,
 * ~0U), a loop of close()), and its next open() takes the number of ours: the next
 * report would go into its data file. So before each write the descriptor is checked
 * to be still the file opened, as the runner checks its own (src/runner.c), and the
 * name is opened again if it is not (through no link, as the first time).
 */
struct pattern_file {
	const char *variable;	/* "LIBLOCKDEP_LOG" */
	const char *otherwise;	/* what happens when it cannot be used */
	bool log;		/* appended, may be a FIFO (output_file_open()) */
	char pattern[PATH_MAX];
	char path[PATH_MAX];
	char shown[PATH_MAX];	/* path, escaped for an error line */
	char error[2 * PATH_MAX];
	bool per_pid;
	pid_t pid;	/* the process that opened fd, or tried to; 0: none yet */
	int fd;
	dev_t dev;	/* the file fd was opened on */
	ino_t ino;
};

static struct pattern_file log_file = {
	.variable = "LIBLOCKDEP_LOG", .otherwise = "reports go to stderr", .log = true, .fd = -1,
};
static struct pattern_file json_file = {	/* src/report_json.c */
	.variable = "LIBLOCKDEP_JSON", .otherwise = "no JSON written", .log = true, .fd = -1,
};
static struct pattern_file sarif_file = {	/* src/report_sarif.c */
	.variable = "LIBLOCKDEP_SARIF", .otherwise = "no SARIF written", .fd = -1,
};

/* The name with each %p replaced by pid. Returns its length, or -1 if it needs more
 * than size bytes: out then holds as much as fits, and nothing is to be opened. */
static int log_path_expand(const char *pattern, int pid, char *out, size_t size)
{
	size_t len = 0;
	int n;

	for (const char *p = pattern; *p; p++) {
		if (p[0] == '%' && p[1] == 'p') {
			n = snprintf(out + len, size - len, "%d", pid);
			if (n < 0 || (size_t)n >= size - len)
				return -1;
			len += n;
			p++;
		} else if (len + 1 < size) {
			out[len++] = *p;
		} else {
			out[len] = '\0';
			return -1;
		}
	}
	out[len] = '\0';
	return (int)len;
}

/* Called once, as settings are read: a name that cannot be used is said at once. */
static void pattern_file_start(struct pattern_file *f, const char *pattern)
{
	char quoted[128];

	if (!pattern || !*pattern)
		return;
	if (strlen(pattern) >= sizeof(f->pattern) ||
	    log_path_expand(pattern, (int)getpid(), f->path, sizeof(f->path)) < 0) {
		printk(KERN_ERR "liblockdep: %s=\"%s\": longer than PATH_MAX (%d bytes); %s\n",
		       f->variable, environment_value_escape(quoted, sizeof(quoted), pattern),
		       PATH_MAX, f->otherwise);
		return;
	}
	strcpy(f->pattern, pattern);
	f->per_pid = strstr(pattern, "%p") != NULL;
}

/* fd is now f's descriptor: which file it is, to be checked before each write. */
static void pattern_file_keep(struct pattern_file *f, int fd)
{
	struct stat st;

	f->fd = fd;
	if (fd >= 0 && !fstat(fd, &st)) {
		f->dev = st.st_dev;
		f->ino = st.st_ino;
	}
}

/* Is f's descriptor still the file it opened? Ours is close-on-exec; a descriptor
 * the program opened on the number since is another file, or not close-on-exec. */
static bool pattern_file_same(const struct pattern_file *f)
{
	struct stat st;
	int flags = fcntl(f->fd, F_GETFD);

	return flags >= 0 && (flags & FD_CLOEXEC) && !fstat(f->fd, &st) &&
	       st.st_dev == f->dev && st.st_ino == f->ino;
}

static int pattern_file_open(struct pattern_file *f, pid_t pid)
{
	char quoted[128];
	const char *why = "longer than PATH_MAX";
	int fd = -1, len;

	if (log_path_expand(f->pattern, (int)pid, f->path, sizeof(f->path)) >= 0)
		fd = output_file_open(AT_FDCWD, f->path, f->log, NULL, &why);
	if (fd < 0) {
		environment_value_escape(f->shown, sizeof(f->shown), f->path);
		len = snprintf(f->error, sizeof(f->error),
			       "liblockdep: %s=\"%s\": cannot open %s: %s; %s\n", f->variable,
			       environment_value_escape(quoted, sizeof(quoted), f->pattern),
			       f->shown, why, f->otherwise);
		write_all(STDERR_FILENO, f->error, min((size_t)len, sizeof(f->error) - 1));
	}
	pattern_file_keep(f, fd);
	return fd;
}

/* The file open for this process, opened now if need be; -1 when there is none.
 * Called under output_mutex. */
static int pattern_file_fd(struct pattern_file *f)
{
	pid_t pid;

	if (!f->pattern[0])
		return -1;
	pid = getpid();
	if (f->pid != pid && (f->per_pid || !f->pid)) {
		if (f->fd >= 0)
			close(f->fd);
		pattern_file_open(f, pid);
	} else if (f->fd >= 0 && !pattern_file_same(f)) {
		pattern_file_open(f, pid);	/* the number is the program's now */
	}
	f->pid = pid;
	return f->fd;
}

/* Where output goes now. Called under output_mutex. */
/*
 * Set for the totals printed at exit (LIBLOCKDEP_SUMMARY=1): a process that opened no
 * log, having reported nothing, prints them on stderr rather than create a file for
 * them, as a program that reports nothing creates none.
 */
static bool log_file_totals;

static int log_file_fd(void)
{
	int fd;

	if (log_file_totals && log_file.pattern[0] &&
	    (!log_file.pid || (log_file.per_pid && log_file.pid != getpid())))
		return STDERR_FILENO;
	fd = pattern_file_fd(&log_file);
	return fd >= 0 ? fd : STDERR_FILENO;
}
