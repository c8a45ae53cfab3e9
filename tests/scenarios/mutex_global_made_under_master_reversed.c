/*
 * The other side of mutex_created_locked_under_master.c for a lock in static
 * storage: session_mutex, a global, is initialised by a call under the master and
 * first locked under it by its maker; another thread takes the master inside it.
 * Any thread reaches a global by its name, before its first lock as after: the
 * maker's first acquisition could wait for the other thread, which waits for the
 * master. Reported (it was silent while first use spared any lock's maker).
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
	pthread_mutex_lock(&session_mutex);
	pthread_mutex_unlock(&session_mutex);
	pthread_mutex_unlock(&master);
	run_in_thread(reverse, NULL);
	return 0;
}
