/*
 * A once-wait that deadlocks: a thread runs the init routine of table_once, which
 * takes registry_lock; meanwhile the main thread, holding registry_lock, calls
 * pthread_once() on table_once and waits for the routine. Here the routine took and
 * dropped the lock before, so the program runs through; lockdep reports the wait,
 * modelled as acquiring the once object, before it could hang. A once already done
 * waits for nothing, and is silent under any lock.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: registry_lock table_once
 */
#include "scenario.h"
#include <stdatomic.h>
#include <unistd.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static pthread_barrier_t lock_dropped;
static atomic_int main_waits;

static void build_table(void)
{
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_unlock(&registry_lock);
	pthread_barrier_wait(&lock_dropped);
	while (!atomic_load(&main_waits))
		;
	usleep(200000);		/* the main thread is in pthread_once() by now */
}

static void *first_user(void *arg)
{
	pthread_once(&table_once, build_table);
	return arg;
}

int main(void)
{
	pthread_t t;

	pthread_barrier_init(&lock_dropped, NULL, 2);
	if (pthread_create(&t, NULL, first_user, NULL))
		return 2;
	pthread_barrier_wait(&lock_dropped);
	pthread_mutex_lock(&registry_lock);
	atomic_store(&main_waits, 1);
	pthread_once(&table_once, build_table);
	pthread_once(&table_once, build_table);
	pthread_mutex_unlock(&registry_lock);
	pthread_join(t, NULL);
	return 0;
}
