/*
 * A recursive mutex still orders against other locks: its outermost acquisition
 * taken in both orders with another lock is an inversion like any other.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: recursive_lock other_lock
 */
#include "scenario.h"

static pthread_mutex_t recursive_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t other_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&recursive_lock);
	pthread_mutex_lock(&recursive_lock);
	pthread_mutex_lock(&other_lock);
	pthread_mutex_unlock(&other_lock);
	pthread_mutex_unlock(&recursive_lock);
	pthread_mutex_unlock(&recursive_lock);

	pthread_mutex_lock(&other_lock);
	pthread_mutex_lock(&recursive_lock);
	pthread_mutex_unlock(&recursive_lock);
	pthread_mutex_unlock(&other_lock);
	return 0;
}
