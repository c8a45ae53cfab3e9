/*
 * 62 error-checking mutexes of as many classes held: lockdep's records are full. The
 * outermost, chain[0], locked again makes room by setting the outermost records
 * aside, its own among them (src/merged_locks.c): still lockdep's recursive locking,
 * and pthread answers EDEADLK.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: chain[0]
 */
#include "scenario.h"
#include <errno.h>

#ifndef DEEP_CNT
#define DEEP_CNT 62
#endif
static pthread_mutex_t chain[DEEP_CNT] = {
	[0 ... DEEP_CNT - 1] = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP
};

int main(void)
{
	for (int i = 0; i < DEEP_CNT; i++)
		EXPECT_RET(pthread_mutex_lock(&chain[i]), 0);
	EXPECT_RET(pthread_mutex_lock(&chain[0]), EDEADLK);
	for (int i = DEEP_CNT - 1; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
	return 0;
}
