/*
 * chain[0] to chain[69] held at once, in order, each of a class of its own: the
 * first ones are set aside past lockdep's records (src/merged_locks.c), their
 * dependencies kept. Another thread then takes chain[5] and inside it chain[2], two
 * of those set aside: the inversion is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[2] chain[5]
 */
#include "deep_distinct_classes.h"

#ifndef INNER
#define INNER 5		/* set aside, as chain[2] is */
#endif

static void *inverted(void *arg)
{
	(void)arg;
	nest(&chain[INNER], &chain[2]);
	return NULL;
}

int main(void)
{
	deep_lock(0, DEEP_CNT);
	deep_unlock(0, DEEP_CNT);
	run_in_thread(inverted, NULL);
	return 0;
}
