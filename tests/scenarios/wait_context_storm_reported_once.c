/*
 * The same invalid wait context (a mutex taken under a spin lock) hit 100,000 times is
 * reported once; lockdep checks the wait context before its chain cache, so nothing
 * but liblockdep's own memory of the problem stops the repeats. Another mutex under
 * the same spin lock is another problem, reported once too.
 *
 * Expect: \[ BUG: Invalid wait context \]
 * Expect: \[ BUG: Invalid wait context \]
 * Names: spinlock@main sleeping other_sleeping
 */
#include "scenario.h"

static pthread_mutex_t sleeping = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other_sleeping = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_spinlock_t spin;

	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	for (int i = 0; i < 100000; i++) {
		pthread_spin_lock(&spin);
		pthread_mutex_lock(&sleeping);
		pthread_mutex_unlock(&sleeping);
		if (i % 1000 == 0) {
			pthread_mutex_lock(&other_sleeping);
			pthread_mutex_unlock(&other_sleeping);
		}
		pthread_spin_unlock(&spin);
	}
	pthread_spin_destroy(&spin);
	return 0;
}
