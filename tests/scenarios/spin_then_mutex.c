/*
 * A mutex taken (a possible sleep) while a spin lock is held: the kernel's wait-type
 * check reports it as an invalid wait context.
 *
 * Expect: \[ BUG: Invalid wait context \]
 * Names: spinlock@main
 */
#include "scenario.h"

static pthread_mutex_t sleeping = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_spinlock_t spin;

	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_lock(&spin);
	pthread_mutex_lock(&sleeping);
	pthread_mutex_unlock(&sleeping);
	pthread_spin_unlock(&spin);
	pthread_spin_destroy(&spin);
	return 0;
}
