/*
 * Joins that cannot deadlock: joining while holding a lock the thread never takes;
 * joining with nothing held a thread that takes that lock; a pool of threads made at
 * one site joining each other (one class, no recursion reported); threads that end
 * by pthread_exit() or cancellation, joined; a detached thread; a thread joining
 * itself (EDEADLK); tryjoin and timedjoin. None leaves its lifetime map among the
 * held locks at exit. Silent.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_JOINS=1
 */
#include "scenario.h"
#include <errno.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;

static void *take_queue(void *arg)
{
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_unlock(&queue_lock);
	return arg;
}

static void *exit_early(void *arg)
{
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_unlock(&queue_lock);
	pthread_exit(arg);
}

static void *wait_for_cancel(void *arg)
{
	for (;;)
		pause();
	return arg;
}

static void *join_self(void *arg)
{
	if (pthread_join(pthread_self(), NULL) != EDEADLK)
		exit(3);
	return arg;
}

static pthread_t spawn(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, arg))
		exit(2);
	return t;
}

/* Each pool thread starts the next and joins it: one class, nested joins. */
static void *pool_thread(void *depth)
{
	if ((long)depth < 3)
		pthread_join(spawn(pool_thread, (void *)((long)depth + 1)), NULL);
	return NULL;
}

int main(void)
{
	pthread_attr_t detached;
	struct timespec later;
	pthread_t t;

	t = spawn(take_queue, NULL);
	pthread_mutex_lock(&stats_lock);
	pthread_join(t, NULL);
	pthread_mutex_unlock(&stats_lock);
	pthread_join(spawn(take_queue, NULL), NULL);
	pthread_join(spawn(exit_early, NULL), NULL);
	pthread_join(spawn(pool_thread, (void *)0L), NULL);
	t = spawn(wait_for_cancel, NULL);
	pthread_cancel(t);
	pthread_join(t, NULL);
	pthread_join(spawn(join_self, NULL), NULL);
	t = spawn(take_queue, NULL);
	while (pthread_tryjoin_np(t, NULL) == EBUSY)
		usleep(1000);
	clock_gettime(CLOCK_REALTIME, &later);
	later.tv_sec += 10;
	pthread_timedjoin_np(spawn(take_queue, NULL), NULL, &later);
	pthread_attr_init(&detached);
	pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
	pthread_create(&t, &detached, take_queue, NULL);
	pthread_detach(spawn(take_queue, NULL));
	usleep(20000);
	return 0;
}
