/*
 * Classes given back before lockdep has any class: a lock given a class of its own
 * and destroyed, and a key registered and unregistered, all before the first lock
 * operation. Nothing to say.
 *
 * Expect: silent
 */
#include "scenario.h"

int main(void)
{
	struct liblockdep_key *key = calloc(1, sizeof(*key));
	pthread_mutex_t m;

	EXPECT_RET(pthread_mutex_init(&m, NULL), 0);
	liblockdep_set_own_class(&m, "own");
	EXPECT_RET(pthread_mutex_destroy(&m), 0);
	liblockdep_register_key(key);
	liblockdep_unregister_key(key);
	free(key);
	EXPECT_RET(pthread_mutex_init(&m, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&m), 0);
	EXPECT_RET(pthread_mutex_unlock(&m), 0);
	EXPECT_RET(pthread_mutex_destroy(&m), 0);
	return 0;
}
