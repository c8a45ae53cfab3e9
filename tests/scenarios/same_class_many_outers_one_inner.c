/*
 * One lock taken inside each of 16,389 others of its class, one after another, in
 * one order: correct, silent. Past four outers per lock, a fixed table of 16,384
 * pairs ran out here ("BUG: MAX_NESTED_PAIRS too low!", then a false recursive
 * locking); the instance graph has no such table.
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_OUTER (4 + 16384 + 1)

static pthread_mutex_t locks[NR_OUTER + 1];

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	(void)argv;
	make_locks(locks, argc + NR_OUTER);
	for (int i = 0; i < NR_OUTER; i++)
		nest(&locks[i], &locks[NR_OUTER]);
	return 0;
}
