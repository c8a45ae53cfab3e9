/*
 * liblockdep_disable() / _enable() at run time: an inversion while disabled is not
 * seen; locks taken while disabled and released after enabling are no false "bad
 * unlock"; locks taken while enabled and released while disabled keep lockdep's view
 * balanced; and once enabled again an inversion is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_c lock_d
 */
#include "scenario.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER, lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER, lock_d = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
#ifdef LIBLOCKDEP
	if (!liblockdep_enabled())
		return 5;
#endif
	pthread_mutex_lock(&lock_c);		/* taken enabled, released disabled */
	liblockdep_disable();
	if (liblockdep_enabled())
		return 6;
	pthread_mutex_unlock(&lock_c);
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	pthread_mutex_lock(&lock_a);		/* taken disabled, released enabled */
	liblockdep_enable();
	pthread_mutex_unlock(&lock_a);
	nest(&lock_c, &lock_d);
	nest(&lock_d, &lock_c);
	return 0;
}
