/*
 * pigz's join_all(): each worker says under threads_lock that it is done, its last
 * use of the lock; the main thread waits for that under threads_lock and joins the
 * worker still holding it. Correct: the worker needs threads_lock no more. Joins
 * are validated only with LIBLOCKDEP_JOINS=1 (src/thread_join.c), because from lock
 * events this is the lucky run of join_holding_needed_lock.c. Silent.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t worker_done = PTHREAD_COND_INITIALIZER;
static int done;

static void *compress_block(void *arg)
{
	pthread_mutex_lock(&threads_lock);
	done = 1;
	pthread_cond_signal(&worker_done);
	pthread_mutex_unlock(&threads_lock);
	return arg;
}

int main(void)
{
	pthread_t worker;

	EXPECT_RET(pthread_create(&worker, NULL, compress_block, NULL), 0);
	pthread_mutex_lock(&threads_lock);
	while (!done)
		pthread_cond_wait(&worker_done, &threads_lock);
	EXPECT_RET(pthread_join(worker, NULL), 0);
	pthread_mutex_unlock(&threads_lock);
	return 0;
}
