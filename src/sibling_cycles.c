/*
 * Cycles through sibling classes and other classes. The classes one function makes
 * for different callers (src/lock_makers.c, src/lock_creators.c) are siblings, and
 * so are all the classes that types' init functions make (src/lock_creators.c): a
 * lock taken while the thread holds a sibling's is an edge of the instance graph
 * (src/instance_nesting.c), and lockdep is not given that dependency, since two
 * kinds of account nested in address order would make it both ways round. But a
 * cycle that leaves the siblings is no such transfer: a session's lock held over a
 * record's (siblings), the record's over the registry lock, the registry lock over
 * the session's, is a deadlock on those three locks, which neither the instance
 * graph (one edge) nor lockdep (two) could see.
 *
 * So each pair of siblings nested by instance is kept here, once per pair of
 * classes, and a cycle of classes over lockdep's dependencies and these pairs is
 * reported when it has at least one of each: a cycle of pairs alone is the instance
 * graph's to judge, one of lockdep's dependencies alone lockdep's. It is looked for
 * when its last edge comes: a new pair, from the inner class back to the outer
 * through at least one of lockdep's dependencies; a new dependency of lockdep's,
 * while pairs exist, from the lock taken back to a class the thread holds through at
 * least one pair. As lockdep's classes, it finds the cycle over different objects of
 * those classes too; its dependencies count whatever their reads.
 *
 * The pairs and the search's state are liblockdep's own pages, taken when the first
 * pair comes; a pair whose class went (its code unloaded) is given back when its
 * list is next walked. Everything is under the graph lock.
 */
static void sibling_irq_dependency_added(void);

struct sibling_pair {
	struct sibling_pair *next;
	const struct lockdep_subclass_key *from_key, *to_key;	/* the classes still the same */
	unsigned int to;
};

#define SIBLING_ROOT	((u32)-1)	/* the search's start: no state before it */
#define SIBLING_STATES	(2 * MAX_LOCKDEP_KEYS)	/* a class, and whether the search
						 * crossed the kind of edge it needs */

struct sibling_search {
	struct sibling_pair *out[MAX_LOCKDEP_KEYS];	/* each class's pairs */
	u32 queue[SIBLING_STATES];
	u32 prev[SIBLING_STATES];
	const struct lock_list *via[SIBLING_STATES];	/* NULL: a pair */
	DECLARE_BITMAP(seen, SIBLING_STATES);
	DECLARE_BITMAP(target, MAX_LOCKDEP_KEYS);
	DECLARE_BITMAP(on_path, MAX_LOCKDEP_KEYS);
};

static struct sibling_search *sibling_search;
static struct sibling_pair *free_sibling_pairs;

#define SIBLING_PAIRS_PAGE	4096

static struct sibling_pair *sibling_pair_alloc(void)
{
	struct sibling_pair *p = free_sibling_pairs;

	if (!p) {
		p = liblockdep_pages_alloc(SIBLING_PAIRS_PAGE);
		if (!p)
			return NULL;
		for (unsigned int i = 1; i < SIBLING_PAIRS_PAGE / sizeof(*p); i++) {
			p[i].next = free_sibling_pairs;
			free_sibling_pairs = &p[i];
		}
		return p;
	}
	free_sibling_pairs = p->next;
	return p;
}

static bool sibling_class_is(unsigned int idx, const struct lockdep_subclass_key *key)
{
	return test_bit(idx, lock_classes_in_use) && lock_classes[idx].key == key;
}

/* Records from -> to; true when the pair is new. Pairs of classes gone are given
 * back on the way. */
