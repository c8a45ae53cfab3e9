/*
 * A thread with a cancellation pending takes two locks in the reverse of main's order:
 * the report is built (symbols read, then written: cancellation points) while the
 * cancellation waits. The report comes out whole, the thread is cancelled at its own
 * next cancellation point, and main goes on locking.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: outer_lock inner_lock
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t outer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t after_join = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t cancel_sent;

static void *reverse_when_cancelled(void *arg)
{
	pthread_barrier_wait(&cancel_sent);
	nest(&inner_lock, &outer_lock);
	pthread_testcancel();
	return arg;
}

int main(void)
{
	pthread_t t;
	void *ret;

	alarm(10);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	nest(&outer_lock, &inner_lock);
	pthread_barrier_init(&cancel_sent, NULL, 2);
	EXPECT_RET(pthread_create(&t, NULL, reverse_when_cancelled, NULL), 0);
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
