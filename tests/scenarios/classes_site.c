/*
 * LIBLOCKDEP_CLASSES=site (the default, the kernel's model): every lock from the one
 * allocator call site is one class. Two btree locks nested, and btree -> pager vs
 * pager -> btree on other objects, are that class nested by instance, each pair in
 * one order only: no cycle among the instances (src/instance_nesting.c), silent. (Before instance nesting this was "recursive locking"; the inversion
 * across objects is found with classes per call stack, classes_stack.c.)
 *
 * Expect: silent
 */
#include "classes.h"

int main(void)
{
	use_locks_correctly();
	invert_across_objects();
	return 0;
}
