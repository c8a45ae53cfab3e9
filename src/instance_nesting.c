/*
 * Locks of one class nested by instance. A class is keyed by its init call site, as
 * the kernel keys it, so the locks one call makes in a loop (redis's
 * io_threads_mutex[i], libdbus's global locks, a ring of forks, an -O0 C++ guard's
 * mutexes) are one class, and nesting two of them is lockdep's "recursive locking"
 * unless the code says mutex_lock_nested(). Programs have no such annotations; they
 * nest such locks in a fixed order, which is correct. So the locks stay in their
 * class (its dependencies with other classes are exactly lockdep's) and the class
 * gets the kernel's lock comparison function (lockdep_set_lock_cmp_fn()): two
 * different instances held together are in order, as far as lockdep's recursion
 * check goes, and make no dependency of the class on itself. The same lock again is
 * recursive locking, as lockdep says.
 *
 * The order between the instances is judged here instead: each time a thread waits
 * for a lock (not a trylock) while it holds others of its class, the held one,
 * innermost first, down to the first it did not trylock and holds for more than a
 * recursive read, is an edge of an instance graph, outer to inner, and a new edge
 * is searched for a cycle of any length: the bank transfer (A then B, B then A),
 * three accounts (a->b, b->c, c->a), the dining philosophers, a ring of 2,000. A
 * cycle is reported as lockdep's circular locking dependency, with the locks of the
 * cycle in order.
 *
 * Reads follow the kernel's rules for them (lockdep's "strong" paths): a recursive
 * read (lockdep's read 2: glibc's default rwlock, which lets a reader in while a
 * writer waits) blocks only on a writer that holds the lock, so a cycle that enters
 * a lock by a recursive read and leaves it while holding it for one is no deadlock
 * (rdlock(a) wrlock(b) against wrlock(b) rdlock(a)); every other read waits behind
 * a waiting writer, so a cycle of them, read-read included, deadlocks once writers
 * wait on its locks, as ThreadSanitizer's deadlock_detector_stress_test Test8 shows
 * of writer-preferring rwlocks. So each lock has two vertices, by the way a path
 * enters it: for writing (or a non-recursive read), from which every edge of the
 * lock leads on, and for a recursive read, from which only an edge where the lock
 * was held for more than a recursive read leads on. A cycle of vertices is then
 * exactly a cycle lockdep would call a deadlock. A held lock taken by a recursive
 * read does not lead on to what is taken later from the paths that entered it
 * otherwise, so the held locks below it are edges of their own.
 *
 * The graph (src/instance_graph.c) is kept in a dynamic topological order, so that
 * a new edge searches only between its two ends, and only when it goes against
 * the order: the cost of a step of a walk or a transfer does not grow with the
 * list, the bank or the run. Vertices live in the lock table's entries
 * (src/lock_table.c) and lose their edges when the lock goes (destroyed, freed,
 * unmapped, unloaded, or initialised anew), so a program that makes and nests
 * objects for ever (a tree's nodes, a connection and its session) keeps only the
 * edges of what is alive, in liblockdep's own memory, which grows as they do and
 * has no other bound. A cycle, once found, is remembered outside the order: its
 * class was reported, and every cycle of the graph lies in one class (or in sibling
 * classes), so later ones through it are the same problem. The fast
 * path never learns a wait for a class the thread holds, or for a sibling of one
 * (src/fast_path.c): every such nesting comes here. A trylock makes no edge, and the
 * fast path may repeat it.
 *
 * Siblings, the classes one function that makes locks made for different callers
 * (src/lock_makers.c), and the classes of locks made by types' init functions for
 * their creators, with each other (src/lock_creators.c), are nested by instance the
 * same way: a lock waited for while the thread holds a sibling's is an edge here,
 * and lockdep is not given the sibling's dependency on it (siblings_hide()).
 */

/* The lock a vertex is of. */
static struct lock_entry *instance_entry(struct instance_vertex *v)
{
	return container_of(v - v->index, struct lock_entry, instance[0]);
}

/* One lock of a cycle: its address, the variable it lives in if any, its class, and
 * whether the cycle enters it by a recursive read. */
