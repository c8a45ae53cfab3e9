/* One object linked into own_locks_a and own_locks_b (tests/graph/own_locks.h): its
 * static lock, its init sites in static functions and its static thread start
 * routine (lock_makers.h's, named as each program's own are) are one class in both
 * programs, so their orders, opposite in the two, make a deadlock across them. */
#include "lock_makers.h"

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

void shared_lock_take(void)
{
	pthread_mutex_lock(&shared_lock);
	pthread_mutex_unlock(&shared_lock);
}

void shared_lock_hold(void)
{
	pthread_mutex_lock(&shared_lock);
}

void shared_lock_drop(void)
{
	pthread_mutex_unlock(&shared_lock);
}

void shared_sites(bool reversed)
{
	take_made_locks(reversed);
}

void shared_thread(bool reversed)
{
	join_made_thread(reversed);
}
