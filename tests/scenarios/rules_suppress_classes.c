/*
 * A rules file's "suppress KIND class=GLOB...": of two AB-BA inversions, the one
 * whose classes are all named by the rule's globs, each glob matching one of them, is
 * not printed; the other is, and ends with the rule line that would suppress it. A
 * rule naming only one of a report's classes does not suppress it.
 *
 * Rules: suppress circular class=accepted_*      # one glob, two classes: both match
 * Rules: suppress circular class=open_lock       # open_lock and close_lock: no
 * Rules: suppress recursive class=open_lock class=close_lock   # another kind
 * Expect: WARNING: possible circular locking dependency detected
 * Names: open_lock close_lock
 * Suppress: suppress circular class=open_lock class=close_lock
 */
#include "scenario.h"

static pthread_mutex_t accepted_outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t accepted_inner = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t close_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	nest(&accepted_outer, &accepted_inner);
	nest(&accepted_inner, &accepted_outer);
	nest(&open_lock, &close_lock);
	nest(&close_lock, &open_lock);
	return 0;
}
