/*
 * A C23 file, where "()" in a declaration means "(void)" and GCC 15's default: its
 * pthread calls are checked as a C17 file's are, so two locks taken in opposite
 * orders by two threads are reported.
 *
 * Cflags: -std=c2x
 * Expect: WARNING: possible circular locking dependency detected
 * Names: table_lock journal_lock
 */
#include "scenario.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t journal_lock = PTHREAD_RWLOCK_INITIALIZER;

static void *update([[maybe_unused]] void *arg)
{
	pthread_mutex_lock(&table_lock);
	pthread_rwlock_wrlock(&journal_lock);
	pthread_rwlock_unlock(&journal_lock);
	pthread_mutex_unlock(&table_lock);
	return NULL;
}

static void *replay([[maybe_unused]] void *arg)
{
	pthread_rwlock_wrlock(&journal_lock);
	pthread_mutex_lock(&table_lock);
	pthread_mutex_unlock(&table_lock);
	pthread_rwlock_unlock(&journal_lock);
	return NULL;
}

int main(void)
{
	run_in_thread(update, NULL);
	run_in_thread(replay, NULL);
	return 0;
}
