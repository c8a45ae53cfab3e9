/*
 * Run-time settings, read from the environment once: at the first lock operation or
 * before main(), whichever comes first (liblockdep_settings_read_once()), each through
 * liblockdep_getenv() (none in a secure-execution process: src/environment.c). A bad
 * value is a one-line error naming the variable and what it accepts; the default is
 * used then. The parsers take the value as a string (tests/fuzz/ runs them on any).
 *
 *   LIBLOCKDEP=0|1             validation off or on (on unless built -DLIBLOCKDEP_DEFAULT_OFF)
 *   LIBLOCKDEP_LOG=path        reports go to this file (appended; %p is the pid; src/log_file.c)
 *   LIBLOCKDEP_JSON=path       one JSON line per report, and a summary at exit (src/report_json.c)
 *   LIBLOCKDEP_SARIF=path      a SARIF 2.1.0 log of the reports, at exit (src/report_sarif.c)
 *   LIBLOCKDEP_EXITCODE=N      exit status when reports were printed (66; 0 keeps the program's)
 *   LIBLOCKDEP_ABORT=0|1       abort() right after the first report
 *   LIBLOCKDEP_SUMMARY=0|1     one line of totals at exit
 *   LIBLOCKDEP_DUMP=dir        lockdep's /proc views and a Graphviz graph, at exit
 *   LIBLOCKDEP_STAT=0|1        lock statistics: a table at exit, lock_stat in the dump
 *   LIBLOCKDEP_SYMBOLIZE=builtin|addr2line|none  file:line in stack traces: from the
 *                              line tables (src/debug_lines.c), through addr2line, or none
 *   LIBLOCKDEP_CLASSES=site|stack|instance  what makes a lock class (see liblockdep.h)
 *   LIBLOCKDEP_RULES=path      the rules file: wrappers, classes, names, suppressions (src/rules.c)
 *   LIBLOCKDEP_GRAPH=path      one lock graph across processes (src/graph_file.c)
 *   LIBLOCKDEP_RUNNER=pid:fd   set by ./lockdep for the processes it runs (src/runner.c)
 *   LIBLOCKDEP_SEMAPHORES=0|1  binary semaphores used as locks, validated (src/semaphores.c)
 *   LIBLOCKDEP_JOINS=0|1       a join validated as acquiring its thread (src/thread_join.c)
 *   LIBLOCKDEP_HANG=seconds    a watchdog reports threads blocked longer (src/hang_watchdog.c)
 *   LIBLOCKDEP_SHOW_LOCKS_SIGNAL=N  this signal prints every thread's held locks
 */
#ifdef LIBLOCKDEP_DEFAULT_OFF
#define LIBLOCKDEP_DEFAULT_CHECKING 0
#else
#define LIBLOCKDEP_DEFAULT_CHECKING 1
#endif

enum lock_classes { CLASSES_SITE, CLASSES_STACK, CLASSES_INSTANCE };

struct liblockdep_settings {
	enum lock_classes classes;
	int exitcode;
	bool abort_on_report;
	bool summary;
	bool source_lines;	/* file:line in stack traces */
	const char *addr2line;	/* its absolute path when it gives them, or NULL */
	const char *dump_dir;
	bool semaphores;		/* binary semaphores as locks (src/semaphores.c) */
	bool joins;			/* a join acquires its thread's map (src/thread_join.c) */
	unsigned int hang_seconds;	/* 0: no watchdog (src/hang_watchdog.c) */
	int show_locks_signal;		/* 0: none */
};

static struct liblockdep_settings settings = { .exitcode = 66, .source_lines = true };

/* Checking on or off; liblockdep_enable()/_disable() change it at run time. */
static int liblockdep_checking = LIBLOCKDEP_DEFAULT_CHECKING;

/* Checking was off at some point: locks taken then are unknown to lockdep, so their
 * unlocks must not read as unbalanced. */
static bool liblockdep_was_off = !LIBLOCKDEP_DEFAULT_CHECKING;

