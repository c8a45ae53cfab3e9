/*
 * Rwlocks of one class read-locked past lockdep's depth limit (src/merged_locks.c),
 * one of them read-locked again by its holder, as glibc allows (readers first, the
 * default): a read that may recur, silent as below the limit; every hold is let go.
 *
 * Expect: silent
 */
#include "scenario.h"

#ifndef LOCK_CNT
#define LOCK_CNT 128
#endif
static pthread_rwlock_t rwlocks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_rwlock_init(&rwlocks[i], NULL), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_rwlock_rdlock(&rwlocks[i]), 0);
	EXPECT_RET(pthread_rwlock_rdlock(&rwlocks[LOCK_CNT - 28]), 0);
	EXPECT_RET(pthread_rwlock_rdlock(&rwlocks[3]), 0);
	EXPECT_RET(pthread_rwlock_unlock(&rwlocks[LOCK_CNT - 28]), 0);
	EXPECT_RET(pthread_rwlock_unlock(&rwlocks[3]), 0);
	for (int i = LOCK_CNT - 1; i >= 0; i--)
		EXPECT_RET(pthread_rwlock_unlock(&rwlocks[i]), 0);
	return 0;
}
