/*
 * Correct: a timed lock that times out leaves nothing recorded. The thread holds
 * lock_b while its timedlock of lock_a (held by main) times out, then takes lock_c;
 * had the failed lock_a stayed "held", lock_a -> lock_c and main's lock_c -> lock_a
 * would be an inversion. Same for an rwlock and the clock variants. (Main lets
 * lock_a go before it joins: a join holding a lock the thread takes, with a timeout
 * or not, is validated as waiting for that lock, src/thread_join.c.)
 *
 * Expect: silent
 */
#include "scenario.h"
#include <errno.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static atomic_int timed_out;

static struct timespec in_ms(clockid_t clock, long ms)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	ts.tv_nsec += ms * 1000000;
	ts.tv_sec += ts.tv_nsec / 1000000000;
	ts.tv_nsec %= 1000000000;
	return ts;
}

static void *time_out(void *arg)
{
	struct timespec rt = in_ms(CLOCK_REALTIME, 20), mono = in_ms(CLOCK_MONOTONIC, 20);

	pthread_mutex_lock(&lock_b);
	EXPECT_RET(pthread_mutex_timedlock(&lock_a, &rt), ETIMEDOUT);
	EXPECT_RET(pthread_mutex_clocklock(&lock_a, CLOCK_MONOTONIC, &mono), ETIMEDOUT);
	EXPECT_RET(pthread_rwlock_timedrdlock(&rw, &rt), ETIMEDOUT);
	EXPECT_RET(pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, &mono), ETIMEDOUT);
	atomic_store(&timed_out, 1);
	pthread_mutex_lock(&lock_c);
	pthread_mutex_unlock(&lock_c);
	pthread_mutex_unlock(&lock_b);
	return arg;
}

int main(void)
{
	pthread_t t;

	pthread_mutex_lock(&lock_a);
	pthread_rwlock_wrlock(&rw);
	if (pthread_create(&t, NULL, time_out, NULL))
		return 2;
	while (!atomic_load(&timed_out))
		usleep(1000);
	pthread_rwlock_unlock(&rw);
	pthread_mutex_unlock(&lock_a);
	pthread_join(t, NULL);

	pthread_mutex_lock(&lock_c);
	pthread_mutex_lock(&lock_a);
	pthread_rwlock_rdlock(&rw);
	pthread_rwlock_unlock(&rw);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_c);
	return 0;
}