static const char *const bool_words[] = { "0", "1", NULL };
static const char *const symbolizer_words[] = { "builtin", "addr2line", "none", NULL };
static const char *const classes_words[] = { "site", "stack", "instance", NULL };

static void setting_error(const char *name, const char *value, const char *accepted)
{
	char shown[128];

	printk(KERN_ERR "liblockdep: %s=\"%s\" is not valid (accepted: %s); using the default\n",
	       name, environment_value_escape(shown, sizeof(shown), value), accepted);
}

/* The index of value in words, or -1. */
static int setting_word(const char *value, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (!strcmp(value, words[i]))
			return i;
	return -1;
}

/* A whole number from min to max (not negative), or -1. */
static int setting_number(const char *value, long min, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(value, &end, 10);
	if (errno || end == value || *end || n < min || n > max)
		return -1;
	return (int)n;
}

/* An exit status, 0 to 255, or -1. */
static int setting_status(const char *value)
{
	return setting_number(value, 0, 255);
}

/* A setting that is one of a few words; returns its index, or fallback. */
static int setting_choice(const char *name, const char *const *words, int fallback,
			  const char *accepted)
{
	const char *value = liblockdep_getenv(name);
	int i;

	if (!value)
		return fallback;
	i = setting_word(value, words);
	if (i < 0) {
		setting_error(name, value, accepted);
		return fallback;
	}
	return i;
}

static bool setting_bool(const char *name, bool fallback)
{
	return setting_choice(name, bool_words, fallback, "0 or 1");
}

static int setting_range(const char *name, int fallback, long min, long max,
			 const char *accepted)
{
	const char *value = liblockdep_getenv(name);
	int n;

	if (!value)
		return fallback;
	n = setting_number(value, min, max);
	if (n < 0) {
		setting_error(name, value, accepted);
		return fallback;
	}
	return n;
}

/*
 * The signal that shows every thread's locks: one the program can catch, and not one
 * the kernel sends for a fault (a handler that returns from SIGSEGV runs the faulting
 * instruction again, for ever) nor SIGABRT (abort() would show locks, not end). glibc
 * keeps 32 and 33 for itself (sigaction() refuses them).
 */
static bool show_locks_signal_usable(int sig)
{
	static const int refused[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS,
				       SIGABRT, SIGKILL, SIGSTOP };

	for (size_t i = 0; i < ARRAY_SIZE(refused); i++)
		if (sig == refused[i])
			return false;
	return sig < 32 || sig >= SIGRTMIN;
}

static int setting_show_locks_signal(const char *name)
{
	const char *value = liblockdep_getenv(name);
	int sig;

	if (!value)
		return 0;
	sig = setting_number(value, 1, SIGRTMAX);
	if (sig < 0 || !show_locks_signal_usable(sig)) {
		setting_error(name, value, "a signal number the program can catch, not SIGKILL, "
			      "SIGSTOP, SIGABRT or one sent for a fault: SIGSEGV, SIGBUS, SIGILL, "
			      "SIGFPE, SIGTRAP, SIGSYS");
		return 0;
	}
	return sig;
}

/*
 * LIBLOCKDEP_SARIF and LIBLOCKDEP_GRAPH name files a suite's processes share: the
 * directory the merge reads, the one graph. Tests run in directories of their own
 * (ctest, make check in subdirectories), and a relative name would give each
 * directory its own file, missed without a word: both take an absolute path only.
 */
static const char *setting_absolute_path(const char *name)
{
	const char *value = liblockdep_getenv(name);

	if (value && *value && value[0] != '/') {
		setting_error(name, value, "an absolute path");
		return NULL;
	}
	return value;
}

static const char *addr2line_find(void);

static void runner_setting(const char *value);
#ifdef LIBLOCKDEP_PRELOAD
#define two_copies_one_checks() do { } while (0)
#else
static void two_copies_one_checks(void);
#endif
static void lock_stat_start(bool on);

