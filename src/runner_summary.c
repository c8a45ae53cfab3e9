/*
 * The line that ends a run under ./lockdep, as Valgrind's ERROR SUMMARY does, so that
 * a clean checked run never looks like an unchecked one, and a report that a test
 * harness captured in a log is not missed:
 *
 *   lockdep: 3 processes checked, 41 lock classes, 1 report (circular) -- test_cache,
 *   in cache.log: WARNING: possible circular locking dependency detected
 *
 * (one line). Processes: those that ran checked, told apart by pid (an exec keeps
 * it). Lock classes: the most that any one of them registered. Reports: those
 * printed (each process prints each problem once), with their kinds. Then, for each
 * report that did not reach the runner's standard error, the program that printed
 * it (a harness's test), where it went and its headline, a file's path relative to
 * the directory the runner started in (its record's "D <directory>" line).
 *
 * The runner's process prints it as it ends, on its standard error (as it started:
 * a program may close its own first, src/runner.c), from the record
 * the tree wrote (src/runner.c). Static storage: it runs once, at the end, and from
 * _exit(), which a signal handler may call.
 */
#define SUMMARY_PIDS_MAX	16384	/* twice the processes told apart; more still count */
#define SUMMARY_KINDS_MAX	24
#define SUMMARY_KIND_LEN	32
#define SUMMARY_LINE_MAX	(PATH_MAX + 256)	/* a record line, as note_report() cuts it */
#define SUMMARY_TEXT_MAX	4096	/* the summary line, cut with "..." */

static struct {
	pid_t pids[SUMMARY_PIDS_MAX];
	unsigned int nr_pids;
	unsigned long classes, reports;
	bool lost;			/* the program closed runner.fd */
	char kinds[SUMMARY_KINDS_MAX][SUMMARY_KIND_LEN];
	unsigned int nr_kinds;
	char places[SUMMARY_TEXT_MAX];	/* "; in a.log: WARNING: ..." for each report */
	size_t places_len;
	char line[SUMMARY_LINE_MAX], chunk[4096], text[SUMMARY_TEXT_MAX], cwd[PATH_MAX];
	char program[SUMMARY_LINE_MAX], where[SUMMARY_LINE_MAX];	/* escaped */
	char headline[SUMMARY_LINE_MAX];
} summary;

/* Counts pid once; past the set's half, every pid counts. */
static void summary_add_pid(pid_t pid)
{
	unsigned int i = (unsigned int)pid & (SUMMARY_PIDS_MAX - 1);

	if (pid <= 0)
		return;
	if (summary.nr_pids >= SUMMARY_PIDS_MAX / 2) {
		summary.nr_pids++;
		return;
	}
	for (; summary.pids[i]; i = (i + 1) & (SUMMARY_PIDS_MAX - 1))
		if (summary.pids[i] == pid)
			return;
	summary.pids[i] = pid;
	summary.nr_pids++;
}

static void summary_add_kind(const char *kind, size_t len)
{
	for (unsigned int i = 0; i < summary.nr_kinds; i++)
		if (strlen(summary.kinds[i]) == len && !memcmp(summary.kinds[i], kind, len))
			return;
	if (summary.nr_kinds == SUMMARY_KINDS_MAX || len >= SUMMARY_KIND_LEN ||
	    strspn(kind, "abcdefghijklmnopqrstuvwxyz-") < len)
		return;		/* not one of ours (src/report_once.c) */
	memcpy(summary.kinds[summary.nr_kinds++], kind, len);
}

/* The file of "in <file>" under the runner's directory, relative to it; or NULL. */
static const char *summary_relative(const char *where)
{
	size_t len = strlen(summary.cwd);

	if (strncmp(where, "in /", 4) || !len || strncmp(where + 3, summary.cwd, len) ||
	    where[3 + len] != '/')
		return NULL;
	return where + 3 + len + 1;
}

/* "; test_cache, in cache.log: WARNING: ...", once for each program, place and
 * headline. */
static void summary_add_place(const char *program, const char *where, const char *headline)
{
	const char *relative = summary_relative(where);
	char *out = summary.places + summary.places_len;
	size_t room = sizeof(summary.places) - summary.places_len;
	int len;

	if (room < 2)
		return;
	/* Written by any process of the tree: a control byte must not reach the terminal. */
	text_escape(summary.program, sizeof(summary.program), program, "");
	text_escape(summary.where, sizeof(summary.where), relative ?: where, "");
	text_escape(summary.headline, sizeof(summary.headline), headline, "");
	len = snprintf(out, room, "; %s, %s%s: %s", summary.program, relative ? "in " : "",
		       summary.where, summary.headline);
	if (len < 0)
		return;
	if ((size_t)len >= room || memmem(summary.places, summary.places_len, out, len))
		*out = '\0';	/* cut: said by the line's end; or said already */
	else
		summary.places_len += len;
}

