/*
 * Correct: per-object classes (liblockdep_set_own_class) for many more short-lived
 * locks than lockdep has classes (8192): each class is freed when its lock is
 * destroyed, so lockdep never runs out ("MAX_LOCKDEP_KEYS too low") and, since each
 * object's lock is its own class, nesting two objects' locks is not recursion.
 * LOCKS overrides the count (the soak run uses a million).
 *
 * Expect: silent
 */
#include "scenario.h"

int main(void)
{
	const char *env = getenv("LOCKS");
	long count = env ? atol(env) : 10000;
	pthread_mutex_t pair[2];

	for (long i = 0; i < count; i++) {
		for (int j = 0; j < 2; j++) {
			EXPECT_RET(pthread_mutex_init(&pair[j], NULL), 0);
			liblockdep_set_own_class(&pair[j], "session");
		}
		pthread_mutex_lock(&pair[i % 2]);
		pthread_mutex_lock(&pair[1 - i % 2]);
		pthread_mutex_unlock(&pair[1 - i % 2]);
		pthread_mutex_unlock(&pair[i % 2]);
		for (int j = 0; j < 2; j++)
			EXPECT_RET(pthread_mutex_destroy(&pair[j]), 0);
	}
	return 0;
}
