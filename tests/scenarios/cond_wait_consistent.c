/*
 * Correct: a producer/consumer pair waits on a condition variable while holding an
 * outer lock taken before the mutex; the wait releases and retakes only the mutex,
 * so the order outer -> queue_mutex never changes.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <time.h>

static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t queue_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER;
static int items;

static void *producer(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&queue_mutex);
		items++;
		pthread_cond_signal(&queue_cond);
		pthread_mutex_unlock(&queue_mutex);
	}
	return arg;
}

int main(void)
{
	pthread_t t;
	struct timespec ts;
	int taken = 0;

	pthread_create(&t, NULL, producer, NULL);
	while (taken < 1000) {
		pthread_mutex_lock(&outer);
		pthread_mutex_lock(&queue_mutex);
		while (!items) {
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_sec += 1;
			if (taken % 2)
				pthread_cond_wait(&queue_cond, &queue_mutex);
			else
				pthread_cond_timedwait(&queue_cond, &queue_mutex, &ts);
		}
		items--;
		taken++;
		pthread_mutex_unlock(&queue_mutex);
		pthread_mutex_unlock(&outer);
	}
	pthread_join(t, NULL);
	return 0;
}
