/*
 * An error-checking mutex held past lockdep's depth limit (src/merged_locks.c),
 * locked again by its holder: lockdep's recursive locking, as for any held lock
 * (aa_errorcheck_relock.c), not a capacity end; pthread still answers EDEADLK, and
 * every lock is let go in the end.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: locks[0]
 */
#include "lock_all.h"
#include <errno.h>

int main(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
	INIT_ALL(&attr);
	lock_range(0, LOCK_CNT);
	EXPECT_RET(pthread_mutex_lock(&locks[LOCK_CNT - 28]), EDEADLK);
	unlock_all_down();
	return 0;
}
