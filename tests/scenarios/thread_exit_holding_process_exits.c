/*
 * Threads that end holding locks nobody then waits for: no problem for anyone, so
 * silent (the kernel reports every task that exits with a lock held; a program's
 * thread may, as OpenJDK's VM thread does while the VM shuts down). A trylock of
 * such a lock does not wait, nor does a read lock of an rwlock the ended thread
 * held for reading. A lock released by another thread after its holder ended (a
 * hand-off), or initialised again, is an ordinary lock again. The process then
 * exits, with exit(), while ended threads' locks are still held: silent too.
 * The same locks waited for are reported: tests/scenarios/thread_exit_holding_waited_for.c.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t left_held = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t handed_off = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t initialised_again = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t written = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t read_held = PTHREAD_RWLOCK_INITIALIZER;

static void *return_holding(void *lock)
{
	pthread_mutex_lock((pthread_mutex_t *)lock);
	return NULL;
}

static void *exit_writing(void *arg)
{
	pthread_rwlock_wrlock(&written);
	pthread_exit(arg);
}

static void *return_reading(void *arg)
{
	pthread_rwlock_rdlock(&read_held);
	return arg;
}

int main(void)
{
	struct timespec until;

	run_in_thread(return_holding, &left_held);
	run_in_thread(exit_writing, NULL);
	run_in_thread(return_reading, NULL);
	EXPECT_RET(pthread_mutex_trylock(&left_held), EBUSY);
	EXPECT_RET(pthread_rwlock_tryrdlock(&written), EBUSY);
	EXPECT_RET(pthread_rwlock_rdlock(&read_held), 0);
	EXPECT_RET(pthread_rwlock_unlock(&read_held), 0);

	run_in_thread(return_holding, &handed_off);
	EXPECT_RET(pthread_mutex_unlock(&handed_off), 0);
	until = after_ms(1000);
	EXPECT_RET(pthread_mutex_timedlock(&handed_off, &until), 0);
	EXPECT_RET(pthread_mutex_unlock(&handed_off), 0);

	run_in_thread(return_holding, &initialised_again);
	EXPECT_RET(pthread_mutex_init(&initialised_again, NULL), 0);
	until = after_ms(1000);
	EXPECT_RET(pthread_mutex_timedlock(&initialised_again, &until), 0);
	EXPECT_RET(pthread_mutex_unlock(&initialised_again), 0);
	exit(0);
}