static bool sibling_pair_add(unsigned int from, unsigned int to)
{
	struct sibling_pair **pp, *p;

	if (!sibling_search) {
		sibling_search = liblockdep_pages_alloc(sizeof(*sibling_search));
		if (!sibling_search)
			return false;
	}
	for (pp = &sibling_search->out[from]; (p = *pp); ) {
		if (!sibling_class_is(from, p->from_key) || !sibling_class_is(p->to, p->to_key)) {
			*pp = p->next;
			p->next = free_sibling_pairs;
			free_sibling_pairs = p;
			WRITE_ONCE(nr_sibling_pairs, nr_sibling_pairs - 1);
			continue;
		}
		if (p->to == to)
			return false;
		pp = &p->next;
	}
	p = sibling_pair_alloc();
	if (!p)
		return false;
	p->from_key = lock_classes[from].key;
	p->to_key = lock_classes[to].key;
	p->to = to;
	p->next = sibling_search->out[from];
	sibling_search->out[from] = p;
	WRITE_ONCE(nr_sibling_pairs, nr_sibling_pairs + 1);
	return true;
}

static void sibling_visit(struct sibling_search *ss, unsigned long *tail, u32 from,
			  unsigned int idx, bool crossed, const struct lock_list *via)
{
	u32 s = idx * 2 + crossed;

	if (test_bit(s, ss->seen))
		return;
	__set_bit(s, ss->seen);
	ss->prev[s] = from;
	ss->via[s] = via;
	ss->queue[(*tail)++] = s;
}

/* The states after s, over lockdep's dependencies and over the pairs, each having
 * crossed the edge it needs as told. */
static void sibling_visit_next(struct sibling_search *ss, unsigned long *tail, u32 s,
			       bool crossed_by_dependency, bool crossed_by_pair)
{
	unsigned int idx = s / 2;
	struct lock_list *entry;

	list_for_each_entry(entry, &lock_classes[idx].locks_after, entry)
		sibling_visit(ss, tail, s, entry->class - lock_classes,
			      crossed_by_dependency, entry);
	for (struct sibling_pair *p = ss->out[idx]; p; p = p->next)
		if (sibling_class_is(idx, p->from_key) && sibling_class_is(p->to, p->to_key))
			sibling_visit(ss, tail, s, p->to, crossed_by_pair, NULL);
}

/* Whether the way to s passes a class twice: then it holds a shorter cycle, of
 * lockdep's dependencies alone, or of both kinds, reported when it closed, and its
 * own report would only repeat that one. */
static bool sibling_path_repeats(struct sibling_search *ss, u32 s)
{
	bool again = false;
	u32 t;

	for (t = s; t != SIBLING_ROOT && !again; t = ss->prev[t]) {
		again = test_bit(t / 2, ss->on_path);
		__set_bit(t / 2, ss->on_path);
	}
	for (t = s; t != SIBLING_ROOT; t = ss->prev[t])
		__clear_bit(t / 2, ss->on_path);
	return again;
}

/*
 * From the class start, over lockdep's dependencies and the pairs: the first state
 * of a target class reached having crossed a pair (needs_pair) or a dependency of
 * lockdep's (not needs_pair), by a way that passes no class twice; -1 if none.
 */
static long sibling_cycle_search(unsigned int start, bool needs_pair)
{
	struct sibling_search *ss = sibling_search;
	unsigned long head = 0, tail = 0;

	memset(ss->seen, 0, sizeof(ss->seen));
	sibling_visit(ss, &tail, SIBLING_ROOT, start, false, NULL);
	while (head < tail) {
		u32 s = ss->queue[head++];
		unsigned int idx = s / 2;
		bool crossed = s & 1;

		if (crossed && test_bit(idx, ss->target) && !sibling_path_repeats(ss, s))
			return s;
		sibling_visit_next(ss, &tail, s, crossed || !needs_pair, crossed || needs_pair);
	}
	return -1;
}

/* The way the search found to state found: each class, with the stack of lockdep's
 * dependency that leads to it, or said to be a sibling's. */
