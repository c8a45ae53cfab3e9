/*
 * chain[0] to chain[29] held, then under_tries, then TRIES (40) mutexes taken by
 * trylock, each of a class of its own, then after_tries: the outermost are set aside
 * past lockdep's records (src/merged_locks.c), under_tries and the first tried among
 * them. Lockdep gives a lock dependencies on every lock tried above the first one not
 * tried, and on that one: after_tries depends on under_tries and on each of tries[].
 * Two other threads take after_tries and inside it under_tries, then tries[0]: both
 * inversions are reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: under_tries after_tries tries[0]
 */
#define DEEP_CNT 30
#include "deep_distinct_classes.h"

#ifndef TRIES
#define TRIES 40
#endif
static pthread_mutex_t under_tries = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t tries[TRIES] = { [0 ... TRIES - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t after_tries = PTHREAD_MUTEX_INITIALIZER;

static void *inverted(void *arg)
{
	nest(&after_tries, arg);
	return NULL;
}

int main(void)
{
	deep_lock(0, DEEP_CNT);
	EXPECT_RET(pthread_mutex_lock(&under_tries), 0);
	for (int i = 0; i < TRIES; i++)
		EXPECT_RET(pthread_mutex_trylock(&tries[i]), 0);
	EXPECT_RET(pthread_mutex_lock(&after_tries), 0);
	EXPECT_RET(pthread_mutex_unlock(&after_tries), 0);
	for (int i = TRIES - 1; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&tries[i]), 0);
	EXPECT_RET(pthread_mutex_unlock(&under_tries), 0);
	deep_unlock(0, DEEP_CNT);
	run_in_thread(inverted, &under_tries);
	run_in_thread(inverted, &tries[0]);
	return 0;
}
