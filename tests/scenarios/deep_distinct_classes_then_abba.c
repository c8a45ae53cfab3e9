/*
 * Holding 70 locks at once, each of a class of its own, is correct: past lockdep's
 * 62 records the outermost are set aside (src/merged_locks.c), checking goes on, and
 * the dependencies are lockdep's, so taking chain[1] then chain[0] afterwards is the
 * AB-BA it is.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[0] chain[1]
 */
#include "deep_distinct_classes.h"

int main(void)
{
	deep_lock(0, DEEP_CNT);
	deep_unlock(0, DEEP_CNT);
	nest(&chain[1], &chain[0]);
	return 0;
}
