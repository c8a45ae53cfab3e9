/*
 * deep_distinct_classes_then_abba.c at ten times the size: 700 locks of as many
 * classes held at once, silently, then the AB-BA between the last and the first.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[0] chain[699]
 */
#define DEEP_CNT 700
#include "deep_distinct_classes.h"

int main(void)
{
	deep_lock(0, DEEP_CNT);
	deep_unlock(0, DEEP_CNT);
	nest(&chain[699], &chain[0]);
	return 0;
}
