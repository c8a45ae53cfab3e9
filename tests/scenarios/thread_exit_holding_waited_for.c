/*
 * Threads end holding locks, and another thread waits for each: it would wait for
 * ever (timed waits here, so that the scenario ends). Each is reported when the wait
 * begins, with the kernel's headline naming the thread that ended: a mutex; an
 * rwlock held for writing, waited for by a reader; an rwlock held for reading, which
 * a reader takes unhindered and a writer then waits for; and a mutex whose waiter
 * was already waiting as its holder ended (reported at the end, or at the wait,
 * whichever comes last). The same ends with no waiter are silent:
 * tests/scenarios/thread_exit_holding_process_exits.c.
 *
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Names: mutex_left rwlock_written rwlock_read mutex_awaited
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t mutex_left = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rwlock_written = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t rwlock_read = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t mutex_awaited = PTHREAD_MUTEX_INITIALIZER;
static volatile int waiting;

static void *return_holding(void *arg)
{
	pthread_mutex_lock(&mutex_left);
	pthread_rwlock_wrlock(&rwlock_written);
	pthread_rwlock_rdlock(&rwlock_read);
	return arg;
}

static void *hold_until_waited_for(void *arg)
{
	pthread_mutex_lock(&mutex_awaited);
	while (!waiting)
		usleep(1000);
	usleep(50000);	/* the waiter is in its timed lock by now, most likely */
	return arg;
}

static void *wait_for_awaited(void *arg)
{
	struct timespec until = after_ms(300);

	waiting = 1;
	EXPECT_RET(pthread_mutex_timedlock(&mutex_awaited, &until), ETIMEDOUT);
	return arg;
}

int main(void)
{
	struct timespec until;
	pthread_t holder, waiter;

	run_in_thread(return_holding, NULL);
	wait_in_vain(&mutex_left);
	until = after_ms(10);
	EXPECT_RET(pthread_rwlock_timedrdlock(&rwlock_written, &until), ETIMEDOUT);
	EXPECT_RET(pthread_rwlock_rdlock(&rwlock_read), 0);
	EXPECT_RET(pthread_rwlock_unlock(&rwlock_read), 0);
	until = after_ms(10);
	EXPECT_RET(pthread_rwlock_timedwrlock(&rwlock_read, &until), ETIMEDOUT);

	pthread_create(&holder, NULL, hold_until_waited_for, NULL);
	while (pthread_mutex_trylock(&mutex_awaited) == 0) {
		pthread_mutex_unlock(&mutex_awaited);
		usleep(1000);
	}
	pthread_create(&waiter, NULL, wait_for_awaited, NULL);
	pthread_join(holder, NULL);
	pthread_join(waiter, NULL);
	return 0;
}
