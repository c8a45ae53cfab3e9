/*
 * liblockdep_disable() takes effect on every thread at once, also on one in the midst
 * of its fast path: a thread takes lock_a then lock_b over and over, so that it knows
 * both steps, until it sees, through an atomic flag that liblockdep does not watch,
 * that another thread has switched checking off; then it takes them the other way
 * round. Unchecked, that is silent: a thread that went on the fast way would send
 * the new order to lockdep, which would report it.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sched.h>
#include <stdatomic.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER, lock_b = PTHREAD_MUTEX_INITIALIZER;
static atomic_int phase;	/* 1: both steps known; 2: checking is off */

static void *taker(void *arg)
{
	(void)arg;
	for (int i = 0; atomic_load(&phase) < 2; i++) {
		nest(&lock_a, &lock_b);
		if (i == 100)
			atomic_store(&phase, 1);
	}
	nest(&lock_b, &lock_a);
	return NULL;
}

int main(void)
{
	pthread_t t;

	EXPECT_RET(pthread_create(&t, NULL, taker, NULL), 0);
	while (atomic_load(&phase) < 1)
		sched_yield();
	liblockdep_disable();
	atomic_store(&phase, 2);
	EXPECT_RET(pthread_join(t, NULL), 0);
	return 0;
}
