/*
 * A mutex set aside past lockdep's records (70 locks of as many classes held,
 * src/merged_locks.c), destroyed while held: lockdep's "held lock freed", as for any
 * held lock, naming it.
 *
 * Expect: WARNING: held lock freed!
 * Names: chain[2]
 */
#include "deep_distinct_classes.h"

int main(void)
{
	deep_lock(0, DEEP_CNT);
	pthread_mutex_destroy(&chain[2]);
	deep_unlock(3, DEEP_CNT);
	deep_unlock(0, 2);
	return 0;
}
