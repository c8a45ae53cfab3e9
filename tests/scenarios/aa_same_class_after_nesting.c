/*
 * Two error-checking mutexes of one class nested (correct, silent), then the first
 * one locked again while held: recursive locking, although lockdep's chain of the
 * class inside itself is known from the nesting and lockdep looks no more at it
 * (src/instance_nesting.c reports the same lock again there). pthread still
 * returns EDEADLK.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: mutex@make_locks*
 */
#include <errno.h>
#include "scenario.h"

static __attribute__((noinline)) void make_locks(pthread_mutex_t *locks, int count)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], &attr), 0);
	pthread_mutexattr_destroy(&attr);
}

int main(int argc, char **argv)
{
	pthread_mutex_t locks[2];

	(void)argv;
	make_locks(locks, argc + 1);
	nest(&locks[0], &locks[1]);
	EXPECT_RET(pthread_mutex_lock(&locks[0]), 0);
	EXPECT_RET(pthread_mutex_lock(&locks[0]), EDEADLK);
	EXPECT_RET(pthread_mutex_unlock(&locks[0]), 0);
	return 0;
}
