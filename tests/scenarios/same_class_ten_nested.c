/*
 * Ten mutexes of one class nested in ascending order (redis locks its
 * io_threads_mutex[1..N] so, N up to 128): silent, however many, as no subclass is
 * used up (lockdep has eight). The ninth and tenth taken the other way round later
 * are the bank transfer's deadlock, a cycle of two locks in the instance graph.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@make_locks
 */
#include "scenario.h"

#define NR_LOCKS 10

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	pthread_mutex_t locks[NR_LOCKS];

	(void)argv;
	make_locks(locks, argc + NR_LOCKS - 1);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < NR_LOCKS; i++)
			pthread_mutex_lock(&locks[i]);
		for (int i = NR_LOCKS - 1; i >= 0; i--)
			pthread_mutex_unlock(&locks[i]);
	}
	nest(&locks[9], &locks[8]);
	return 0;
}
