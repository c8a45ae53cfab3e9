/*
 * A spin lock held while 70 mutexes of as many classes are tried, its record set
 * aside past lockdep's depth limit (src/merged_locks.c): another spin lock may be
 * taken there, and a mutex once the first spin lock is let go, though the tried
 * mutexes are still held. Correct, and silent.
 *
 * Expect: silent
 */
#include "deep_distinct_classes.h"

static pthread_spinlock_t spin, inner_spin;
static pthread_mutex_t sleeper = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_init(&inner_spin, PTHREAD_PROCESS_PRIVATE);
	EXPECT_RET(pthread_spin_lock(&spin), 0);
	for (int i = 0; i < DEEP_CNT; i++)
		EXPECT_RET(pthread_mutex_trylock(&chain[i]), 0);
	EXPECT_RET(pthread_spin_lock(&inner_spin), 0);
	EXPECT_RET(pthread_spin_unlock(&inner_spin), 0);
	EXPECT_RET(pthread_spin_unlock(&spin), 0);
	EXPECT_RET(pthread_mutex_lock(&sleeper), 0);
	EXPECT_RET(pthread_mutex_unlock(&sleeper), 0);
	deep_unlock(0, DEEP_CNT);
	return 0;
}
