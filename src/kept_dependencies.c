/*
 * Dependencies kept through a report. Lockdep's check_prev_add() adds a dependency
 * once it is proven harmless: one that closes a cycle is reported and left out, and
 * so are those check_prevs_add() had yet to add for the same acquisition. The kernel
 * can afford it, as it stops validating at its first report; liblockdep goes on, and
 * a dependency left out hides every later cycle through it: after a -> b -> a is
 * reported, b -> a -> c -> b would never be found, whether the first report was
 * printed, dropped as a repeat (src/report_once.c) or suppressed by a rule
 * (src/rules.c). So after an acquisition whose validation of a new chain ended in a
 * report, the dependencies on its predecessors that lockdep would have added are
 * added here, each after lockdep's search for a cycle through it, which reports one
 * not reported yet (a repeat of the report just made is dropped). A later cycle
 * through them is a problem of its own classes, and reported as such. (Lockdep's
 * irq-usage check is not run again: the one dependency that stopped it reported.)
 */

/*
 * The dependencies added here that close a cycle: a test suite's graph file
 * (src/graph_file.c) does not carry them to the next process, which would report the
 * cycle again from the file alone. Known by entry and stack trace (an entry of a
 * class zapped since may serve another dependency). A list from the arena: one per
 * cycle reported.
 */
struct kept_dependency {
	const struct lock_list *entry;
	const struct lock_trace *trace;
	struct kept_dependency *next;
};

static struct kept_dependency *kept_cycle_dependencies;

/* Under the graph lock. */
static void dependency_kept_note(const struct lock_list *entry)
{
	struct kept_dependency *k = liblockdep_alloc(sizeof(*k));

	if (!k)
		return;
	*k = (struct kept_dependency){ entry, entry->trace, kept_cycle_dependencies };
	kept_cycle_dependencies = k;
}

/* Under the graph lock. */
static bool dependency_kept(const struct lock_list *entry)
{
	for (const struct kept_dependency *k = kept_cycle_dependencies; k; k = k->next)
		if (k->entry == entry && k->trace == entry->trace)
			return true;
	return false;
}

/* Under the graph lock: prev -> next in the graph, as check_prev_add() adds one that
 * passed its checks. False when lockdep ran out of room (and dropped the lock). */
static bool dependency_add(struct held_lock *prev, struct held_lock *next, u16 distance,
			   struct lock_trace **trace)
{
	struct lock_class *from = hlock_class(prev), *to = hlock_class(next);
	struct lock_list *entry;

	list_for_each_entry(entry, &from->locks_after, entry) {
		if (entry->class != to)
			continue;
		if (distance == 1)
			entry->distance = 1;
		entry->dep |= calc_dep(prev, next);
		list_for_each_entry(entry, &to->locks_before, entry) {
			if (entry->class == from) {
				if (distance == 1)
					entry->distance = 1;
				entry->dep |= calc_depb(prev, next);
			}
		}
		return true;
	}
	if (!*trace && !(*trace = save_trace()))
		return false;
	return add_lock_to_list(to, from, &from->locks_after, distance, calc_dep(prev, next),
				*trace) &&
	       add_lock_to_list(from, to, &to->locks_before, distance, calc_depb(prev, next),
				*trace);
}

/* Under the graph lock, which it holds again on true. Lockdep's own cycle search
 * (its check_prev_add() would not be inlined any more: a deeper report path), and
 * when asked, after it, its irq-usage check, as check_prev_add() has them. */
static bool dependency_keep(struct held_lock *prev, struct held_lock *next, u16 distance,
			    struct lock_trace **trace, bool irq_usage)
{
	struct list_head *after = &hlock_class(prev)->locks_after;
	enum bfs_result ret = check_noncircular(next, prev, trace);
	const struct lock_list *last;

	if (bfs_error(ret))
		return false;
	if (ret == BFS_RMATCH || (irq_usage && !check_irq_usage(current, prev, next))) {
		/* Reported (a repeat of the report just made is dropped): the lock went. */
		liblockdep_report_end();
		if (!graph_lock())
			return false;
	}
	last = list_last_entry(after, struct lock_list, entry);
	if (!dependency_add(prev, next, distance, trace))
		return false;
	if (ret == BFS_RMATCH && list_last_entry(after, struct lock_list, entry) != last)
		dependency_kept_note(list_last_entry(after, struct lock_list, entry));
	return true;
}

/*
 * After lockdep's validation of next, the lock curr was acquiring, ended in a report
 * and left it out of the held locks: the dependencies check_prevs_add() would have
 * added. Only where lockdep validated a new chain (it is cached now); not for a
 * class on itself, which lockdep never adds.
 */
static noinline void dependencies_keep(struct task_struct *curr, struct held_lock *next)
{
	int depth = curr->lockdep_depth;
	struct lock_trace *trace = NULL;
	unsigned long flags;
	u64 chain_key;

	if (!depth || next->trylock || !next->check ||
	    curr->held_locks[depth - 1].irq_context != next->irq_context)
		return;
	chain_key = iterate_chain_key(curr->curr_chain_key, hlock_id(next));
	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	if (!graph_lock())
		goto out;
	if (!lookup_chain_cache(chain_key))
		goto unlock;
	for (int i = depth - 1; i >= 0; i--) {
		struct held_lock *prev = &curr->held_locks[i];

		if (prev->irq_context != next->irq_context)
			break;
		if (!prev->check)
			continue;
		if (prev->class_idx != next->class_idx &&
		    !dependency_keep(prev, next, depth - i, &trace, false))
			goto out;
		if (!prev->trylock)
			break;
	}
unlock:
	graph_unlock();
out:
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
}
