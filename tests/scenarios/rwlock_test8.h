/* The locks of ThreadSanitizer's deadlock_detector_stress_test Test8 on
 * pthread_rwlock_t: five rwlocks, each allocated and made by one init call (one
 * class), of glibc's default kind or writer-preferring. Shared by the
 * rwlock_*_cycle_*.c scenarios. */
#ifndef RWLOCK_TEST8_H
#define RWLOCK_TEST8_H
#include "scenario.h"

static pthread_rwlock_t *locks[5];

static __attribute__((noinline)) pthread_rwlock_t *rwlock_new(const pthread_rwlockattr_t *attr)
{
	pthread_rwlock_t *rw = (pthread_rwlock_t *)malloc(sizeof(*rw));

	EXPECT_RET(pthread_rwlock_init(rw, attr), 0);
	return rw;
}

/* kind: PTHREAD_RWLOCK_PREFER_READER_NP (the default) or
 * PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP. */
static inline void make_locks(int kind)
{
	pthread_rwlockattr_t attr;

	pthread_rwlockattr_init(&attr);
	EXPECT_RET(pthread_rwlockattr_setkind_np(&attr, kind), 0);
	for (int i = 0; i < 5; i++)
		locks[i] = rwlock_new(&attr);
	pthread_rwlockattr_destroy(&attr);
}

#define RL(i)	EXPECT_RET(pthread_rwlock_rdlock(locks[i]), 0)
#define L(i)	EXPECT_RET(pthread_rwlock_wrlock(locks[i]), 0)
#define U(i)	EXPECT_RET(pthread_rwlock_unlock(locks[i]), 0)
#endif