static void sibling_path_print(u32 found)
{
	struct sibling_search *ss = sibling_search;
	unsigned long n = 0;

	for (u32 s = found; s != SIBLING_ROOT; s = ss->prev[s])
		ss->queue[n++] = s;
	pr_warn("\nthrough classes that one function made for different callers\n"
		"(siblings, nested by instance) and other classes; each class below\n"
		"was taken holding the one before it:\n\n");
	while (n--) {
		u32 s = ss->queue[n];

		printk(KERN_CONT "%s(", ss->prev[s] == SIBLING_ROOT ? " " : " -> ");
		__print_lock_name(NULL, &lock_classes[s / 2]);
		if (ss->prev[s] == SIBLING_ROOT) {
			printk(KERN_CONT ")\n");
		} else if (ss->via[s]) {
			printk(KERN_CONT "), at:\n");
			print_lock_trace(ss->via[s]->trace, 6);
		} else {
			printk(KERN_CONT "), a sibling's lock taken inside the one before it\n");
		}
	}
}

/* The cycle found, from the new lock's class to the held lock's. */
static noinline void sibling_cycle_report(struct lock_entry *e, struct held_lock *hlock,
					  u32 found, unsigned long ip)
{
	if (!instance_report_head("WARNING: possible circular locking dependency detected",
				  e, hlock, ip))
		return;
	pr_warn("\nwhich lock already depends on the new lock,");
	sibling_path_print(found);
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn(" Each thread holds one lock of the cycle and waits for the next one.\n");
	instance_report_tail();
}

/*
 * After lockdep's acquisition of e, held at depth, with siblings hidden: each held
 * sibling's class and e's are a pair, and a new pair is looked for a way back from
 * e's class to the sibling's through at least one of lockdep's dependencies.
 */
static noinline void sibling_pairs_learn(struct task_struct *task, struct lock_entry *e,
					 unsigned int depth, const unsigned long *hidden,
					 unsigned long ip)
{
	unsigned int to = task->held_locks[depth].class_idx;

	if (task->lockdep_depth <= depth || task->held_locks[depth].instance != &e->map)
		return;
	liblockdep_graph_lock();
	for (unsigned int i = 0; i < depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];
		long found;

		if (!test_bit(i, hidden) || !sibling_pair_add(hlock->class_idx, to))
			continue;
		sibling_irq_dependency_added();
		__set_bit(hlock->class_idx, sibling_search->target);
		found = sibling_cycle_search(to, false);
		__clear_bit(hlock->class_idx, sibling_search->target);
		if (found >= 0) {
			sibling_cycle_report(e, hlock, found, ip);
			break;
		}
	}
	liblockdep_graph_unlock();
}

/*
 * After lockdep's acquisition of e, held at depth, which gave lockdep new
 * dependencies, while pairs exist: a way back from e's class to a class the thread
 * holds, through at least one pair, is a cycle that the new dependency closed.
 */
static noinline void sibling_cycles_check(struct task_struct *task, struct lock_entry *e,
					  unsigned int depth, const unsigned long *hidden,
					  unsigned long ip)
{
	struct sibling_search *ss = sibling_search;
	unsigned int to = task->held_locks[depth].class_idx;
	long found;

	if (task->lockdep_depth <= depth || task->held_locks[depth].instance != &e->map)
		return;
	liblockdep_graph_lock();
	for (unsigned int i = 0; i < depth; i++)
		if (!test_bit(i, hidden) && task->held_locks[i].class_idx != to)
			__set_bit(task->held_locks[i].class_idx, ss->target);
	found = sibling_cycle_search(to, true);
	for (unsigned int i = 0; i < depth; i++)
		__clear_bit(task->held_locks[i].class_idx, ss->target);
	for (unsigned int i = 0; found >= 0 && i < depth; i++) {
		if (task->held_locks[i].class_idx == found / 2 && !test_bit(i, hidden)) {
			sibling_cycle_report(e, &task->held_locks[i], found, ip);
			break;
		}
	}
	liblockdep_graph_unlock();
}
