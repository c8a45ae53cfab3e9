/*
 * Asynchronous cancellation lands anywhere, so also inside liblockdep while a thread
 * creates and destroys locks with classes of their own (a table entry, a class key
 * registered, a grace period). POSIX allows only three functions with asynchronous
 * cancellation on, so a thread killed half way through pthread_mutex_lock() may hold
 * the mutex for real; the threads here turn it on around init and destroy only, where
 * no lock is held, and lock and unlock each new lock with it off. Each round cancels
 * one such thread at a different moment; main's own new locks must go on working.
 *
 * Env: LIBLOCKDEP_CLASSES=instance
 * Expect: silent
 */
#include "scenario.h"
#include <time.h>
#include <unistd.h>

#define ROUNDS 40
#define LOCKS 8

/* A round's thread never reuses another round's locks: one killed half way through
 * pthread_mutex_init() leaves its lock unusable. */
static pthread_mutex_t locks[ROUNDS][LOCKS];

static void cancel_async(int on)
{
	pthread_setcanceltype(on ? PTHREAD_CANCEL_ASYNCHRONOUS : PTHREAD_CANCEL_DEFERRED, NULL);
}

static void *churn(void *arg)
{
	pthread_mutex_t *mine = arg;

	for (unsigned int i = 0;; i = (i + 1) % LOCKS) {
		cancel_async(1);
		pthread_mutex_init(&mine[i], NULL);
		cancel_async(0);
		pthread_mutex_lock(&mine[i]);
		pthread_mutex_unlock(&mine[i]);
		cancel_async(1);
		pthread_mutex_destroy(&mine[i]);
		cancel_async(0);
	}
	return NULL;
}

int main(void)
{
	alarm(20);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	for (int round = 0; round < ROUNDS; round++) {
		struct timespec delay = { 0, 1000000L + 250000L * round };
		pthread_t t;

		EXPECT_RET(pthread_create(&t, NULL, churn, locks[round]), 0);
		nanosleep(&delay, NULL);
		EXPECT_RET(pthread_cancel(t), 0);
		EXPECT_RET(pthread_join(t, NULL), 0);
		/* A new lock of main's own: liblockdep's table, graph and RCU in turn. */
		pthread_mutex_t after_join;

		pthread_mutex_init(&after_join, NULL);
		pthread_mutex_lock(&after_join);
		pthread_mutex_unlock(&after_join);
		pthread_mutex_destroy(&after_join);
	}
	return 0;
}
