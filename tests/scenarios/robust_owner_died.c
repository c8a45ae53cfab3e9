/*
 * A thread dies holding a robust mutex, and another locks it: lockdep reports the
 * lock left held by the ended thread at that lock, which would wait for ever were
 * the mutex not robust; the locker gets EOWNERDEAD, which counts as holding the lock
 * (its unlock is balanced, so no second report).
 *
 * Expect: WARNING: * still has locks held!
 * Names: robust
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t robust;

static void *die_holding(void *arg)
{
	EXPECT_RET(pthread_mutex_lock(&robust), 0);
	return arg;
}

int main(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&robust, &attr);
	run_in_thread(die_holding, NULL);
	EXPECT_RET(pthread_mutex_lock(&robust), EOWNERDEAD);
	EXPECT_RET(pthread_mutex_consistent(&robust), 0);
	EXPECT_RET(pthread_mutex_unlock(&robust), 0);
	EXPECT_RET(pthread_mutex_trylock(&robust), 0);
	EXPECT_RET(pthread_mutex_unlock(&robust), 0);
	return 0;
}
