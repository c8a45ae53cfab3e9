/*
 * More lock classes than lockdep has (8192): each statically initialised global is
 * its own class. Lockdep names the limit and stops validating; the program runs on.
 *
 * Expect: BUG: MAX_LOCKDEP_KEYS too low!
 */
#include "scenario.h"

static pthread_mutex_t many[9000] = { [0 ... 8999] = PTHREAD_MUTEX_INITIALIZER };

int main(void)
{
	for (int i = 0; i < 9000; i++) {
		EXPECT_RET(pthread_mutex_lock(&many[i]), 0);
		EXPECT_RET(pthread_mutex_unlock(&many[i]), 0);
	}
	return liblockdep_enabled() ? 5 : 0;
}
