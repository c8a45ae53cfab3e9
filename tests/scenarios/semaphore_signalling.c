/*
 * LIBLOCKDEP_SEMAPHORES=1 and semaphores used for signalling, never reported: a
 * semaphore initialised to 1 that another thread posts (a waiter that blocks on its
 * own semaphore until notified, as CPython's Condition.wait() does with a Lock,
 * here after a wait and a post that made it look like a lock), one
 * initialised to 0 (a producer and a consumer), and semaphores waited for under a
 * mutex in both orders. A semaphore once posted by a thread that did not take it is
 * a signal for good. Silent.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#include "scenario.h"
#include <semaphore.h>

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static sem_t waiter, items, turn;

static void *notifier(void *arg)
{
	pthread_mutex_lock(&queue_lock);
	sem_post(&waiter);		/* wakes the main thread's second wait */
	pthread_mutex_unlock(&queue_lock);
	for (int i = 0; i < 3; i++)
		sem_post(&items);
	sem_wait(&turn);		/* the main thread's turn to post it back */
	pthread_mutex_lock(&queue_lock);
	sem_post(&turn);
	pthread_mutex_unlock(&queue_lock);
	return arg;
}

int main(void)
{
	pthread_t t;

	sem_init(&waiter, 0, 1);
	sem_init(&items, 0, 0);
	sem_init(&turn, 0, 1);
	sem_wait(&waiter);
	sem_post(&waiter);		/* one thread's wait and post: it looks like a lock */
	sem_wait(&waiter);
	if (pthread_create(&t, NULL, notifier, NULL))
		return 2;
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_unlock(&queue_lock);
	sem_wait(&waiter);		/* blocks until the notifier posts: a signal */
	pthread_mutex_lock(&queue_lock);
	sem_post(&waiter);
	pthread_mutex_unlock(&queue_lock);
	for (int i = 0; i < 3; i++) {
		pthread_mutex_lock(&queue_lock);
		pthread_mutex_unlock(&queue_lock);
		sem_wait(&items);
	}
	pthread_join(t, NULL);
	pthread_mutex_lock(&queue_lock);
	sem_wait(&turn);
	pthread_mutex_unlock(&queue_lock);
	sem_post(&turn);
	sem_destroy(&waiter);
	sem_destroy(&items);
	sem_destroy(&turn);
	return 0;
}
