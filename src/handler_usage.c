/*
 * Whose hard-irq usage lockdep keeps. A lock taken in a signal handler is "used in
 * hard-irq context" for good in lockdep; but that usage is the handler's, and a
 * handler that is no longer installed interrupts nobody. A forked child shows it
 * most: PostgreSQL's backends inherit the postmaster's lockdep state, whose handlers
 * took libcrypto's random-number locks, then install handlers of their own that only
 * set flags, and take those locks with their signals deliverable.
 *
 * So the signals whose handler ran (checked: a handler that interrupted liblockdep
 * marks nothing) are counted here, with their usage; when the program has replaced
 * or removed each of those handlers, the hard-irq usage of every class is forgotten.
 * Nothing is lost for good: a handler that runs again marks its locks again, and the
 * conflict with a lock taken meanwhile with its signal deliverable is found then.
 * A handler installed again as it was (the same function) keeps its usage.
 */

/* Signals whose installed handler ran checked since it was installed. */
static unsigned long handlers_ran;

static void handler_usage_ran(unsigned long sigbit)
{
	if (!(__atomic_load_n(&handlers_ran, __ATOMIC_RELAXED) & sigbit))
		__atomic_or_fetch(&handlers_ran, sigbit, __ATOMIC_RELAXED);
}

/* A signal's handler was replaced or removed: true when no handler that ran is left. */
static bool handler_usage_replaced(unsigned long sigbit)
{
	unsigned long before = __atomic_fetch_and(&handlers_ran, ~sigbit, __ATOMIC_RELAXED);

	return (before & sigbit) && !(before & ~sigbit);
}

/* Every class's usage in hard-irq context goes, under the graph lock: not to be
 * called from inside liblockdep (a handler that interrupted it), which may hold it. */
static void handler_usage_forget(void)
{
	liblockdep_graph_lock();
	for (size_t i = 0; i < ARRAY_SIZE(lock_classes); i++)
		lock_classes[i].usage_mask &= ~LOCKF_USED_IN_IRQ_ALL;
	liblockdep_graph_unlock();
}
