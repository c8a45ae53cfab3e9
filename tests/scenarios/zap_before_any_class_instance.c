/*
 * LIBLOCKDEP_CLASSES=instance: a mutex initialised and destroyed before anything was
 * ever locked gives its class back before lockdep has any class: nothing to say.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_CLASSES=instance
 */
#include "scenario.h"

int main(void)
{
	pthread_mutex_t m;

	EXPECT_RET(pthread_mutex_init(&m, NULL), 0);
	EXPECT_RET(pthread_mutex_destroy(&m), 0);
	EXPECT_RET(pthread_mutex_init(&m, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&m), 0);
	EXPECT_RET(pthread_mutex_unlock(&m), 0);
	EXPECT_RET(pthread_mutex_destroy(&m), 0);
	return 0;
}
