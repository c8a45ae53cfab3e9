/*
 * Two mutexes of one class nested, then gone, and two new ones at the same addresses
 * nested the other way round: other locks, no reverse pair, silent. Once destroyed
 * and initialised again in place; once freed without a destroy and allocated again
 * (glibc hands the same block back at once; the scenario fails if it does not).
 *
 * Expect: silent
 */
#include "scenario.h"

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	static pthread_mutex_t pair[2];
	pthread_mutex_t *heap, *again;

	(void)argv;
	make_locks(pair, argc + 1);
	nest(&pair[0], &pair[1]);
	for (int i = 0; i < 2; i++)
		EXPECT_RET(pthread_mutex_destroy(&pair[i]), 0);
	make_locks(pair, argc + 1);
	nest(&pair[1], &pair[0]);

	heap = malloc(2 * sizeof(*heap));
	if (!heap)
		return 2;
	make_locks(heap, argc + 1);
	nest(&heap[0], &heap[1]);
	free(heap);
	again = malloc(2 * sizeof(*again));
	if (again != heap)
		return 3;
	make_locks(again, argc + 1);
	nest(&again[1], &again[0]);
	free(again);
	return 0;
}
