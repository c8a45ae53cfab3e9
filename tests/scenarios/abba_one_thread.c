/*
 * One thread takes lock_a then lock_b, later lock_b then lock_a: the classic AB-BA
 * inversion, reported even though a single thread can never deadlock on it alone.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&lock_a);
	pthread_mutex_lock(&lock_b);
	pthread_mutex_unlock(&lock_b);
	pthread_mutex_unlock(&lock_a);

	pthread_mutex_lock(&lock_b);
	pthread_mutex_lock(&lock_a);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_b);
	return 0;
}
