/*
 * 70 locks of as many classes held, the innermost 62 released again: the 8 left were
 * set aside past lockdep's records (src/merged_locks.c) and go back to it, so a lock
 * taken now depends on chain[7], as it would below the limit. Taking chain[7] inside
 * that lock later is the AB-BA.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[7] other
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	deep_lock(0, DEEP_CNT);
	deep_unlock(8, DEEP_CNT);
	EXPECT_RET(pthread_mutex_lock(&other), 0);
	EXPECT_RET(pthread_mutex_unlock(&other), 0);
	deep_unlock(0, 8);
	nest(&other, &chain[7]);
	return 0;
}
