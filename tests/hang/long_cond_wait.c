/*
 * A correct program that waits long: the main thread waits three seconds on a
 * condition variable until a worker, which sleeps first, sets the flag. Under
 * LIBLOCKDEP_HANG=1 the watchdog prints the hung-task view once, and nothing else.
 */
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t ready_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
static int ready;

static void *slow_worker(void *arg)
{
	sleep(3);
	pthread_mutex_lock(&ready_lock);
	ready = 1;
	pthread_cond_signal(&ready_cond);
	pthread_mutex_unlock(&ready_lock);
	return arg;
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, slow_worker, NULL))
		return 2;
	pthread_mutex_lock(&ready_lock);
	while (!ready)
		pthread_cond_wait(&ready_cond, &ready_lock);
	pthread_mutex_unlock(&ready_lock);
	pthread_join(t, NULL);
	return 0;
}
