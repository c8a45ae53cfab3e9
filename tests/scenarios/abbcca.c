/*
 * Three threads, each consistent on its own: A->B, B->C, C->A. Together a cycle of
 * three, found when the last edge closes it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b lock_c
 */
#include "scenario.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t *ab[] = { &lock_a, &lock_b };
	pthread_mutex_t *bc[] = { &lock_b, &lock_c };
	pthread_mutex_t *ca[] = { &lock_c, &lock_a };

	run_in_thread(nest_pair, ab);
	run_in_thread(nest_pair, bc);
	run_in_thread(nest_pair, ca);
	return 0;
}