static void lock_rules_read(const char *path);
static void hang_watchdog_start(void);
static void graph_file_start(const char *path);

static void liblockdep_read_settings(void)
{
	int saved_errno = errno;

	process_name_keep();
	pattern_file_start(&log_file, liblockdep_getenv("LIBLOCKDEP_LOG"));
	pattern_file_start(&json_file, liblockdep_getenv("LIBLOCKDEP_JSON"));
	pattern_file_start(&sarif_file, setting_absolute_path("LIBLOCKDEP_SARIF"));
	liblockdep_checking = setting_bool("LIBLOCKDEP", LIBLOCKDEP_DEFAULT_CHECKING);
	liblockdep_was_off |= !liblockdep_checking;
	settings.exitcode = setting_range("LIBLOCKDEP_EXITCODE", settings.exitcode, 0, 255,
					  "a number from 0 to 255");
	settings.abort_on_report = setting_bool("LIBLOCKDEP_ABORT", false);
	settings.summary = setting_bool("LIBLOCKDEP_SUMMARY", false);
	switch (setting_choice("LIBLOCKDEP_SYMBOLIZE", symbolizer_words, 0,
			       "builtin, addr2line or none")) {
	case 1:
		settings.addr2line = addr2line_find();
		break;
	case 2:
		settings.source_lines = false;
		break;
	}
	settings.classes = setting_choice("LIBLOCKDEP_CLASSES", classes_words, CLASSES_SITE,
					  "site, stack or instance");
	lock_stat_start(setting_bool("LIBLOCKDEP_STAT", false));
	lock_rules_read(liblockdep_getenv("LIBLOCKDEP_RULES"));
	settings.dump_dir = liblockdep_getenv("LIBLOCKDEP_DUMP");
	if (settings.dump_dir && !*settings.dump_dir)
		settings.dump_dir = NULL;
	graph_file_start(setting_absolute_path("LIBLOCKDEP_GRAPH"));
	two_copies_one_checks();
	runner_setting(liblockdep_getenv("LIBLOCKDEP_RUNNER"));
	settings.semaphores = setting_bool("LIBLOCKDEP_SEMAPHORES", false);
	settings.joins = setting_bool("LIBLOCKDEP_JOINS", false);
	settings.hang_seconds = setting_range("LIBLOCKDEP_HANG", 0, 1, 86400,
					      "seconds, from 1 to 86400");
	settings.show_locks_signal = setting_show_locks_signal("LIBLOCKDEP_SHOW_LOCKS_SIGNAL");
	hang_watchdog_start();
	unknown_variables_warn();
	errno = saved_errno;
}

/*
 * A constructor of another library, or one of the program's that runs before ours,
 * may lock first: each thread's first entry into liblockdep calls this too. The
 * reader counts as busy (src/reentry.c), so what reading calls runs unchecked, and a
 * handler on the same thread never waits for the read to end; another thread that
 * comes meanwhile waits (reading takes microseconds).
 */
enum settings_state { SETTINGS_UNREAD, SETTINGS_READING, SETTINGS_READ };
static int settings_state;

static bool liblockdep_settings_read(void)
{
	return __atomic_load_n(&settings_state, __ATOMIC_ACQUIRE) == SETTINGS_READ;
}

static void liblockdep_settings_read_once(void)
{
	int unread = SETTINGS_UNREAD;

	if (likely(liblockdep_settings_read()))
		return;
	if (__atomic_compare_exchange_n(&settings_state, &unread, SETTINGS_READING, false,
					__ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
		liblockdep_busy_begin();
		liblockdep_read_settings();
		liblockdep_busy_end();
		__atomic_store_n(&settings_state, SETTINGS_READ, __ATOMIC_RELEASE);
		return;
	}
	while (__atomic_load_n(&settings_state, __ATOMIC_ACQUIRE) != SETTINGS_READ)
		sched_yield();
}

static void __attribute__((__constructor__)) liblockdep_settings_init(void)
{
	liblockdep_settings_read_once();
}
