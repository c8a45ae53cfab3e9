/*
 * A lock initialised again while the calling thread holds it (the kernel's
 * locking-selftest "init held"): the lock's state is overwritten under its holder.
 * Each kind of lock is reported once, however often it happens, and checking goes
 * on: an inversion afterwards is still reported.
 *
 * Expect: WARNING: held lock re-initialized!
 * Expect: WARNING: held lock re-initialized!
 * Expect: WARNING: held lock re-initialized!
 * Expect: WARNING: held lock re-initialized!
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@main* rwlock@main* spinlock@main* mutex@main* lock_a lock_b
 */
#include "scenario.h"
#include <threads.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t mutex;
	pthread_rwlock_t rwlock;
	pthread_spinlock_t spin;
	mtx_t mtx;

	EXPECT_RET(pthread_mutex_init(&mutex, NULL), 0);
	EXPECT_RET(pthread_rwlock_init(&rwlock, NULL), 0);
	EXPECT_RET(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), 0);
	EXPECT_RET(mtx_init(&mtx, mtx_plain), thrd_success);
	for (int i = 0; i < 2; i++) {
		EXPECT_RET(pthread_mutex_lock(&mutex), 0);
		EXPECT_RET(pthread_mutex_init(&mutex, NULL), 0);
		EXPECT_RET(pthread_rwlock_wrlock(&rwlock), 0);
		EXPECT_RET(pthread_rwlock_init(&rwlock, NULL), 0);
		EXPECT_RET(pthread_spin_lock(&spin), 0);
		EXPECT_RET(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), 0);
		EXPECT_RET(mtx_lock(&mtx), thrd_success);
		EXPECT_RET(mtx_init(&mtx, mtx_plain), thrd_success);
	}
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	pthread_mutex_destroy(&mutex);
	pthread_rwlock_destroy(&rwlock);
	pthread_spin_destroy(&spin);
	mtx_destroy(&mtx);
	return 0;
}
