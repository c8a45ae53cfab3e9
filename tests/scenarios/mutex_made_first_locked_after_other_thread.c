/*
 * The other side of mutex_created_locked_under_master.c: a mutex made under the
 * master, handed to another thread that locks it, and only then locked by its maker
 * under the master again. Its first acquisition by its maker is not its first use:
 * the other thread may hold it, and the maker would wait holding the master. With
 * the other thread taking the master inside the mutex: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: master session_mutex
 */
#include "scenario.h"

static pthread_mutex_t master = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t session_mutex;

static void *user(void *arg)
{
	pthread_mutex_lock(&session_mutex);
	pthread_mutex_unlock(&session_mutex);
	return arg;
}

static void *reverse(void *arg)
{
	nest(&session_mutex, &master);
	return arg;
}

int main(void)
{
	pthread_mutex_lock(&master);
	pthread_mutex_init(&session_mutex, NULL);
	pthread_mutex_unlock(&master);
	run_in_thread(user, NULL);
	nest(&master, &session_mutex);		/* the maker's first, not the first use */
	run_in_thread(reverse, NULL);
	return 0;
}
