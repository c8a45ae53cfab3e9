/*
 * A mutex made on the heap under the master and published under another lock (the
 * registry) before its maker first locks it, holding the master as when it made
 * it: a thread that looks it up in the registry can hold it by then, and takes the
 * master inside it. The maker's first acquisition could wait for that thread, which
 * waits for the master: reported (it was silent while first use looked only at the
 * locks held, the same before and after the registry's).
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: master mutex@main
 */
#include "scenario.h"

static pthread_mutex_t master = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *registry;

static void *user(void *arg)
{
	pthread_mutex_t *session;

	pthread_mutex_lock(&registry_lock);
	session = registry;
	pthread_mutex_unlock(&registry_lock);
	nest(session, &master);
	return arg;
}

int main(void)
{
	pthread_mutex_t *session = malloc(sizeof(*session));

	if (!session)
		return 2;
	pthread_mutex_lock(&master);
	pthread_mutex_init(session, NULL);
	pthread_mutex_lock(&registry_lock);
	registry = session;
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_lock(session);
	pthread_mutex_unlock(session);
	pthread_mutex_unlock(&master);
	run_in_thread(user, NULL);
	pthread_mutex_destroy(session);
	free(session);
	return 0;
}
