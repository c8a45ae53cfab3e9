/*
 * Two locks of one class, both held past lockdep's depth limit (src/merged_locks.c),
 * taken in both orders: the first time 126 inside 127's predecessors in ascending
 * order, the second time 127 then 126. That is the bank transfer's deadlock, as
 * lock_all_then_reversed_pair.c reports it below the limit; the merged locks are
 * judged instance by instance as any others of the class.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0]
 */
#include "lock_all.h"

static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	INIT_ALL(NULL);
	lock_all_under(&grow_lock);

	/* Again past the limit, the last two the other way round. */
	EXPECT_RET(pthread_mutex_lock(&grow_lock), 0);
	lock_range(0, LOCK_CNT - 2);
	EXPECT_RET(pthread_mutex_lock(&locks[LOCK_CNT - 1]), 0);
	EXPECT_RET(pthread_mutex_lock(&locks[LOCK_CNT - 2]), 0);
	unlock_all_down();
	EXPECT_RET(pthread_mutex_unlock(&grow_lock), 0);
	return 0;
}
