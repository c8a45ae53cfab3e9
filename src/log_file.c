/*
 * LIBLOCKDEP_LOG: reports go to a file instead of standard error, appended; each %p
 * in its name is the pid, so the processes of a run write apart.
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
 */
static struct {
	char pattern[PATH_MAX];
	char path[PATH_MAX];
	char shown[PATH_MAX];	/* path, escaped for an error line */
	char error[2 * PATH_MAX];
	bool per_pid;
	pid_t pid;	/* the process that opened fd, or tried to; 0: none yet */
	int fd;
} log_file = { .fd = -1 };

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
static void log_file_start(const char *pattern)
{
	char quoted[128];

	if (!pattern || !*pattern)
		return;
	if (strlen(pattern) >= sizeof(log_file.pattern) ||
	    log_path_expand(pattern, (int)getpid(), log_file.path, sizeof(log_file.path)) < 0) {
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_LOG=\"%s\": longer than PATH_MAX "
		       "(%d bytes); reports go to stderr\n",
		       environment_value_escape(quoted, sizeof(quoted), pattern), PATH_MAX);
		return;
	}
	strcpy(log_file.pattern, pattern);
	log_file.per_pid = strstr(pattern, "%p") != NULL;
}

static int log_file_open(pid_t pid)
{
	char quoted[128];
	const char *why = "longer than PATH_MAX";
	int fd = -1, len;

	if (log_path_expand(log_file.pattern, (int)pid, log_file.path,
			    sizeof(log_file.path)) >= 0)
		fd = output_file_open(AT_FDCWD, log_file.path, true, &why);
	if (fd < 0) {
		environment_value_escape(log_file.shown, sizeof(log_file.shown), log_file.path);
		len = snprintf(log_file.error, sizeof(log_file.error),
			       "liblockdep: LIBLOCKDEP_LOG=\"%s\": cannot open %s: %s; "
			       "reports go to stderr\n",
			       environment_value_escape(quoted, sizeof(quoted), log_file.pattern),
			       log_file.shown, why);
		write_all(STDERR_FILENO, log_file.error, min((size_t)len, sizeof(log_file.error) - 1));
	}
	return fd;
}

/* Where output goes now. Called under output_mutex. */
static int log_file_fd(void)
{
	pid_t pid;

	if (!log_file.pattern[0])
		return STDERR_FILENO;
	pid = getpid();
	if (log_file.pid != pid && (log_file.per_pid || !log_file.pid)) {
		if (log_file.fd >= 0)
			close(log_file.fd);
		log_file.fd = log_file_open(pid);
	}
	log_file.pid = pid;
	return log_file.fd >= 0 ? log_file.fd : STDERR_FILENO;
}
