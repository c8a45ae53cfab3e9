/*
 * A mutex held past lockdep's depth limit, merged into the record of its class
 * (src/merged_locks.c), destroyed while held: lockdep's "held lock freed", as for any
 * held lock, naming it.
 *
 * Expect: WARNING: held lock freed!
 * Names: locks[0]
 */
#include "scenario.h"

#define LOCK_CNT 128
#define VICTIM 120
static pthread_mutex_t locks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_lock(&locks[i]), 0);
	pthread_mutex_destroy(&locks[VICTIM]);
	for (int i = LOCK_CNT - 1; i >= 0; i--)
		if (i != VICTIM)
			EXPECT_RET(pthread_mutex_unlock(&locks[i]), 0);
	return 0;
}
