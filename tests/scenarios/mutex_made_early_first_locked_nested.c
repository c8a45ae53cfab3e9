/*
 * The other side of mutex_created_locked_under_master.c: a mutex made with nothing
 * held, and first locked by its maker later under another lock. Between the two,
 * other threads could reach it: the first acquisition is an order like any other.
 * Another thread takes the two the other way round: reported.
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
	pthread_mutex_init(&session_mutex, NULL);
	nest(&master, &session_mutex);		/* its first acquisition */
	run_in_thread(reverse, NULL);
	return 0;
}
