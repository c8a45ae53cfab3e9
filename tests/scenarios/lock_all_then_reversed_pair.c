/*
 * After 128 mutexes of one class held at once, past lockdep's depth limit
 * (lock_all_under_grow_lock.c), two of them taken the other way round, below the
 * limit, are still the bank transfer's deadlock, as same_class_ten_nested.c reports.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0]
 */
#include "scenario.h"

#define LOCK_CNT 128
static pthread_mutex_t locks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_lock(&locks[i]), 0);
	for (int i = LOCK_CNT - 1; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	nest(&locks[9], &locks[8]);
	return 0;
}
