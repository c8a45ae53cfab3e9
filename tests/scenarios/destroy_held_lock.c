/*
 * Destroying a mutex while holding it: lockdep's "held lock freed".
 *
 * Expect: WARNING: held lock freed!
 * Names: mutex@main
 */
#include "scenario.h"

int main(void)
{
	pthread_mutex_t m;

	pthread_mutex_init(&m, NULL);
	pthread_mutex_lock(&m);
	pthread_mutex_destroy(&m);
	return 0;
}
