/*
 * Hard-irq usage across sibling pairs. A sibling's dependency on another is the
 * instance graph's (src/sibling_cycles.c), so lockdep's irq checks never see it: a
 * queue's pad taken in a handler, an encoder's pad taken with the signal deliverable,
 * the queue's pad held over the encoder's is a deadlock (the signal arrives where
 * the encoder's pad is held, its handler waits for the queue's pad, whose holder
 * waits for the encoder's) that lockdep cannot tell.
 *
 * So the kernel's irq rule is applied here to lockdep's dependencies and the pairs
 * together: a class used in a hard irq (a locking handler, src/handler_usage.c)
 * must not be taken before one held with hard irqs on, write before either, read
 * before write. A way from one to the other through at least one pair is reported
 * (a way of lockdep's dependencies alone is lockdep's): as lockdep's "safe ->
 * unsafe lock order" when a dependency or a pair came, as its "irq lock inversion"
 * when a class's usage changed, once per unsafe class. It is looked for only while
 * pairs exist and a handler locks. Its dependencies count whatever their reads.
 * The usage each class was last checked with is liblockdep's own pages, taken with
 * the first check. Everything is under the graph lock.
 */
struct sibling_irq_class {
	const struct lockdep_subclass_key *key;	/* of the class it is of */
	unsigned long usage;			/* hard-irq usage last checked */
	bool reported;				/* as the unsafe end of a report */
};

static struct sibling_irq_class *sibling_irq_classes;

#define LOCKF_HARDIRQ_ALL	(LOCKF_USED_IN_HARDIRQ | LOCKF_USED_IN_HARDIRQ_READ | \
				 LOCKF_ENABLED_HARDIRQ | LOCKF_ENABLED_HARDIRQ_READ)

static struct sibling_irq_class *sibling_irq_class(unsigned int idx)
{
	struct sibling_irq_class *c = &sibling_irq_classes[idx];

	if (c->key != lock_classes[idx].key) {
		memset(c, 0, sizeof(*c));
		c->key = lock_classes[idx].key;
	}
	return c;
}

/* Whether a check may find anything: pairs exist and a handler locks. */
static bool sibling_irq_armed(void)
{
	if (!READ_ONCE(nr_sibling_pairs) || !sibling_search ||
	    !__atomic_load_n(&locking_signals, __ATOMIC_RELAXED))
		return false;
	if (!sibling_irq_classes)
		sibling_irq_classes = liblockdep_pages_alloc(MAX_LOCKDEP_KEYS *
							     sizeof(*sibling_irq_classes));
	return sibling_irq_classes;
}

/*
 * From every class with usage safe, over lockdep's dependencies and the pairs: the
 * first state of a class not reported yet with usage unsafe, reached across a pair;
 * -1 if none.
 */
static long sibling_irq_search(unsigned long safe, unsigned long unsafe)
{
	struct sibling_search *ss = sibling_search;
	unsigned long head = 0, tail = 0;

	memset(ss->seen, 0, sizeof(ss->seen));
	for (unsigned long i = 0; i <= max_lock_class_idx; i++)
		if (test_bit(i, lock_classes_in_use) && (lock_classes[i].usage_mask & safe))
			sibling_visit(ss, &tail, SIBLING_ROOT, i, false, NULL);
	while (head < tail) {
		u32 s = ss->queue[head++];
		unsigned int idx = s / 2;
		bool crossed = s & 1;

		if (crossed && (lock_classes[idx].usage_mask & unsafe) &&
		    !sibling_irq_class(idx)->reported)
			return s;
		sibling_visit_next(ss, &tail, s, crossed, true);
	}
	return -1;
}

static noinline void sibling_irq_report(const char *headline, u32 found,
					enum lock_usage_bit safe_bit)
{
	static const char rule[] = "========================================================";
	struct lock_class *unsafe = &lock_classes[found / 2];
	enum lock_usage_bit unsafe_bit = unsafe->usage_mask & LOCKF_ENABLED_HARDIRQ ?
					 LOCK_ENABLED_HARDIRQ : LOCK_ENABLED_HARDIRQ_READ;
	struct lock_list safe_entry = { }, unsafe_entry = { .class = unsafe };
	struct lock_class *middle = unsafe;
	u32 s = found;
	int len = strlen(headline);

	for (; sibling_search->prev[s] != SIBLING_ROOT; s = sibling_search->prev[s])
		middle = &lock_classes[s / 2];
	safe_entry.class = &lock_classes[s / 2];
	sibling_irq_class(found / 2)->reported = true;
	if (!liblockdep_report_begin(headline, unsafe->key))
		return;
	pr_warn("\n");
	pr_warn("%.*s\n", len, rule);
	pr_warn("%s\n", headline);
	print_kernel_ident();
	pr_warn("%.*s\n", len, "--------------------------------------------------------");
	pr_warn("a HARDIRQ-irq-safe lock:\n");
	__print_lock_name(NULL, safe_entry.class);
	pr_warn("\n... which became HARDIRQ-irq-safe at:\n");
	print_lock_trace(safe_entry.class->usage_traces[safe_bit], 1);
	pr_warn("\nis taken before a HARDIRQ-irq-unsafe lock:\n");
	__print_lock_name(NULL, unsafe);
	pr_warn("\n... which became HARDIRQ-irq-unsafe at:\n");
	print_lock_trace(unsafe->usage_traces[unsafe_bit], 1);
	sibling_path_print(found);
	pr_warn("\nother info that might help us debug this:\n\n");
	print_irq_lock_scenario(&safe_entry, &unsafe_entry, safe_entry.class, middle);
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
	liblockdep_report_end();
}

/* Under the graph lock, armed: a safe class before an unsafe one, reported. */
static void sibling_irq_check(const char *headline)
{
	long found = sibling_irq_search(LOCKF_USED_IN_HARDIRQ,
					LOCKF_ENABLED_HARDIRQ | LOCKF_ENABLED_HARDIRQ_READ);

	if (found >= 0) {
		sibling_irq_report(headline, found, LOCK_USED_IN_HARDIRQ);
		return;
	}
	found = sibling_irq_search(LOCKF_USED_IN_HARDIRQ_READ, LOCKF_ENABLED_HARDIRQ);
	if (found >= 0)
		sibling_irq_report(headline, found, LOCK_USED_IN_HARDIRQ_READ);
}

/* A dependency of lockdep's or a pair came. */
static void sibling_irq_dependency_added(void)
{
	if (!sibling_irq_armed())
		return;
	liblockdep_graph_lock();
	sibling_irq_check("WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected");
	liblockdep_graph_unlock();
}

/*
 * The hard-irq usage of the classes of held may have changed (lockdep marked it, at
 * a take or when interrupts came on); n 0: of any class (src/handler_usage.c).
 */
static noinline void sibling_irq_usage_changed(const struct held_lock *held, unsigned int n)
{
	bool changed = !n;

	if (!sibling_irq_armed())
		return;
	liblockdep_graph_lock();
	for (unsigned int i = 0; i < n; i++) {
		struct sibling_irq_class *c = sibling_irq_class(held[i].class_idx);
		unsigned long usage = lock_classes[held[i].class_idx].usage_mask &
				      LOCKF_HARDIRQ_ALL;

		changed |= usage != c->usage;
		c->usage = usage;
	}
	if (changed)
		sibling_irq_check("WARNING: possible irq lock inversion dependency detected");
	liblockdep_graph_unlock();
}
