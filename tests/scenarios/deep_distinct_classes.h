/* An array of mutexes, each of a class of its own (a static initializer each), all
 * held at once past lockdep's depth limit: src/merged_locks.c sets the outermost
 * aside. Shared by the deep_distinct_classes_*.c scenarios. */
#ifndef DEEP_DISTINCT_CLASSES_H
#define DEEP_DISTINCT_CLASSES_H
#include "scenario.h"

#ifndef DEEP_CNT
#define DEEP_CNT 70
#endif
static pthread_mutex_t chain[DEEP_CNT] = { [0 ... DEEP_CNT - 1] = PTHREAD_MUTEX_INITIALIZER };

/* chain[from] up to chain[to - 1], in that order. */
static inline void deep_lock(int from, int to)
{
	for (int i = from; i < to; i++)
		EXPECT_RET(pthread_mutex_lock(&chain[i]), 0);
}

/* chain[to - 1] down to chain[from]. */
static inline void deep_unlock(int from, int to)
{
	for (int i = to - 1; i >= from; i--)
		EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
}

/* Every lock taken, then let go, with sig raised at every depth on the way. */
static inline void deep_lock_unlock_raising(int sig)
{
	for (int i = 0; i < DEEP_CNT; i++) {
		EXPECT_RET(pthread_mutex_lock(&chain[i]), 0);
		raise(sig);
	}
	for (int i = DEEP_CNT - 1; i >= 0; i--) {
		EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
		raise(sig);
	}
}
#endif