static void print_instance(struct instance_vertex *v)
{
	struct lock_entry *e = instance_entry(v);
	const char *variable = lock_variable_name(e->lock, lock_kind_sizes[e->kind]);

	printk(KERN_CONT " %px %s%s(", e->lock, variable ?: "", variable ? " " : "");
	print_lockdep_cache(&e->map);
	printk(KERN_CONT ")%s\n", v->index ? ", taken to read" : "");
}

/* The head of both reports below, as lockdep's own begin; false for a repeat. */
static bool instance_report_head(const char *headline, struct lock_entry *e,
				 struct held_lock *hlock, unsigned long ip)
{
	static const char rule[] = "======================================================";
	struct task_struct *task = current;
	int len = strlen(headline);

	if (!liblockdep_report_begin(headline, e->lock))
		return false;
	pr_warn("\n");
	pr_warn("%.*s\n", len, rule);
	pr_warn("%s\n", headline);
	print_kernel_ident();
	pr_warn("%.*s\n", len, "------------------------------------------------------");
	pr_warn("%s/%d is trying to acquire lock:\n", task->comm, task_pid_nr(task));
	printk(KERN_CONT "%px (", e->lock);
	print_lockdep_cache(&e->map);
	printk(KERN_CONT "), at: %pS\n", (void *)ip);
	pr_warn("\nbut task is already holding lock:\n");
	print_lock(hlock);
	return true;
}

static void instance_report_tail(void)
{
	pr_warn("\n *** DEADLOCK ***\n\n");
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
	liblockdep_report_end();
}

/* A long cycle is printed by its ends: a ring of 2,000 would not fit in a report. */
#define INSTANCE_CYCLE_ENDS	16

/* The locks of a cycle, from v along came_from. */
static void instance_cycle_print(struct instance_vertex *v)
{
	unsigned long len = 0, i = 0;

	for (struct instance_vertex *w = v; w; w = w->came_from)
		len++;
	for (; v; v = v->came_from, i++) {
		if (i < INSTANCE_CYCLE_ENDS || i >= len - INSTANCE_CYCLE_ENDS)
			print_instance(v);
		else if (i == INSTANCE_CYCLE_ENDS)
			pr_warn(" ... %lu more locks of the cycle ...\n",
				len - 2 * INSTANCE_CYCLE_ENDS);
	}
}

/*
 * A cycle of locks of one class, as lockdep's circular locking dependency between
 * classes, the locks in its order: from to, the vertex e is entered at, each was
 * taken inside the one before it, up to from, held, inside which e is being taken.
 * The search's path leads back from from to to: turned round first.
 */
static noinline void instance_cycle_report(struct lock_entry *e, struct held_lock *hlock,
					   struct instance_vertex *from,
					   struct instance_vertex *to, unsigned long ip)
{
	struct instance_vertex *v = from, *next, *back = NULL;

	if (!instance_report_head("WARNING: possible circular locking dependency detected",
				  e, hlock, ip))
		return;
	for (; v; back = v, v = next) {
		next = v->came_from;
		v->came_from = back;
	}
	pr_warn("\nwhich lock already depends on the new lock, instance by instance:\n"
		"each of these locks of one class (or of sibling classes, made by one\n"
		"function for different callers or by types' init functions) was taken\n"
		"holding the one before it, and the first is being taken holding the last\n\n");
	instance_cycle_print(to);
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn(" Each thread holds one lock of the cycle and waits for the next one.\n");
	instance_report_tail();
}

/* The same lock again: judged as lockdep judges a class taken inside itself. */
static noinline void instance_pair_report(struct lock_entry *e, struct held_lock *hlock,
					  unsigned long ip)
{
	if (!instance_report_head("WARNING: possible recursive locking detected", e, hlock, ip))
		return;
	pr_warn("\nother info that might help us debug this:\n");
	pr_warn(" May be due to missing lock nesting notation\n");
	instance_report_tail();
}

