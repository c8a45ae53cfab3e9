/*
 * A thread ends holding 70 locks of as many classes, the outermost set aside past
 * lockdep's depth limit (src/merged_locks.c); the main thread then waits for
 * chain[0], set aside, and for chain[69], in lockdep's records: each wait is for ever
 * (timed here), each is reported, as for any lock left held.
 *
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Names: chain[0] chain[69]
 */
#include "deep_distinct_classes.h"

static void *take_all(void *arg)
{
	deep_lock(0, DEEP_CNT);
	return arg;
}

int main(void)
{
	run_in_thread(take_all, NULL);
	wait_in_vain(&chain[0]);
	wait_in_vain(&chain[DEEP_CNT - 1]);
	return 0;
}
