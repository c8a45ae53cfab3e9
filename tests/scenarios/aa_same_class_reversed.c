/*
 * Two mutexes of one class (one init call site) nested in one order many times, then
 * the same two the other way round: the bank transfer's deadlock, a cycle of two
 * locks of one class in the instance graph, reported as the circular locking
 * dependency it is (lockdep without instances calls any nesting of a class in
 * itself recursive locking). The first order, repeated, must not teach the fast
 * path a step that skips the check of the reverse pair (src/fast_path.c,
 * src/instance_nesting.c).
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@make_locks
 */
#include "scenario.h"

/* The count comes from the caller so the compiler cannot unroll the loop into
 * two call sites (each machine-code call site is a class of its own). */
static __attribute__((noinline)) void make_locks(pthread_mutex_t *locks, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
}

int main(int argc, char **argv)
{
	pthread_mutex_t pair[2];

	(void)argv;
	make_locks(pair, argc + 1);
	for (int i = 0; i < 1000; i++)
		nest(&pair[0], &pair[1]);
	nest(&pair[1], &pair[0]);
	return 0;
}
