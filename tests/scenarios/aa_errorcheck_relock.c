/*
 * A thread locks an error-checking mutex it already holds: lockdep reports the self
 * deadlock before the call, and pthread still returns EDEADLK as it always does.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: mutex@main
 */
#include "scenario.h"
#include <errno.h>

int main(void)
{
	pthread_mutexattr_t attr;
	pthread_mutex_t m;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &attr);
	EXPECT_RET(pthread_mutex_lock(&m), 0);
	EXPECT_RET(pthread_mutex_lock(&m), EDEADLK);
	EXPECT_RET(pthread_mutex_unlock(&m), 0);
	EXPECT_RET(pthread_mutex_destroy(&m), 0);
	return 0;
}
