/*
 * A thread holds queue_mutex, then takes stats_lock, then waits on queue_mutex: the
 * wait returns only after retaking queue_mutex *under* stats_lock, the reverse of the
 * order it took them in. The re-acquisition after the wait is validated afresh.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: queue_mutex stats_lock
 */
#include "scenario.h"
#include <errno.h>
#include <time.h>

static pthread_mutex_t queue_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER;

int main(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	pthread_mutex_lock(&queue_mutex);
	pthread_mutex_lock(&stats_lock);
	EXPECT_RET(pthread_cond_clockwait(&queue_cond, &queue_mutex, CLOCK_MONOTONIC, &ts), ETIMEDOUT);
	pthread_mutex_unlock(&stats_lock);
	pthread_mutex_unlock(&queue_mutex);
	return 0;
}
