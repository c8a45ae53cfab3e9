/*
 * A rules file's "classes stack" for one function: the locks the generic allocator
 * new_lock() creates get a class per call stack, as under LIBLOCKDEP_CLASSES=stack,
 * while the default stays "site". So btree and pager locks are classes of their own:
 * the btree locks nested in address order, then the wrong way round, are one class
 * (a cycle of two locks of the class: src/instance_nesting.c),
 * and the inversion across objects is a cycle between the two classes.
 *
 * Rules: classes stack function=new_lock   # the allocator's callers make the class
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@new_lock<new_btree_lock mutex@new_lock<new_pager_lock
 */
#include "classes.h"

int main(void)
{
	use_locks_correctly();
	nest_btree_locks_both_ways();
	invert_across_objects();
	return 0;
}
