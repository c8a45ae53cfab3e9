/*
 * Threads that end while holding a lock, by returning, by pthread_exit() and by
 * cancellation: lockdep reports each exit, naming the lock still held.
 *
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Names: returned_holding exited_holding cancelled_holding
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t returned_holding = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t exited_holding = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cancelled_holding = PTHREAD_MUTEX_INITIALIZER;

static void *return_holding(void *arg)
{
	pthread_mutex_lock(&returned_holding);
	return arg;
}

static void *exit_holding(void *arg)
{
	pthread_mutex_lock(&exited_holding);
	pthread_exit(arg);
}

static void *wait_for_cancel(void *arg)
{
	pthread_mutex_lock(&cancelled_holding);
	for (;;)
		pause();
	return arg;
}

int main(void)
{
	pthread_t t;

	run_in_thread(return_holding, NULL);
	run_in_thread(exit_holding, NULL);
	pthread_create(&t, NULL, wait_for_cancel, NULL);
	while (pthread_mutex_trylock(&cancelled_holding) == 0) {
		pthread_mutex_unlock(&cancelled_holding);
		usleep(1000);
	}
	pthread_cancel(t);
	pthread_join(t, NULL);
	return 0;
}
