/*
 * LIBLOCKDEP_CLASSES=stack: the init call stack names the class, so btree and pager
 * locks are classes of their own although one allocator creates both. The btree
 * locks nested in address order, then the wrong way round, are still one class
 * (a cycle of two locks of the class: src/instance_nesting.c), and the
 * inversion across objects is found as a cycle between the two classes.
 *
 * Env: LIBLOCKDEP_CLASSES=stack
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
