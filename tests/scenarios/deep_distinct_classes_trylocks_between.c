/*
 * chain[0] to chain[29] held, then under_tries, then TRIES (40) mutexes taken by
 * trylock, each of a class of its own, then after_tries: the outermost are set aside
 * past lockdep's records (src/merged_locks.c), under_tries and the first tried among
 * them. Lockdep gives a lock dependencies on every lock tried above the first one not
 * tried, and on that one: after_tries depends on under_tries and on each of tries[].
 * Two other threads take after_tries and inside it under_tries, then tries[0]: both
 * inversions are reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: under_tries after_tries tries[0]
 */
#ifndef TRIES
#define TRIES 40
#endif
#include "trylocks_between.h"

static void *inverted(void *arg)
{
	nest(&after_tries, arg);
	return NULL;
}

int main(void)
{
	nest_after_tries();
	run_in_thread(inverted, &under_tries);
	run_in_thread(inverted, &tries[0]);
	return 0;
}
