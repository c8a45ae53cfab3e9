/*
 * Lockdep's graph lock. The kernel turns lockdep off for everyone before it prints a
 * report and then drops the graph lock while printing; liblockdep keeps validating
 * after a report, so instead the reporting thread keeps one extra hold on the lock
 * (report_begin/report_end in runtime.c) and other threads wait until the report is
 * out. Holds nest per thread for that reason.
 */
static pthread_mutex_t graph_mutex = PTHREAD_MUTEX_INITIALIZER;
static __thread unsigned int graph_lock_depth;

static void liblockdep_graph_lock(void)
{
	if (graph_lock_depth++ == 0)
		internal_lock(&graph_mutex);
}

static void liblockdep_graph_unlock(void)
{
	if (--graph_lock_depth == 0)
		internal_unlock(&graph_mutex);
}
