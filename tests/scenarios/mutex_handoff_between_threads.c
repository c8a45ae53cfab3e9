/*
 * A mutex locked in one thread and unlocked in another, a hundred times: a hand-off
 * (undefined for pthread mutexes, common in practice). Reported once, at the first
 * release by the thread that does not hold it; the locking thread's record of the
 * mutex goes with each hand-off, so its held locks do not pile up to
 * MAX_LOCK_DEPTH, and checking goes on: the inversion after it is still reported.
 *
 * Expect: WARNING: lock released by a thread that does not hold it!
 * Expect: WARNING: possible circular locking dependency detected
 * Names: handoff first_lock second_lock
 */
#include "scenario.h"
#include <semaphore.h>

static pthread_mutex_t handoff = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;
static sem_t locked, released;

static void *releaser(void *arg)
{
	for (int i = 0; i < 100; i++) {
		sem_wait(&locked);
		EXPECT_RET(pthread_mutex_unlock(&handoff), 0);
		sem_post(&released);
	}
	return arg;
}

int main(void)
{
	pthread_t t;

	sem_init(&locked, 0, 0);
	sem_init(&released, 0, 0);
	pthread_create(&t, NULL, releaser, NULL);
	for (int i = 0; i < 100; i++) {
		EXPECT_RET(pthread_mutex_lock(&handoff), 0);
		sem_post(&locked);
		sem_wait(&released);
	}
	pthread_join(t, NULL);
	nest(&first_lock, &second_lock);
	nest(&second_lock, &first_lock);
	return 0;
}
