/*
 * Erlang's runtime grows its fd table (erl_check_io.c grow_drv_ev_state()) holding
 * drv_ev_state.grow_lock and all 128 mutexes of a static array, one class: more than
 * lockdep's depth limit (63 held locks). As under the kernel's nest lock, the locks
 * past the limit count in the innermost held lock of their class
 * (src/merged_locks.c): silent, released in order, then in reverse order.
 *
 * Expect: silent
 */
#include "scenario.h"

#define LOCK_CNT 128
static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { pthread_mutex_t lck; char pad[64 - sizeof(pthread_mutex_t)]; } locks[LOCK_CNT];

int main(void)
{
	for (int i = 0; i < LOCK_CNT; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i].lck, NULL), 0);
	for (int round = 0; round < 2; round++) {
		EXPECT_RET(pthread_mutex_lock(&grow_lock), 0);
		for (int i = 0; i < LOCK_CNT; i++)
			EXPECT_RET(pthread_mutex_lock(&locks[i].lck), 0);
		for (int i = 0; i < LOCK_CNT; i++)
			EXPECT_RET(pthread_mutex_unlock(&locks[round ? LOCK_CNT - 1 - i : i].lck), 0);
		EXPECT_RET(pthread_mutex_unlock(&grow_lock), 0);
	}
	return 0;
}
