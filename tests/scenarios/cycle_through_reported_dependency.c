/*
 * A cycle through the dependency of a cycle reported before: after a -> b -> a, the
 * dependency b -> a is in the graph all the same (the kernel leaves it out, as it
 * stops at its first report), so b -> a -> c -> b is found, a problem of its own
 * (three classes), not a repeat of the first: once per problem still reports it.
 * ThreadSanitizer and Helgrind report both.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: a b c
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
