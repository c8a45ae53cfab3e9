/*
 * Threads end holding locks, and another thread waits for each: it would wait for
 * ever (timed waits here, so that the scenario ends). Each is reported when the wait
 * begins, with the kernel's headline naming the thread that ended: a mutex; an
 * rwlock held for writing, waited for by a reader; an rwlock held for reading, which
 * a reader takes unhindered and a writer then waits for. The same ends with no
 * waiter are silent: tests/scenarios/thread_exit_holding_process_exits.c. (A thread
 * already waiting as the holder ends is not reported, src/ended_holders.c.)
 *
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Names: mutex_left rwlock_written rwlock_read
 */
#include "scenario.h"

static pthread_mutex_t mutex_left = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rwlock_written = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t rwlock_read = PTHREAD_RWLOCK_INITIALIZER;

static void *return_holding(void *arg)
{
	pthread_mutex_lock(&mutex_left);
	pthread_rwlock_wrlock(&rwlock_written);
	pthread_rwlock_rdlock(&rwlock_read);
	return arg;
}

int main(void)
{
	struct timespec until;

	run_in_thread(return_holding, NULL);
	wait_in_vain(&mutex_left);
	until = after_ms(10);
	EXPECT_RET(pthread_rwlock_timedrdlock(&rwlock_written, &until), ETIMEDOUT);
	EXPECT_RET(pthread_rwlock_rdlock(&rwlock_read), 0);
	EXPECT_RET(pthread_rwlock_unlock(&rwlock_read), 0);
	until = after_ms(10);
	EXPECT_RET(pthread_rwlock_timedwrlock(&rwlock_read, &until), ETIMEDOUT);
	return 0;
}
