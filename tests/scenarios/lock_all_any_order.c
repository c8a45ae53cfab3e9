/*
 * Locks of one class past lockdep's depth limit (src/merged_locks.c), taken with
 * trylock as well, and rwlocks of one class write- and read-locked all at once:
 * silent whatever order they are released in.
 *
 * Expect: silent
 */
#include "scenario.h"

#ifndef LOCK_CNT
#define LOCK_CNT 128
#endif
static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t locks[LOCK_CNT];
static pthread_rwlock_t rwlocks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++) {
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
		EXPECT_RET(pthread_rwlock_init(&rwlocks[i], NULL), 0);
	}
	EXPECT_RET(pthread_mutex_lock(&outer), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(i & 1 ? pthread_mutex_trylock(&locks[i]) : pthread_mutex_lock(&locks[i]), 0);
	/* The even ones up, then the odd ones down. */
	for (int i = 0; i < LOCK_CNT; i += 2)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	for (int i = LOCK_CNT - 1; i > 0; i -= 2)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	EXPECT_RET(pthread_mutex_unlock(&outer), 0);

	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_rwlock_wrlock(&rwlocks[i]), 0);
	/* From the middle outwards. */
	for (int i = 0; i < LOCK_CNT / 2; i++) {
		EXPECT_RET(pthread_rwlock_unlock(&rwlocks[LOCK_CNT / 2 + i]), 0);
		EXPECT_RET(pthread_rwlock_unlock(&rwlocks[LOCK_CNT / 2 - 1 - i]), 0);
	}
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_rwlock_rdlock(&rwlocks[i]), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_rwlock_unlock(&rwlocks[i]), 0);
	return 0;
}
