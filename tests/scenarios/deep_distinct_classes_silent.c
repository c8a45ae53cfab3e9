/*
 * 70 locks of as many classes held at once, released in every order (from the
 * innermost, from the outermost, the middle first), with other locks taken inside
 * what is left: a correct program, and silent. The locks set aside past lockdep's
 * records (src/merged_locks.c) go back as it records fewer.
 *
 * Expect: silent
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	for (int round = 0; round < 3; round++) {
		deep_lock(0, DEEP_CNT);
		if (round == 0) {
			deep_unlock(0, DEEP_CNT);
		} else if (round == 1) {
			for (int i = 0; i < DEEP_CNT; i++)
				EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
		} else {
			deep_unlock(20, 50);
			EXPECT_RET(pthread_mutex_lock(&other), 0);
			EXPECT_RET(pthread_mutex_unlock(&other), 0);
			deep_unlock(0, 20);
			EXPECT_RET(pthread_mutex_lock(&other), 0);
			EXPECT_RET(pthread_mutex_unlock(&other), 0);
			deep_unlock(50, DEEP_CNT);
		}
	}
	nest(&chain[3], &other);
	return 0;
}
