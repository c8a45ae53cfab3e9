/*
 * LIBLOCKDEP_SEMAPHORES=1: a binary semaphore used as a lock (one thread waited for
 * it and posted it), then taken by a thread that ends holding it, and posted by the
 * main thread after the join, as CPython does with a threading.Lock acquired by a
 * worker and released by the main thread. A post by another thread makes it a
 * signal: the thread's end is not "still has locks held!". Then the same, with the
 * main thread posting, destroying and initialising a semaphore again at its address
 * while the holder has yet to end (CPython's join returns before the thread's last
 * code), which crashed lockdep's re-acquisition at the thread's end. Silent.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#include "scenario.h"
#include <semaphore.h>
#include <unistd.h>

static sem_t handoff, taken;

static void *take_and_end(void *arg)
{
	sem_wait(&handoff);
	return arg;
}

static void *take_and_linger(void *arg)
{
	sem_wait(&handoff);
	sem_post(&taken);
	usleep(20000);		/* the main thread posts and destroys meanwhile */
	return arg;
}

/* A new semaphore at the same address, used as a lock by this thread. */
static void semaphore_as_lock(void)
{
	sem_init(&handoff, 0, 1);
	sem_wait(&handoff);
	sem_post(&handoff);
}

int main(void)
{
	pthread_t t;

	semaphore_as_lock();
	run_in_thread(take_and_end, NULL);
	sem_post(&handoff);
	sem_destroy(&handoff);
	sem_init(&taken, 0, 0);
	for (int i = 0; i < 20; i++) {
		semaphore_as_lock();
		if (pthread_create(&t, NULL, take_and_linger, NULL))
			return 2;
		sem_wait(&taken);
		sem_post(&handoff);
		sem_destroy(&handoff);
		semaphore_as_lock();
		sem_destroy(&handoff);
		pthread_join(t, NULL);
	}
	return 0;
}
