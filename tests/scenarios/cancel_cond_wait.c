/*
 * A thread cancelled in pthread_cond_wait() gets the mutex back before its cleanup
 * handler runs, as POSIX says; the handler unlocks it. Lockdep must see the mutex
 * held again: no bad unlock balance.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_ready = PTHREAD_COND_INITIALIZER;
static int waiting;

static void unlock_queue(void *arg)
{
	pthread_mutex_unlock(arg);
}

static void *wait_for_ever(void *arg)
{
	pthread_mutex_lock(&queue_lock);
	pthread_cleanup_push(unlock_queue, &queue_lock);
	waiting = 1;
	pthread_cond_broadcast(&queue_ready);
	for (;;)
		pthread_cond_wait(&queue_ready, &queue_lock);
	pthread_cleanup_pop(1);
	return arg;
}

int main(void)
{
	pthread_t t;
	void *ret;

	alarm(10);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	EXPECT_RET(pthread_create(&t, NULL, wait_for_ever, NULL), 0);
	pthread_mutex_lock(&queue_lock);
	while (!waiting)
		pthread_cond_wait(&queue_ready, &queue_lock);
	pthread_mutex_unlock(&queue_lock);
	EXPECT_RET(pthread_cancel(t), 0);
	EXPECT_RET(pthread_join(t, &ret), 0);
	if (ret != PTHREAD_CANCELED)
		return 3;
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_unlock(&queue_lock);
	return 0;
}
