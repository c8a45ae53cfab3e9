/*
 * cycle_through_reported_dependency.c at ten times its size: after a -> b -> a is
 * reported, a cycle of 30 locks through its dependency b -> a.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: a b c[0] c[27]
 */
#include "scenario.h"

#define CHAIN 28
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t c[CHAIN] = { [0 ... CHAIN - 1] = PTHREAD_MUTEX_INITIALIZER };

int main(void)
{
	nest(&a, &b);
	nest(&b, &a);
	nest(&a, &c[0]);
	for (int i = 0; i + 1 < CHAIN; i++)
		nest(&c[i], &c[i + 1]);
	nest(&c[CHAIN - 1], &b);
	return 0;
}
