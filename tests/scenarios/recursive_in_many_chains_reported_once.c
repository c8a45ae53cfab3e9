/*
 * One pair of locks of one class (two objects from one init site) nested one way,
 * then the other way round under many different outer locks: each outer lock makes
 * another lock chain, and lockdep checks
 * each chain anew, but it is one problem, a cycle of two locks of that class:
 * reported once. (Python's "import hashlib" does this with one lock-creating helper.)
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@make_object
 */
#include "scenario.h"

#define OUTER_LOCKS 12

static __attribute__((noinline)) void make_object(pthread_mutex_t *lock)
{
	EXPECT_RET(pthread_mutex_init(lock, NULL), 0);
}

/* Statically initialised in static storage: each one a class of its own. */
static pthread_mutex_t outer[OUTER_LOCKS] = {
	[0 ... OUTER_LOCKS - 1] = PTHREAD_MUTEX_INITIALIZER
};

int main(void)
{
	pthread_mutex_t first, second;

	make_object(&first);
	make_object(&second);
	nest(&first, &second);
	for (int i = 0; i < OUTER_LOCKS; i++) {
		pthread_mutex_lock(&outer[i]);
		nest(&second, &first);
		pthread_mutex_unlock(&outer[i]);
	}
	return 0;
}
