/*
 * Every wrapper returns exactly what pthread returns and leaves errno as it was,
 * on the fast path, on a thread's first call, on first sight of a lock, and while
 * printing a report.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

/* errno must survive the call exactly. */
#define KEEPS_ERRNO(call, want) do {					\
	errno = 4242;							\
	EXPECT_RET(call, want);						\
	if (errno != 4242) {						\
		fprintf(stderr, "scenario: %s changed errno to %d\n", #call, errno); \
		exit(4);						\
	}								\
} while (0)

static void *first_calls_of_a_thread(void *arg)
{
	KEEPS_ERRNO(pthread_mutex_lock(&lock_a), 0);
	KEEPS_ERRNO(pthread_mutex_lock(&lock_b), 0);
	KEEPS_ERRNO(pthread_mutex_unlock(&lock_b), 0);
	KEEPS_ERRNO(pthread_mutex_unlock(&lock_a), 0);
	return arg;
}

int main(void)
{
	pthread_mutex_t m;

	run_in_thread(first_calls_of_a_thread, NULL);
	KEEPS_ERRNO(pthread_mutex_init(&m, NULL), 0);
	KEEPS_ERRNO(pthread_mutex_lock(&m), 0);
	KEEPS_ERRNO(pthread_mutex_trylock(&m), EBUSY);
	KEEPS_ERRNO(pthread_mutex_unlock(&m), 0);
	KEEPS_ERRNO(pthread_mutex_destroy(&m), 0);

	KEEPS_ERRNO(pthread_rwlock_rdlock(&rw), 0);
	KEEPS_ERRNO(pthread_rwlock_trywrlock(&rw), EBUSY);
	KEEPS_ERRNO(pthread_rwlock_unlock(&rw), 0);
	KEEPS_ERRNO(pthread_rwlock_wrlock(&rw), 0);
	KEEPS_ERRNO(pthread_rwlock_tryrdlock(&rw), EBUSY);
	KEEPS_ERRNO(pthread_rwlock_unlock(&rw), 0);

	/* The report is printed inside this call. */
	KEEPS_ERRNO(pthread_mutex_lock(&lock_b), 0);
	KEEPS_ERRNO(pthread_mutex_lock(&lock_a), 0);
	KEEPS_ERRNO(pthread_mutex_unlock(&lock_a), 0);
	KEEPS_ERRNO(pthread_mutex_unlock(&lock_b), 0);
	return 0;
}
