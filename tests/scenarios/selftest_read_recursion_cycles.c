/*
 * The kernel's locking selftests "rlock W1R2/W2R3/W3R1", "rlock W1W2/R2R3/W3R1",
 * "rlock W1W2/R2R3/R3W1" and "rlock W1R2/R2R3/W3W1" (lib/locking-selftest.c): three
 * rwlocks of glibc's default (recursive-read) kind in a cycle, each end of each edge
 * written (W) or read (R). A cycle deadlocks unless a reader's recursion lets it
 * through somewhere: the kernel's verdicts, which are ours:
 *   write X, read Y / write Y, read Z / write Z, read X      deadlock
 *   write X, write Y / read Y, read Z / write Z, read X      deadlock
 *   write X, write Y / read Y, read Z / read Z, write X      fine
 *   write X, read Y / read Y, read Z / write Z, write X      fine
 * Each cycle has three locks of its own.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: wr_x wr_y wr_z ww_x ww_y ww_z
 */
#include "scenario.h"

pthread_rwlock_t wr_x = PTHREAD_RWLOCK_INITIALIZER, wr_y = PTHREAD_RWLOCK_INITIALIZER,
	wr_z = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t ww_x = PTHREAD_RWLOCK_INITIALIZER, ww_y = PTHREAD_RWLOCK_INITIALIZER,
	ww_z = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t fine1_x = PTHREAD_RWLOCK_INITIALIZER, fine1_y = PTHREAD_RWLOCK_INITIALIZER,
	fine1_z = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t fine2_x = PTHREAD_RWLOCK_INITIALIZER, fine2_y = PTHREAD_RWLOCK_INITIALIZER,
	fine2_z = PTHREAD_RWLOCK_INITIALIZER;

static void take(pthread_rwlock_t *lock, char how)
{
	EXPECT_RET(how == 'W' ? pthread_rwlock_wrlock(lock) : pthread_rwlock_rdlock(lock), 0);
}

/* Outer then inner, each taken as how says ("WR": outer written, inner read). */
static void nest_rw(pthread_rwlock_t *outer, pthread_rwlock_t *inner, const char *how)
{
	take(outer, how[0]);
	take(inner, how[1]);
	EXPECT_RET(pthread_rwlock_unlock(inner), 0);
	EXPECT_RET(pthread_rwlock_unlock(outer), 0);
}

int main(void)
{
	nest_rw(&wr_x, &wr_y, "WR");
	nest_rw(&wr_y, &wr_z, "WR");
	nest_rw(&wr_z, &wr_x, "WR");

	nest_rw(&ww_x, &ww_y, "WW");
	nest_rw(&ww_y, &ww_z, "RR");
	nest_rw(&ww_z, &ww_x, "WR");

	nest_rw(&fine1_x, &fine1_y, "WW");
	nest_rw(&fine1_y, &fine1_z, "RR");
	nest_rw(&fine1_z, &fine1_x, "RW");

	nest_rw(&fine2_x, &fine2_y, "WR");
	nest_rw(&fine2_y, &fine2_z, "RR");
	nest_rw(&fine2_z, &fine2_x, "WW");
	return 0;
}
