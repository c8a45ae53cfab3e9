/*
 * Two mutexes initialised at one call site share a class; nesting one inside the
 * other without an annotation, always in one order, is correct: two instances of
 * one class are ordered by the instance graph (src/instance_nesting.c), not by
 * lockdep's recursion check. Only the same two nested the other way round would
 * deadlock (aa_same_class_reversed.c).
 *
 * Expect: silent
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
	pthread_mutex_lock(&pair[0]);
	pthread_mutex_lock(&pair[1]);
	pthread_mutex_unlock(&pair[1]);
	pthread_mutex_unlock(&pair[0]);
	return 0;
}
