/*
 * The kernel's debug_locks switch and report lifecycle, made fit for a test run: the
 * kernel turns lockdep off for good at its first report; liblockdep prints each report
 * and keeps validating. Only a failed internal consistency check (a WARN inside
 * lockdep) or exhausted capacity turns validation off, as lockdep itself announces.
 */
static void cycle_edges_note_line(const char *line);
static void task_read_name(struct task_struct *task);
static void note_report(void);

int debug_locks = 1;
int debug_locks_silent;

static __thread bool reporting;
static unsigned long liblockdep_reports;

/*
 * Lockdep calls this before printing any report. The report may run after lockdep
 * dropped its graph lock, so the reporter holds it until the report is complete.
 */
int debug_locks_off(void)
{
	if (!READ_ONCE(debug_locks))
		return 0;
	if (!reporting) {
		reporting = true;
		liblockdep_graph_lock();
		printk_hold_report();
		secure_execution_note();
		task_read_name(current);	/* the thread may have been renamed since */
	}
	return 1;
}

/* Called by every entry into lockdep on its way out: publishes a finished report. */
static void liblockdep_report_end(void)
{
	if (likely(!reporting))
		return;
	reporting = false;
	__atomic_add_fetch(&liblockdep_reports, 1, __ATOMIC_RELAXED);
	printk_release_report();
	note_report();
	liblockdep_graph_unlock();
	if (settings.abort_on_report)
		abort();
}

static void liblockdep_turn_off(void)
{
	WRITE_ONCE(debug_locks, 0);
}

/* Every line lockdep prints passes here: the kernel's own words for giving up (out of
 * capacity) are where validation must really stop, and a reported cycle is noted for
 * the dependency graph. */
static void liblockdep_line_done(const char *line)
{
	if (reporting)
		cycle_edges_note_line(line);
	if (strstr(line, "turning off the locking correctness validator."))
		liblockdep_turn_off();
}

static void liblockdep_warn(const char *file, int line, const char *cond)
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
		 program_invocation_short_name);
	return ident;
}
