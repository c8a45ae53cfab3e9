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
 * added here: one that closes a cycle as it is (its report was made, or it is the
 * problem reported), any other checked by lockdep first, and added even if that
 * check reports. A later cycle through them is a problem of its own classes, and
 * reported as such.
 */

/* Whether prev -> next closes a cycle: lockdep's own search, without its report. */
static bool dependency_closes_cycle(struct held_lock *prev, struct held_lock *next)
{
	struct lock_list root, *target;

	bfs_init_root(&root, next);
	return check_path(prev, &root, hlock_conflict, NULL, &target) == BFS_RMATCH;
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

/* Under the graph lock, which it holds again on true. */
static bool dependency_keep(struct task_struct *curr, struct held_lock *prev,
			    struct held_lock *next, u16 distance, struct lock_trace **trace)
{
	if (dependency_closes_cycle(prev, next))
		return dependency_add(prev, next, distance, trace);
	if (check_prev_add(curr, prev, next, distance, trace))
		return true;
	/* Reported (an irq-safe lock before an irq-unsafe one): the graph lock went. */
	liblockdep_report_end();
	return graph_lock() && dependency_add(prev, next, distance, trace);
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
		    !dependency_keep(curr, prev, next, depth - i, &trace))
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
