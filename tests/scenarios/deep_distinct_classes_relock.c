/*
 * An error-checking mutex set aside past lockdep's records (70 locks of as many
 * classes held, src/merged_locks.c), locked again by its holder: lockdep's recursive
 * locking, as for any held lock (aa_errorcheck_relock.c); pthread still answers
 * EDEADLK, and every lock is let go in the end.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: chain[3]
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t chain[70] = { [0 ... 69] = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP };

int main(void)
{
	for (int i = 0; i < 70; i++)
		EXPECT_RET(pthread_mutex_lock(&chain[i]), 0);
	EXPECT_RET(pthread_mutex_lock(&chain[3]), EDEADLK);
	for (int i = 69; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
	return 0;
}
