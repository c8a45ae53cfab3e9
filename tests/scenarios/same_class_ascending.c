/*
 * Four mutexes made by one init call in a loop, one class, each thread taking all
 * of them in ascending order (redis's io_threads_mutex[i] with --io-threads 4), with
 * another lock inside: correct, silent. The instances are in order, one way only.
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_LOCKS 4

static pthread_mutex_t locks[NR_LOCKS];
static pthread_mutex_t stats = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

static void *lock_all(void *arg)
{
	for (int round = 0; round < 200; round++) {
		for (int i = 0; i < NR_LOCKS; i++)
			pthread_mutex_lock(&locks[i]);
		pthread_mutex_lock(&stats);
		pthread_mutex_unlock(&stats);
		for (int i = NR_LOCKS - 1; i >= 0; i--)
			pthread_mutex_unlock(&locks[i]);
	}
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t[2];

	(void)argv;
	make_locks(locks, argc + NR_LOCKS - 1);
	for (int i = 0; i < 2; i++)
		EXPECT_RET(pthread_create(&t[i], NULL, lock_all, NULL), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
