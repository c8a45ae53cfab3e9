/*
 * A lock of another class taken while 128 of one class are held, past lockdep's
 * depth limit (src/merged_locks.c): validated as any, no capacity end (a correct
 * program may hold any number of locks). Its dependency on the class is kept, so
 * taking them the other way round later is reported; and checking stays on for an
 * AB-BA after it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0] other x y
 */
#include "lock_all.h"

static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t x = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t y = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	INIT_ALL(NULL);
	EXPECT_RET(pthread_mutex_lock(&grow_lock), 0);
	lock_range(0, LOCK_CNT);
	EXPECT_RET(pthread_mutex_lock(&other), 0);
	EXPECT_RET(pthread_mutex_unlock(&other), 0);
	unlock_all_up();
	EXPECT_RET(pthread_mutex_unlock(&grow_lock), 0);

	nest(&other, &locks[3]);
	nest(&x, &y);
	nest(&y, &x);
	return 0;
}
