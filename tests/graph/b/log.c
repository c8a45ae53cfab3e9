/* One of the two log.c of tests/graph/two_logs.c: its own "static pthread_mutex_t lock". */
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void b_log_lock(void)
{
	pthread_mutex_lock(&lock);
}

void b_log_unlock(void)
{
	pthread_mutex_unlock(&lock);
}
