/* A ring of mutexes of one class, made by one init call in a loop: thread i locks
 * m[i], then m[(i + 1) % n]. The threads run one after another, so nothing hangs;
 * the last closes the cycle. Shared by the ring_of_*_mutexes.c scenarios. */
#ifndef RING_H
#define RING_H
#include "scenario.h"

#define RING_MAX	20

static pthread_mutex_t ring[RING_MAX];

/* The count comes from the caller so the compiler cannot unroll the loop into
 * several call sites (each machine-code call site is a class of its own). */
static __attribute__((noinline)) void make_ring(pthread_mutex_t *locks, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
}

static inline void run_ring(int n)
{
	make_ring(ring, n);
	for (int i = 0; i < n; i++) {
		pthread_mutex_t *pair[2] = { &ring[i], &ring[(i + 1) % n] };

		run_in_thread(nest_pair, pair);
	}
}
#endif
