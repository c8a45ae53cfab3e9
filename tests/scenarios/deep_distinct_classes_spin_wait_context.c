/*
 * A spin lock held while 70 mutexes of as many classes are tried (trylock waits for
 * nothing), so that its record is set aside past lockdep's depth limit
 * (src/merged_locks.c) and lockdep's records hold only mutexes: a mutex then taken
 * may sleep under the spin lock, lockdep's invalid wait context, as without the
 * limit (spin_then_mutex.c).
 *
 * Expect: \[ BUG: Invalid wait context \]
 * Names: spin sleeper
 */
#include "deep_distinct_classes.h"

static pthread_spinlock_t spin;
static pthread_mutex_t sleeper = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	EXPECT_RET(pthread_spin_lock(&spin), 0);
	for (int i = 0; i < DEEP_CNT; i++)
		EXPECT_RET(pthread_mutex_trylock(&chain[i]), 0);
	EXPECT_RET(pthread_mutex_lock(&sleeper), 0);
	EXPECT_RET(pthread_mutex_unlock(&sleeper), 0);
	deep_unlock(0, DEEP_CNT);
	EXPECT_RET(pthread_spin_unlock(&spin), 0);
	return 0;
}