/* Said once: the instance graph has no bound of its own, but memory may end. */
static noinline void instance_out_of_memory(void)
{
	static bool said;

	if (__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
		return;
	printk(KERN_ERR "liblockdep: out of memory for the instance graph: locks of one class "
	       "nested from now on are not all checked for cycles; everything else is.\n");
}

/* Under the graph lock: the edge from -> to, and the cycle it may close. */
static void instance_edge_check(struct lock_entry *e, struct held_lock *hlock,
				struct instance_vertex *from, struct instance_vertex *to,
				unsigned long ip)
{
	switch (instance_edge_add(from, to)) {
	case INSTANCE_EDGE_CYCLE:
		instance_cycle_report(e, hlock, from, to, ip);
		break;
	case INSTANCE_EDGE_NOMEM:
		instance_out_of_memory();
		break;
	case INSTANCE_EDGE_KNOWN:
		break;
	}
}

/*
 * Under the graph lock: e, taken for @read, waited for inside the held lock. A
 * recursive read enters e at its second vertex. Every path into the held lock leads
 * on to e, except one that entered it by a recursive read while it is held for one.
 */
static void instance_nesting_add(struct lock_entry *e, int read, struct held_lock *hlock,
				 unsigned long ip)
{
	struct lock_entry *held = container_of(hlock->instance, struct lock_entry, map);
	struct instance_vertex *to = &e->instance[read == 2];

	instance_edge_check(e, hlock, &held->instance[0], to, ip);
	if (hlock->read != 2 && held->read_mode == 2)
		instance_edge_check(e, hlock, &held->instance[1], to, ip);
}

/* Distinct instances of a class are in order for lockdep: this file judges them. */
static int instance_order_cmp(const struct lockdep_map *a, const struct lockdep_map *b)
{
	return a == b ? 0 : -1;
}

static bool held_of_class(const struct held_lock *hlock, const struct lock_entry *e,
			  unsigned int subclass)
{
	return hlock->instance->key == e->map.key &&
	       lock_classes[hlock->class_idx].subclass == subclass;
}

/* Whether hlock is of a sibling of e's class (src/lock_makers.c), in the subclass. */
static bool held_of_sibling(const struct held_lock *hlock, const struct lock_entry *e,
			    unsigned int subclass)
{
	return lock_classes[hlock->class_idx].subclass == subclass &&
	       lock_sites_siblings(hlock->instance->key, e->map.key);
}

/*
 * The same lock again, waited for: lockdep's recursive locking, which lockdep looks
 * for only in a chain of classes new to it. With two locks of the class nested
 * before, which the comparison function let pass, the chain is known: then the
 * report is made here, as lockdep would make it.
 */
static noinline void instance_relock_check(struct lock_entry *e, struct held_lock *hlock,
					   int read, unsigned long ip)
{
	u64 chain_key = iterate_chain_key(current->curr_chain_key,
					  hlock->class_idx | (u32)read << MAX_LOCKDEP_KEYS_BITS);
	bool known;

	if (read == 2 && hlock->read)
		return;
	liblockdep_rcu_read_lock();
	known = lookup_chain_cache(chain_key);
	liblockdep_rcu_read_unlock();
	if (known)
		instance_pair_report(e, hlock, ip);
}

/* The thread's hold of e in this subclass, if any. */
static struct held_lock *held_lock_of(struct task_struct *task, const struct lock_entry *e,
				      unsigned int subclass)
{
	for (int i = 0; i < task->lockdep_depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];

		if (hlock->instance == &e->map && held_of_class(hlock, e, subclass))
			return hlock;
	}
	return NULL;
}

/*
 * e inside hlock, a held lock of its class: the class gets the comparison function,
 * and a wait for e its edge, under the graph lock, taken once (*locked). True when
 * the held locks below lead here through hlock.
 */
/* Whether a held lock's order with e is the instance graph's: of e's class (which
 * then gets the comparison function), or of a sibling class (src/lock_makers.c). */
static bool held_nested_by_instance(const struct held_lock *hlock, const struct lock_entry *e,
				    unsigned int subclass)
{
	struct lock_class *class = &lock_classes[hlock->class_idx];

	if (!held_of_class(hlock, e, subclass))
		return held_of_sibling(hlock, e, subclass);
	if (READ_ONCE(class->cmp_fn) != instance_order_cmp)
		WRITE_ONCE(class->cmp_fn, instance_order_cmp);
	return true;
}

