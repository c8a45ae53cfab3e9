/*
 * After 128 mutexes of one class held at once, past lockdep's depth limit
 * (lock_all_under_grow_lock.c), two of them taken the other way round, below the
 * limit, are still the bank transfer's deadlock, as same_class_ten_nested.c reports.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0]
 */
#include "lock_all.h"

int main(void)
{
	INIT_ALL(NULL);
	lock_range(0, LOCK_CNT);
	unlock_all_down();
	nest(&locks[9], &locks[8]);
	return 0;
}
