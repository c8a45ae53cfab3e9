/*
 * A join that deadlocks: the main thread holds config_lock and joins a worker that
 * takes config_lock. Here the worker has taken and dropped it before the join, so
 * the program runs through, and lockdep reports the join, modelled as acquiring the
 * worker's lifetime map ("thread@<start routine><<pthread_create site>"), before it could hang.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: config_lock thread@reload_config<main
 * Env: LIBLOCKDEP_JOINS=1
 */
#include "scenario.h"

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t config_read;

static void *reload_config(void *arg)
{
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_barrier_wait(&config_read);
	return arg;
}

int main(void)
{
	pthread_t worker;

	pthread_barrier_init(&config_read, NULL, 2);
	if (pthread_create(&worker, NULL, reload_config, NULL))
		return 2;
	pthread_barrier_wait(&config_read);
	pthread_mutex_lock(&config_lock);
	pthread_join(worker, NULL);
	pthread_mutex_unlock(&config_lock);
	return 0;
}
