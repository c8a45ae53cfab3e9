/* chain[0] to chain[29] held, then under_tries, then TRIES mutexes taken by trylock,
 * each of a class of its own, then after_tries, all let go: the outermost are set
 * aside past lockdep's records (src/merged_locks.c). Shared by the
 * deep_distinct_classes_trylocks_between*.c scenarios. */
#ifndef TRYLOCKS_BETWEEN_H
#define TRYLOCKS_BETWEEN_H
#define DEEP_CNT 30
#include "deep_distinct_classes.h"

static pthread_mutex_t under_tries = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t tries[TRIES] = { [0 ... TRIES - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t after_tries = PTHREAD_MUTEX_INITIALIZER;

static inline void nest_after_tries(void)
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
}
#endif
