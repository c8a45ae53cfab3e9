/*
 * An error-checking mutex held past lockdep's depth limit (src/merged_locks.c),
 * locked again by its holder: lockdep's recursive locking, as for any held lock
 * (aa_errorcheck_relock.c), not a capacity end; pthread still answers EDEADLK, and
 * every lock is let go in the end.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: locks[0]
 */
#include "scenario.h"
#include <errno.h>

#ifndef LOCK_CNT
#define LOCK_CNT 128
#endif
static pthread_mutex_t locks[LOCK_CNT];

int main(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], &attr), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_lock(&locks[i]), 0);
	EXPECT_RET(pthread_mutex_lock(&locks[LOCK_CNT - 28]), EDEADLK);
	for (int i = LOCK_CNT - 1; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	return 0;
}
