/*
 * A rules file's "wrapper": new_lock() is a lock-creating helper of the program's own
 * (not one liblockdep knows), so a lock it creates is keyed by its caller's site, as
 * the kernel's mutex_init() macro's class is. Btree and pager locks are then classes
 * of their own, renamed by "name" rules: one by the function that keys the class, a
 * static lock by its class name. Two btree locks nested both ways round are still
 * one class (a cycle of two of its locks), the inversion across objects is a cycle between "btree" and
 * "pager", and the static lock taken inside a btree lock is named "registry".
 *
 * Rules: wrapper function=new_lock
 * Rules: name btree function=new_btree_lock
 * Rules: name pager function=new_pager_*
 * Rules: name registry class=registry_lock
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: btree pager registry
 */
#include "classes.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t *b = make(0);

	use_locks_correctly();
	nest_btree_locks_both_ways();
	invert_across_objects();
	nest(b, &registry_lock);
	nest(&registry_lock, b);
	return 0;
}