/* "R <pid> <dev>:<ino> <kind>\t<program>\t<where>\t<headline>": a report said
 * nothing more where it reached this process's standard error (the terminal, mostly). */
static void summary_add_report(char *line, const struct stat *terminal)
{
	unsigned long dev, ino;
	char *kind, *program, *where, *headline;

	summary_add_pid((pid_t)strtol(line, &kind, 10));
	dev = strtoul(kind, &kind, 10);
	ino = *kind == ':' ? strtoul(kind + 1, &kind, 10) : 0;
	program = *kind == ' ' ? strchr(++kind, '\t') : NULL;
	where = program ? strchr(++program, '\t') : NULL;
	headline = where ? strchr(++where, '\t') : NULL;
	if (!headline)
		return;
	summary.reports++;
	summary_add_kind(kind, program - 1 - kind);
	where[-1] = '\0';
	*headline++ = '\0';
	if (dev != (unsigned long)terminal->st_dev || ino != (unsigned long)terminal->st_ino)
		summary_add_place(program, where, headline);
}

static void summary_add_line(char *line, const struct stat *terminal)
{
	char *end;
	long pid;

	if (line[0] == 'D' && line[1] == ' ') {
		snprintf(summary.cwd, sizeof(summary.cwd), "%s", line + 2);
		return;
	}
	if (line[0] == 'R' && line[1] == ' ') {
		summary_add_report(line + 2, terminal);
		return;
	}
	if ((line[0] != 'S' && line[0] != 'E') || line[1] != ' ')
		return;
	pid = strtol(line + 2, &end, 10);
	summary_add_pid((pid_t)pid);
	if (line[0] == 'E' && *end == ' ')
		summary.classes = max(summary.classes, strtoul(end + 1, NULL, 10));
}

/* Reads the record from its start; a line too long for the buffer is skipped. */
static void summary_read(void)
{
	size_t len = 0;
	bool too_long = false;
	struct stat terminal = { 0 };
	off_t at = 0;
	ssize_t n;

	memset(summary.pids, 0, sizeof(summary.pids));
	summary.nr_pids = summary.nr_kinds = 0;
	summary.classes = summary.reports = 0;
	summary.places_len = 0;
	summary.places[0] = '\0';
	summary.cwd[0] = '\0';
	summary.lost = !runner_is_record(runner.fd);
	if (summary.lost)
		return;
	fstat(runner_stderr(), &terminal);
	while ((n = pread(runner.fd, summary.chunk, sizeof(summary.chunk), at)) > 0) {
		at += n;
		for (ssize_t i = 0; i < n; i++) {
			char c = summary.chunk[i];

			if (c != '\n') {
				if (len < sizeof(summary.line) - 1)
					summary.line[len++] = c;
				else
					too_long = true;
				continue;
			}
			summary.line[len] = '\0';
			if (!too_long)
				summary_add_line(summary.line, &terminal);
			len = 0;
			too_long = false;
		}
	}
}

/* How many reports the processes of the tree printed. */
static unsigned long runner_tree_reports(void)
{
	summary_read();
	return summary.reports;
}

/* The summary line, on this process's standard error. */
static void runner_summary(void)
{
	char *out = summary.text;
	size_t size = sizeof(summary.text) - 4;	/* room for "...\n" */
	size_t len;
	int fd = runner_stderr();

	if (fd < 0)
		return;		/* the program closed it: the number may be its own now */
	summary_read();
	if (summary.lost) {
		len = liblockdep_snprintk(out, size, "lockdep: no summary: the program closed "
				"descriptor %d, where its processes noted what they checked\n",
				runner.fd);
		write_all(fd, out, len);
		return;
	}
	if (liblockdep_checking)
		summary.classes = max(summary.classes, nr_lock_classes);
	len = liblockdep_snprintk(out, size, "lockdep: %u process%s checked%s, %lu lock class%s, "
			"%lu report%s", summary.nr_pids, summary.nr_pids == 1 ? "" : "es",
			summary.nr_pids ? "" : " (LIBLOCKDEP=0 turns validation off)",
			summary.classes, summary.classes == 1 ? "" : "es",
			summary.reports, str_plural(summary.reports));
	for (unsigned int i = 0; i < summary.nr_kinds; i++)
		len += liblockdep_snprintk(out + len, size - len, "%s%s", i ? ", " : " (",
				 summary.kinds[i]);
	if (summary.nr_kinds)
		len += liblockdep_snprintk(out + len, size - len, ")");
	if (summary.places_len)
		len += liblockdep_snprintk(out + len, size - len, " --%s", summary.places + 1);
	if (len >= size - 1)
		len += liblockdep_snprintk(out + len, sizeof(summary.text) - len, "...");
	out[len++] = '\n';
	write_all(fd, out, len);
}
