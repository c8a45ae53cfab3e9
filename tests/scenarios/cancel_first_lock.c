/*
 * A thread with a cancellation pending takes a lock liblockdep has never seen: the
 * lock's first sight reads symbols (open, pread: cancellation points) under
 * liblockdep's table lock. The cancellation must wait for the thread's own next
 * cancellation point, and the other threads go on locking.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t first_sight = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t after_join = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t cancel_sent;

static void *lock_when_cancelled(void *arg)
{
	pthread_barrier_wait(&cancel_sent);
	pthread_mutex_lock(&first_sight);
	pthread_mutex_unlock(&first_sight);
	pthread_testcancel();
	return arg;
}

int main(void)
{
	pthread_t t;
	void *ret;

	alarm(10);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	pthread_barrier_init(&cancel_sent, NULL, 2);
	EXPECT_RET(pthread_create(&t, NULL, lock_when_cancelled, NULL), 0);
	EXPECT_RET(pthread_cancel(t), 0);
	pthread_barrier_wait(&cancel_sent);
	EXPECT_RET(pthread_join(t, &ret), 0);
	if (ret != PTHREAD_CANCELED) {
		fprintf(stderr, "scenario: the cancellation never acted\n");
		return 3;
	}
	pthread_mutex_lock(&after_join);
	pthread_mutex_unlock(&after_join);
	return 0;
}
