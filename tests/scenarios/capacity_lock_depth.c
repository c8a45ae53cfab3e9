/*
 * Holding more locks than LIBLOCKDEP_MAX_LOCK_DEPTH (63, lockdep's ceiling), each of
 * a class of its own: no two can share a record, as locks of one class do past the
 * limit (src/merged_locks.c, lock_all_then_other_class.c), so this remains lockdep's
 * capacity end: it says which limit to raise and stops validating; the program runs
 * on correctly, and no false report follows (the inversion below goes unreported).
 *
 * Expect: BUG: MAX_LOCK_DEPTH too low!
 */
#include "scenario.h"

static pthread_mutex_t chain[70] = { [0 ... 69] = PTHREAD_MUTEX_INITIALIZER };

int main(void)
{
	for (int i = 0; i < 70; i++)
		EXPECT_RET(pthread_mutex_lock(&chain[i]), 0);
	for (int i = 69; i >= 0; i--)
		EXPECT_RET(pthread_mutex_unlock(&chain[i]), 0);
	if (liblockdep_enabled()) {	/* 0 also in the build without -DLIBLOCKDEP */
		fprintf(stderr, "scenario: lockdep still enabled after running out\n");
		return 5;
	}
	pthread_mutex_lock(&chain[1]);
	pthread_mutex_lock(&chain[0]);
	pthread_mutex_unlock(&chain[0]);
	pthread_mutex_unlock(&chain[1]);
	return 0;
}
