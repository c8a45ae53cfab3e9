/*
 * Stack traces through glibc's backtrace(). Every entry into liblockdep records the
 * address it will return to in the user's code (task.c); traces start at that frame,
 * so the user sees their own code and none of liblockdep's.
 */
#define STACK_TRACE_MAX_FRAMES 64

static __thread unsigned long liblockdep_entry_ip;

unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	void *frames[STACK_TRACE_MAX_FRAMES];
	int saved_errno = errno;
	int n = backtrace(frames, STACK_TRACE_MAX_FRAMES);
	unsigned int first = 0, i, count = 0;

	errno = saved_errno;
	for (i = 0; i < (unsigned int)n; i++) {
		if ((unsigned long)frames[i] == liblockdep_entry_ip) {
			first = i;
			break;
		}
	}
	if (i == (unsigned int)n)	/* entry frame unknown: use lockdep's own skip */
		first = min((unsigned int)n, skipnr);
	for (i = first; i < (unsigned int)n && count < size; i++)
		store[count++] = (unsigned long)frames[i];
	return count;
}

void stack_trace_print(const unsigned long *trace, unsigned int nr_entries, int spaces)
{
	for (unsigned int i = 0; i < nr_entries; i++)
		printk("%*c%pS\n", 1 + spaces, ' ', (void *)trace[i]);
}

int stack_trace_snprint(char *buf, size_t size, const unsigned long *entries,
			unsigned int nr_entries, int spaces)
{
	size_t len = 0;

	for (unsigned int i = 0; i < nr_entries && len < size; i++)
		len += snprintf(buf + len, size - len, "%*c%p\n", 1 + spaces, ' ',
				(void *)entries[i]);
	return (int)min(len, size);
}

static void dump_stack(void)
{
	unsigned long trace[STACK_TRACE_MAX_FRAMES];
	unsigned int n = stack_trace_save(trace, STACK_TRACE_MAX_FRAMES, 0);

	printk("Call Trace:\n");
	stack_trace_print(trace, n, 1);
}
