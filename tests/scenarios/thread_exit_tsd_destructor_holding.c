/*
 * A thread-specific-data destructor takes a lock and never releases it: glibc runs
 * it as the thread ends, after the thread's own code, possibly after liblockdep's
 * own destructor (its key is older). The held-at-exit check runs after every
 * destructor of the thread, so the lock is left held, and lockdep reports it when
 * the main thread then waits for it. A destructor that releases what it takes stays
 * silent.
 *
 * Expect: WARNING: * still has locks held!
 * Names: tsd_held
 */
#include "scenario.h"

static pthread_mutex_t tsd_held = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t tsd_released = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t holding_key, releasing_key;
static int thread_value;

static void hold_at_exit(void *value)
{
	(void)value;
	pthread_mutex_lock(&tsd_held);
}

static void release_at_exit(void *value)
{
	(void)value;
	pthread_mutex_lock(&tsd_released);
	pthread_mutex_unlock(&tsd_released);
}

/* The thread uses a lock itself first: liblockdep knows it before its destructors run. */
static void *set_values(void *arg)
{
	pthread_mutex_lock(&tsd_released);
	pthread_mutex_unlock(&tsd_released);
	pthread_setspecific(releasing_key, arg);
	pthread_setspecific(holding_key, arg);
	return NULL;
}

int main(void)
{
	pthread_t thread;

	/* liblockdep's key is created first, so its destructor comes first in a round. */
	pthread_mutex_lock(&tsd_released);
	pthread_mutex_unlock(&tsd_released);
	pthread_key_create(&releasing_key, release_at_exit);
	pthread_key_create(&holding_key, hold_at_exit);
	pthread_create(&thread, NULL, set_values, &thread_value);
	pthread_join(thread, NULL);
	wait_in_vain(&tsd_held);
	return 0;
}
