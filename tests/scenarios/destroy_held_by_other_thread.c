/*
 * A thread destroys a mutex another thread holds (EBUSY, undefined behaviour), then
 * uses a new lock: one report, at the destroyer, naming the lock and its holder. The
 * holder's state is left as it was (the lock keeps its entry, not handed to the new
 * lock): its unlock afterwards and its exit are silent.
 *
 * Expect: WARNING: destroying a lock held by another thread!
 * Names: shared_lock
 */
#include "scenario.h"
#include <errno.h>
#include <semaphore.h>

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t new_lock = PTHREAD_MUTEX_INITIALIZER;
static sem_t locked, destroyed;

static void *holder(void *arg)
{
	EXPECT_RET(pthread_mutex_lock(&shared_lock), 0);
	sem_post(&locked);
	sem_wait(&destroyed);
	EXPECT_RET(pthread_mutex_unlock(&shared_lock), 0);
	return arg;
}

int main(void)
{
	pthread_t t;

	sem_init(&locked, 0, 0);
	sem_init(&destroyed, 0, 0);
	pthread_create(&t, NULL, holder, NULL);
	sem_wait(&locked);
	EXPECT_RET(pthread_mutex_destroy(&shared_lock), EBUSY);
	EXPECT_RET(pthread_mutex_lock(&new_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&new_lock), 0);
	sem_post(&destroyed);
	pthread_join(t, NULL);
	return 0;
}
