/*
 * A mutex made on the heap under the master and handed to a new thread before its
 * maker first locks it (under the master still): from its start the thread can hold
 * the mutex, and it takes the master inside it. The maker's first acquisition could
 * wait for that thread, which waits for the master: reported. The thread starts
 * between the two, so the first lock is not the maker's next call
 * (src/first_use.c). It waits for its turn on a flag, so the order of events is
 * always this one.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: master mutex@main
 */
#include "scenario.h"
#include <sched.h>

static pthread_mutex_t master = PTHREAD_MUTEX_INITIALIZER;
static int turn;

static void *user(void *session)
{
	while (!__atomic_load_n(&turn, __ATOMIC_ACQUIRE))
		sched_yield();
	nest(session, &master);
	return NULL;
}

int main(void)
{
	pthread_mutex_t *session = malloc(sizeof(*session));
	pthread_t t;

	if (!session)
		return 2;
	pthread_mutex_lock(&master);
	pthread_mutex_init(session, NULL);
	EXPECT_RET(pthread_create(&t, NULL, user, session), 0);
	pthread_mutex_lock(session);
	pthread_mutex_unlock(session);
	pthread_mutex_unlock(&master);
	__atomic_store_n(&turn, 1, __ATOMIC_RELEASE);
	EXPECT_RET(pthread_join(t, NULL), 0);
	pthread_mutex_destroy(session);
	free(session);
	return 0;
}
