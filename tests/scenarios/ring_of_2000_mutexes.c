/*
 * A ring of 2,000 mutexes from one init loop, one class: thread i locks m[i], then
 * m[(i + 1) % 2000], one thread after another. A deadlock when the threads run
 * together: the instance graph finds the cycle of 2,000 locks when the last thread
 * closes it, and reports it once.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: ring[0]
 */
#include "scenario.h"

#define NR_LOCKS 2000

static pthread_mutex_t ring[NR_LOCKS];

/* The count comes from the caller, so the loop stays one call site: one class. */
static __attribute__((noinline)) void make_ring(pthread_mutex_t *locks, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
}

int main(int argc, char **argv)
{
	int n = NR_LOCKS + argc - 1;

	(void)argv;
	make_ring(ring, n);
	for (int i = 0; i < n; i++) {
		pthread_mutex_t *pair[2] = { &ring[i], &ring[(i + 1) % n] };

		run_in_thread(nest_pair, pair);
	}
	return 0;
}
