/*
 * A rule silences the cycle whose classes it names, and only that one: a -> b -> a
 * is suppressed, its dependency b -> a stays in the graph, and b -> a -> c -> b,
 * which no rule names, is reported (cycle_through_reported_dependency.c without
 * the rule).
 *
 * Rules: suppress circular class=a class=b
 * Expect: WARNING: possible circular locking dependency detected
 * Names: a b c
 * Suppress: suppress circular class=b class=c class=a
 */
#include "scenario.h"

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t c = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	nest(&a, &b);
	nest(&b, &a);
	nest(&a, &c);
	nest(&c, &b);
	return 0;
}
