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

static void *nest(void *arg)
{
	pthread_mutex_t **pair = arg;

	pthread_mutex_lock(pair[0]);
	pthread_mutex_lock(pair[1]);
	pthread_mutex_unlock(pair[1]);
	pthread_mutex_unlock(pair[0]);
	return NULL;
}

int main(void)
{
	pthread_mutex_t *ab[] = { &lock_a, &lock_b };
	pthread_mutex_t *bc[] = { &lock_b, &lock_c };
	pthread_mutex_t *ca[] = { &lock_c, &lock_a };

	run_in_thread(nest, ab);
	run_in_thread(nest, bc);
	run_in_thread(nest, ca);
	return 0;
}
