/*
 * The other side of mutex_created_locked_under_master.c: only a new mutex's first
 * acquisition, by the thread that made it under the same locks, adds no order. The
 * same thread takes the master and then the mutex again later, an order that can
 * wait; another takes them the other way round: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: master session_mutex
 */
#include "scenario.h"

static pthread_mutex_t master = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t session_mutex;

static void *reverse(void *arg)
{
	nest(&session_mutex, &master);
	return arg;
}

int main(void)
{
	pthread_mutex_lock(&master);
	pthread_mutex_init(&session_mutex, NULL);
	pthread_mutex_lock(&session_mutex);	/* new: cannot wait */
	pthread_mutex_unlock(&session_mutex);
	pthread_mutex_unlock(&master);
	nest(&master, &session_mutex);		/* an order like any other */
	run_in_thread(reverse, NULL);
	return 0;
}