static bool instance_nesting_inside(struct lock_entry *e, int read, bool waits,
				    struct held_lock *hlock, bool *locked, unsigned long ip)
{
	if (!waits)
		return true;
	if (!*locked) {
		liblockdep_graph_lock();
		*locked = true;
	}
	instance_nesting_add(e, read, hlock, ip);
	/* Below a lock held that way, the held ones lead here through it. */
	return !hlock->trylock && hlock->read != 2;
}

/* The same for the locks set aside past lockdep's depth limit, the innermost first,
 * which lie below all of lockdep's records (src/merged_locks.c). */
static noinline void instance_nesting_outer(struct lock_entry *e, unsigned int subclass,
					    int read, bool waits, bool *locked, unsigned long ip)
{
	struct held_lock hlock;

	for (int i = merged->nr - 1; i >= 0; i--) {
		if (!merged->locks[i].outer || !merged_lock_live(&merged->locks[i]))
			continue;
		merged_lock_record(&merged->locks[i], &hlock);
		if (held_nested_by_instance(&hlock, e, subclass) &&
		    instance_nesting_inside(e, read, waits, &hlock, locked, ip))
			return;
	}
}

/*
 * Before lockdep's lock_acquire() of e: a class held through another instance gets
 * the comparison function, and a wait for e adds its edges to the instance graph,
 * from the held locks of the class, the innermost first, down to the first held
 * for more than a recursive read and not tried.
 * Out of line, so that its frame is gone before lockdep's deep paths run
 * (tests/checks/stack_budget.sh).
 */
static noinline void instance_nesting_check(struct lock_entry *e, unsigned int subclass,
					    int read, int trylock, unsigned long ip)
{
	struct task_struct *task = current;
	bool waits = !trylock && e->map.key != &__lockdep_no_validate__;
	struct held_lock *again = held_lock_of(task, e, subclass);
	bool locked = false;
	int i;

	if (again) {
		if (!trylock)
			instance_relock_check(e, again, read, ip);
		return;
	}
	for (i = task->lockdep_depth - 1; i >= 0; i--) {
		struct held_lock *hlock = &task->held_locks[i];

		if (held_nested_by_instance(hlock, e, subclass) &&
		    instance_nesting_inside(e, read, waits, hlock, &locked, ip))
			break;
	}
	if (i < 0 && unlikely(merged_outer_held()))
		instance_nesting_outer(e, subclass, read, waits, &locked, ip);
	if (locked)
		liblockdep_graph_unlock();
}

/*
 * Before lockdep's lock_acquire() of e, waited for: the siblings of its class held
 * (src/lock_makers.c), whose order with e the instance graph judges, are left out of
 * lockdep's dependencies, with their check bit cleared for the while, which lockdep
 * passes as it passes any lock held unchecked, going on to the locks below: a
 * dependency between a sibling and another class stays lockdep's own. Those
 * cleared are set in hidden, for siblings_shown(); false if none was.
 */
static bool siblings_hide(struct task_struct *task, const struct lock_entry *e,
			  unsigned int subclass, unsigned long *hidden)
{
	bool any = false;

	memset(hidden, 0, BITS_TO_LONGS(MAX_LOCK_DEPTH) * sizeof(*hidden));
	for (int i = 0; i < task->lockdep_depth; i++) {
		struct held_lock *hlock = &task->held_locks[i];

		if (hlock->check && held_of_sibling(hlock, e, subclass)) {
			hlock->check = 0;
			__set_bit(i, hidden);
			any = true;
		}
	}
	return any;
}

/*
 * After it: the siblings are checked again, and e, held at depth, is recorded as a
 * trylock, which it was for lockdep's dependencies: a lock released below it makes
 * lockdep take it again (reacquire_held_locks()), with the siblings then in view.
 * Its usage was marked as taken, and a lock taken after it still depends on it and
 * on the locks below it.
 */
static void siblings_shown(struct task_struct *task, const struct lock_entry *e,
			   unsigned int depth, const unsigned long *hidden)
{
	for (unsigned int i = 0; i < depth; i++)
		if (test_bit(i, hidden))
			task->held_locks[i].check = 1;
	if (task->lockdep_depth > depth && task->held_locks[depth].instance == &e->map)
		task->held_locks[depth].trylock = 1;
}
