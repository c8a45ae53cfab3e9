/*
 * The lock kinds of the kernel's lib/locking-selftest.c matrix, in user space: one
 * column each, with locks A..D of its own (so each column's report names its own
 * classes), every lock a global named after its column and letter.
 *   spin  pthread_spinlock_t                  (the kernel's spinlock_t)
 *   wlock default rwlock, write-locked        (rwlock_t, write_lock)
 *   rlock default rwlock, read-locked         (rwlock_t, read_lock: recursive read)
 *   mutex pthread_mutex_t                     (struct mutex)
 *   wsem  writer-preferring non-recursive rwlock, write-locked (rw_semaphore, down_write)
 *   rsem  the same, read-locked               (rw_semaphore, down_read)
 * The shapes run in one thread, one after the other, as the kernel's do: nothing
 * waits, lockdep judges the order alone.
 */
#ifndef SELFTEST_H
#define SELFTEST_H
#include "scenario.h"

#define SELFTEST_LOCKS(col, type, init)					\
	type col##_A = init, col##_B = init, col##_C = init, col##_D = init;

SELFTEST_LOCKS(spin, pthread_spinlock_t, 0)
SELFTEST_LOCKS(wlock, pthread_rwlock_t, PTHREAD_RWLOCK_INITIALIZER)
SELFTEST_LOCKS(rlock, pthread_rwlock_t, PTHREAD_RWLOCK_INITIALIZER)
SELFTEST_LOCKS(mutex, pthread_mutex_t, PTHREAD_MUTEX_INITIALIZER)
SELFTEST_LOCKS(wsem, pthread_rwlock_t, PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP)
SELFTEST_LOCKS(rsem, pthread_rwlock_t, PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP)

/* The spin locks have no static initializer: one init call each, so one class each. */
static inline void selftest_init(void)
{
	pthread_spin_init(&spin_A, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_init(&spin_B, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_init(&spin_C, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_init(&spin_D, PTHREAD_PROCESS_PRIVATE);
}

#define L_spin(x)	EXPECT_RET(pthread_spin_lock(&spin_##x), 0)
#define U_spin(x)	EXPECT_RET(pthread_spin_unlock(&spin_##x), 0)
#define L_wlock(x)	EXPECT_RET(pthread_rwlock_wrlock(&wlock_##x), 0)
#define U_wlock(x)	EXPECT_RET(pthread_rwlock_unlock(&wlock_##x), 0)
#define L_rlock(x)	EXPECT_RET(pthread_rwlock_rdlock(&rlock_##x), 0)
#define U_rlock(x)	EXPECT_RET(pthread_rwlock_unlock(&rlock_##x), 0)
#define L_mutex(x)	EXPECT_RET(pthread_mutex_lock(&mutex_##x), 0)
#define U_mutex(x)	EXPECT_RET(pthread_mutex_unlock(&mutex_##x), 0)
#define L_wsem(x)	EXPECT_RET(pthread_rwlock_wrlock(&wsem_##x), 0)
#define U_wsem(x)	EXPECT_RET(pthread_rwlock_unlock(&wsem_##x), 0)
#define L_rsem(x)	EXPECT_RET(pthread_rwlock_rdlock(&rsem_##x), 0)
#define U_rsem(x)	EXPECT_RET(pthread_rwlock_unlock(&rsem_##x), 0)
/* An rlock or rsem column's lock taken for writing, for the read/write mixes. */
#define W_rlock(x)	EXPECT_RET(pthread_rwlock_wrlock(&rlock_##x), 0)
#define W_rsem(x)	EXPECT_RET(pthread_rwlock_wrlock(&rsem_##x), 0)

/* The kernel's LOCK_UNLOCK_2(x, y): x, then y inside it, both let go. */
#define LOCK_UNLOCK_2(col, x, y)	do {				\
	L_##col(x); L_##col(y); U_##col(y); U_##col(x);			\
} while (0)

/* A shape in every column, in the kernel's column order. */
#define SELFTEST_ALL_COLUMNS(shape)	do {				\
	selftest_init();						\
	shape(spin); shape(wlock); shape(rlock);			\
	shape(mutex); shape(wsem); shape(rsem);				\
} while (0)
#endif
