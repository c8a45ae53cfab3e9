/*
 * Threads that end while holding a lock, by returning, by pthread_exit() and by
 * cancellation, and another thread then waits for each lock: it would wait for ever.
 * Lockdep reports each, naming the ended thread and the lock it left held, when the
 * wait begins (a timed wait here, so that the scenario ends). The same ends with no
 * waiter are silent: tests/scenarios/thread_exit_holding_process_exits.c.
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
	wait_in_vain(&returned_holding);
	run_in_thread(exit_holding, NULL);
	wait_in_vain(&exited_holding);
	pthread_create(&t, NULL, wait_for_cancel, NULL);
	while (pthread_mutex_trylock(&cancelled_holding) == 0) {
		pthread_mutex_unlock(&cancelled_holding);
		usleep(1000);
	}
	pthread_cancel(t);
	pthread_join(t, NULL);
	wait_in_vain(&cancelled_holding);
	return 0;
}
