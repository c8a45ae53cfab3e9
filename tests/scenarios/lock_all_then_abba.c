/*
 * After 128 mutexes of one class held at once, past lockdep's depth limit
 * (lock_all_under_grow_lock.c), validation is still on: an AB-BA between one of them
 * and another lock is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: other locks[0]
 */
#include "scenario.h"

#define LOCK_CNT 128
static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t locks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&grow_lock), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_lock(&locks[i]), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	EXPECT_RET(pthread_mutex_unlock(&grow_lock), 0);
	nest(&locks[100], &other);
	nest(&other, &locks[3]);
	return 0;
}
