/*
 * C11 threads: thrd_join() while holding a mutex the joined thread takes is the
 * same deadlock as with pthread_join(), reported before it could hang (the thread
 * took and dropped the lock first here); call_once() under a lock its routine never
 * takes, and thrd_detach(), are silent.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: cache_lock thread@refill<main
 * Env: LIBLOCKDEP_JOINS=1
 * Cflags: -std=c11
 */
#include <stdlib.h>
#include <threads.h>

static mtx_t cache_lock, stats_lock;
static once_flag setup_once = ONCE_FLAG_INIT;
static cnd_t dropped;
static int lock_dropped;

static void setup(void)
{
	mtx_lock(&stats_lock);
	mtx_unlock(&stats_lock);
}

static int refill(void *arg)
{
	mtx_lock(&cache_lock);
	lock_dropped = 1;
	cnd_signal(&dropped);
	mtx_unlock(&cache_lock);
	return arg != NULL;
}

static int idle(void *arg)
{
	return arg != NULL;
}

int main(void)
{
	thrd_t t;

	if (mtx_init(&cache_lock, mtx_plain) || mtx_init(&stats_lock, mtx_plain) ||
	    cnd_init(&dropped) || thrd_create(&t, refill, NULL) != thrd_success)
		return 2;
	mtx_lock(&cache_lock);
	while (!lock_dropped)
		cnd_wait(&dropped, &cache_lock);
	call_once(&setup_once, setup);
	thrd_join(t, NULL);
	mtx_unlock(&cache_lock);
	if (thrd_create(&t, idle, NULL) != thrd_success)
		return 2;
	thrd_detach(t);
	return 0;
}
