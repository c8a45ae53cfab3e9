/*
 * Timed and clock variants are validated before they block, like plain locks: each
 * closes an inversion here (a mutex timedlock and clocklock, an rwlock timedwrlock
 * and clockrdlock against a writer). The rwlock timedwrlock's dependency, rw_f ->
 * rw_e, stays in the graph after its report (src/kept_dependencies.c): the read of
 * rw_f under rw_e below is a deadlock through it (its writer holds rw_f and waits
 * for rw_e), reported too, before the clockrdlock's.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b lock_c lock_d rw_e rw_f
 */
#include "scenario.h"
#include <time.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER, lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER, lock_d = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw_e = PTHREAD_RWLOCK_INITIALIZER, rw_f = PTHREAD_RWLOCK_INITIALIZER;

static struct timespec soon(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	ts.tv_sec += 5;
	return ts;
}

int main(void)
{
	struct timespec rt = soon(CLOCK_REALTIME), mono = soon(CLOCK_MONOTONIC);

	pthread_mutex_lock(&lock_a);
	pthread_mutex_lock(&lock_b);
	pthread_mutex_unlock(&lock_b);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_lock(&lock_b);
	EXPECT_RET(pthread_mutex_timedlock(&lock_a, &rt), 0);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_b);

	pthread_mutex_lock(&lock_c);
	pthread_mutex_lock(&lock_d);
	pthread_mutex_unlock(&lock_d);
	pthread_mutex_unlock(&lock_c);
	pthread_mutex_lock(&lock_d);
	EXPECT_RET(pthread_mutex_clocklock(&lock_c, CLOCK_MONOTONIC, &mono), 0);
	pthread_mutex_unlock(&lock_c);
	pthread_mutex_unlock(&lock_d);

	pthread_rwlock_wrlock(&rw_e);
	pthread_rwlock_wrlock(&rw_f);
	pthread_rwlock_unlock(&rw_f);
	pthread_rwlock_unlock(&rw_e);
	pthread_rwlock_wrlock(&rw_f);
	EXPECT_RET(pthread_rwlock_timedwrlock(&rw_e, &rt), 0);
	pthread_rwlock_unlock(&rw_e);
	pthread_rwlock_unlock(&rw_f);

	/* A read of rw_e under rw_f, where rw_e is taken for writing over rw_f: the
	 * reader can wait for the writer that holds rw_e and waits for rw_f. */
	pthread_rwlock_wrlock(&rw_e);
	pthread_rwlock_rdlock(&rw_f);
	pthread_rwlock_unlock(&rw_f);
	pthread_rwlock_unlock(&rw_e);
	pthread_rwlock_wrlock(&rw_f);
	EXPECT_RET(pthread_rwlock_clockrdlock(&rw_e, CLOCK_MONOTONIC, &mono), 0);
	pthread_rwlock_unlock(&rw_e);
	pthread_rwlock_unlock(&rw_f);
	return 0;
}
