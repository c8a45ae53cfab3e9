/*
 * LIBLOCKDEP_CLASSES=site (the default, the kernel's model): every lock from the one
 * allocator call site is one class. Nesting two btree locks is "recursive locking"
 * (lockdep cannot know they are ordered by address), and btree -> pager vs pager ->
 * btree on other objects is the same class both ways: recursive again, not a cycle.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: mutex@new_lock
 */
#include "classes.h"

int main(void)
{
	use_locks_correctly();
	invert_across_objects();
	return 0;
}
