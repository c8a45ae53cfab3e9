/*
 * The kernel's debug_locks switch and report lifecycle, made fit for a test run: the
 * kernel turns lockdep off for good at its first report; liblockdep prints each report
 * and keeps validating. Only a failed internal consistency check (a WARN inside
 * lockdep) or exhausted capacity turns validation off, as lockdep itself announces.
 */
static void cycle_edges_note_line(const char *line);
static void task_read_name(struct task_struct *task);
static void note_report(const char *kind, const char *headline);

int debug_locks = 1;
int debug_locks_silent;

/* A report is being printed; or lockdep was told a report it began repeats one
 * printed before (src/report_once.c). Either way the entry has a report to end. */
#define REPORT_PRINTING	1
#define REPORT_DROPPED	2
static __thread u8 reporting;
static unsigned long liblockdep_reports;

/*
 * Lockdep calls this before printing any report; when it returns 0 lockdep prints
 * nothing. A repeat of a report already printed gets 0. The report may run after
 * lockdep dropped its graph lock, so the reporter holds it until the report is
 * complete.
 */
noinline int debug_locks_off(void)
{
	u64 state;

	if (!READ_ONCE(debug_locks))
		return 0;
	if (reporting & REPORT_PRINTING) {
		/* Lockdep in trouble within a report (out of capacity, a failed check):
		 * that is said even in a repeat, and may turn validation off. */
		printk_stop_discarding();
		return 1;
	}
	if (report_seen_before((unsigned long)__builtin_return_address(0), &state)) {
		reporting |= REPORT_DROPPED;
		return 0;
	}
	reporting = REPORT_PRINTING;
	liblockdep_graph_lock();
	report_identity_begin(state);
	report_record_begin();
	printk_hold_report();
	secure_execution_note();
	task_read_name(current);	/* the thread may have been renamed since */
	return 1;
}

/* Our own reports: what it is about, for the fingerprint of its state. */
static bool liblockdep_report_begin(const char *headline, const void *subject)
{
	report_subject_set((u64)(unsigned long)headline ^ (u64)(unsigned long)subject);
	return debug_locks_off();
}

/* LIBLOCKDEP_ABORT=1: the outputs of the report complete (the SARIF log is written
 * at exit otherwise), still under the graph lock, so no other report comes between. */
static void abort_after_report(void)
{
	report_sarif_write();
	abort();
}

/* Called by every entry into lockdep on its way out: publishes a finished report,
 * unless it repeats one printed before. */
static void liblockdep_report_end(void)
{
	bool printed;

	if (likely(!reporting))
		return;
	report_subject_set(0);
	if (!(reporting & REPORT_PRINTING)) {
		reporting = 0;
		return;
	}
	reporting = 0;
	printed = report_record_end(report_identity_end());
	if (printed)
		__atomic_add_fetch(&liblockdep_reports, 1, __ATOMIC_RELAXED);
	printk_release_report();
	if (printed)
		note_report(report_record.about.kind, report_record.about.headline);
	if (printed && settings.abort_on_report)
		abort_after_report();
	liblockdep_graph_unlock();
}

/*
 * fork(), in the child: the reports printed so far are the parent's, which its exit
 * status tells of. A child that prints none keeps its own status (APR's tests fork
 * after a report and check their children's), and its summary counts its own; so do
 * a rules file's errors, which the parent printed.
 */
static void reports_fork_child(void)
{
	liblockdep_reports = 0;
	lock_rules_errors = 0;
}

static void fast_path_switch_changed(void);

static void liblockdep_turn_off(void)
{
	WRITE_ONCE(debug_locks, 0);
	fast_path_switch_changed();
}

/* Every line lockdep prints passes here: the kernel's own words for giving up (out of
 * capacity) are where validation must really stop, and a reported cycle is noted for
 * the dependency graph. */
static void liblockdep_line_done(const char *line, size_t len)
{
	if (reporting) {
		report_identity_note_line(line, len - 1);
		report_record_note_line(line, len - 1);
		cycle_edges_note_line(line);
	}
	if (strstr(line, "turning off the locking correctness validator."))
		liblockdep_turn_off();
}

/* Never inlined, as dump_stack() is not (src/stacktrace.c): a warning's code kept out
 * of lockdep's __lock_acquire leaves GCC the room to inline validate_chain there. */
static noinline void liblockdep_warn(const char *file, int line, const char *cond)
{
	printk(KERN_WARNING "WARNING: lockdep internal check failed: %s at %s:%d\n",
	       cond, file, line);
	dump_stack();
	/* The line itself turns checking off (liblockdep_line_done()). */
	printk(KERN_WARNING "liblockdep: turning off the locking correctness validator.\n");
}

static const struct liblockdep_utsname *init_utsname(void)
{
	static const struct liblockdep_utsname uts = {
		.release = "liblockdep",
		.version = "lockdep-" LIBLOCKDEP_KERNEL_VERSION,
	};
	return &uts;
}

/* Where the kernel says whether it is tainted, we say which process is reporting:
 * children of a forking program report too. */
static const char *print_tainted(void)
{
	static __thread char ident[64];

	snprintf(ident, sizeof(ident), "pid %d (%s)", (int)getpid(),
		 process_name());
	return ident;
}
