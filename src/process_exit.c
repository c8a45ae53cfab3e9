/*
 * The end of the process: the dump, the summary line and the exit status that tells a
 * test runner reports were printed. They must come after the program's last code has
 * run (atexit handlers, C++ static destructors, destructor functions, its libraries'
 * destructors), because that code may still take locks and print a report, and because
 * the status is set with _exit(), which runs nothing after it.
 *
 * glibc's exit() runs the atexit handlers newest first, then the loader's _dl_fini,
 * which runs every object's destructor functions, main program first, and the atexit
 * handlers of a shared object just before its destructors; then stdio's cleanup and
 * _exit(). A handler registered while exit() runs is run too, after those. So our
 * last destructor registers the final step, and it runs after every destructor of
 * every object. That is safe where the destructor runs only at exit: in the main
 * program (the drop-in) and in liblockdep.so, which is never unloaded. A liblockdep.c
 * linked into a shared library may see its destructor run from dlclose(): it takes
 * the final step there and then.
 */
static void liblockdep_at_exit(void)
{
	unsigned long reports;

	graph_file_save();
	reports = READ_ONCE(liblockdep_reports);
	if (settings.dump_dir)
		dump_to(settings.dump_dir);
	if (lock_stat)
		lock_stat_print_table();
	WRITE_ONCE(log_file_totals, true);
	if (settings.summary)
		printk(KERN_INFO "liblockdep: %lu report%s, %lu lock classes, %lu direct "
		       "dependencies, %lu lock chains, held-lock depth up to %u\n",
		       reports, str_plural(reports), nr_lock_classes, nr_list_entries,
		       lock_chain_count(), max_lockdep_depth);
	report_json_summary(reports);
	report_sarif_write();
	if (settings.summary)
		lock_rules_summary();
	WRITE_ONCE(log_file_totals, false);
	runner_note_end(true);
	if (reports_in_exit_status(reports) && settings.exitcode) {
		fflush(NULL);
		_exit(settings.exitcode);
	}
}

/*
 * At the end of the process itself: the graph lock is taken first and kept until
 * _exit(). Reports are printed under it, so a thread that would print one now waits
 * for the end instead, and every report printed reaches every output (the SARIF log,
 * the JSON summary) rather than stderr alone.
 */
static void liblockdep_at_process_exit(void)
{
	liblockdep_graph_lock();
	liblockdep_at_exit();
}

/* Is this code part of the main program (rather than of a shared object)? */
static bool in_main_program(const void *addr)
{
	const ElfW(Phdr) *phdr = (const ElfW(Phdr) *)getauxval(AT_PHDR);
	unsigned long phnum = getauxval(AT_PHNUM), bias = 0;

	for (unsigned long i = 0; phdr && i < phnum; i++)
		if (phdr[i].p_type == PT_PHDR)
			bias = (unsigned long)phdr - phdr[i].p_vaddr;
	for (unsigned long i = 0; phdr && i < phnum; i++)
		if (phdr[i].p_type == PT_LOAD &&
		    (unsigned long)addr - (bias + phdr[i].p_vaddr) < phdr[i].p_memsz)
			return true;
	return false;
}

/* The lowest priority: the last of this object's destructor functions. */
static void __attribute__((__destructor__(101))) process_exit_destructor(void)
{
#ifdef LIBLOCKDEP_PRELOAD
	atexit(liblockdep_at_process_exit);
#else
	if (in_main_program((const void *)process_exit_destructor))
		atexit(liblockdep_at_process_exit);
	else
		liblockdep_at_exit();
#endif
}
