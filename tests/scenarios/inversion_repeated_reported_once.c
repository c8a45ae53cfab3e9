/*
 * The same inversion hit a million times is reported once; validation then goes on
 * and a second, different inversion gets its own report.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b lock_c lock_d
 */
#include "scenario.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_d = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	nest(&lock_a, &lock_b);
	for (int i = 0; i < 1000000; i++)
		nest(&lock_b, &lock_a);
	nest(&lock_c, &lock_d);
	nest(&lock_d, &lock_c);
	return 0;
}
