/* An array of mutexes of one class (one init call in a loop), all held at once past
 * lockdep's depth limit, as Erlang's runtime holds them under grow_lock. Shared by
 * the lock_all_*.c scenarios on mutexes. */
#ifndef LOCK_ALL_H
#define LOCK_ALL_H
#include "scenario.h"

#ifndef LOCK_CNT
#define LOCK_CNT 128
#endif
static pthread_mutex_t locks[LOCK_CNT];

/* A macro, so the init call stays in the scenario's own function, as before. */
#define INIT_ALL(attr)							\
	do {								\
		for (int i_ = 0; i_ < LOCK_CNT; i_++)			\
			EXPECT_RET(pthread_mutex_init(&locks[i_], (attr)), 0); \
	} while (0)

/* locks[from] up to locks[to - 1], in that order. */
static inline void lock_range(int from, int to)
{
	for (int i = from; i < to; i++)
		EXPECT_RET(pthread_mutex_lock(&locks[i]), 0);
}

/* Every lock, from the first up to the last. */
static inline void unlock_all_up(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
}

/* Every lock, from the last down to the first. */
static inline void unlock_all_down(void)
{
	for (int i = LOCK_CNT - 1; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
}

/* Every lock taken in order under @outer, then released in the same order. */
static inline void lock_all_under(pthread_mutex_t *outer)
{
	EXPECT_RET(pthread_mutex_lock(outer), 0);
	lock_range(0, LOCK_CNT);
	unlock_all_up();
	EXPECT_RET(pthread_mutex_unlock(outer), 0);
}
#endif
