/*
 * After 128 mutexes of one class held at once, past lockdep's depth limit
 * (lock_all_under_grow_lock.c), validation is still on: an AB-BA between one of them
 * and another lock is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: other locks[0]
 */
#include "lock_all.h"

static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	INIT_ALL(NULL);
	lock_all_under(&grow_lock);
	nest(&locks[100], &other);
	nest(&other, &locks[3]);
	return 0;
}
